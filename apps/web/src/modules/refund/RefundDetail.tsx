import { refundDefinition } from '@srm/contracts/refund';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { printRefund } from './api.ts';
import './i18n-refund.ts';

/**
 * #/v2/refund/detail?id=… — one return (buyer: submit for approval, send, cancel, edit; supplier: confirm,
 * refuse with a remark). Opened by the approval to-do list too (`&taskId=`): then without actions.
 */
export default function RefundDetail() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const id = query.get('id') ?? '';
  const inAudit = query.has('taskId');
  const side = useDocumentSide();
  const navigate = useNavigate();
  const [printing, setPrinting] = useState(false);
  return (
    <DocumentDetail
      def={refundDefinition}
      side={side}
      id={id}
      onBack={inAudit ? undefined : () => navigate('/v2/refund/list')}
      onEdit={inAudit ? undefined : (d) => navigate(`/v2/refund/edit?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/refund/list')}
      hideActions={inAudit}
      extra={(d) => (
        <>
          {!inAudit && typeof d.record.deliveryNoteId === 'string' && (
            <Button onClick={() => navigate(`/v2/delivery/detail?id=${d.record.deliveryNoteId}`)}>
              {t('refund:detail.note')}
            </Button>
          )}
          <Button
            loading={printing}
            onClick={async () => {
              setPrinting(true);
              try {
                await printRefund(side, id, String(d.record.refundNumber ?? ''));
              } catch (e) {
                void message.error(errorText(e));
              } finally {
                setPrinting(false);
              }
            }}
          >
            {t('refund:detail.print')}
          </Button>
        </>
      )}
    />
  );
}
