import { refundDefinition } from '@srm/contracts/refund';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { errorText } from '../../lib/http.ts';
import './i18n-refund.ts';
import { REFUND_HEADER, REFUND_REQUIRED, refundLineInfo } from './RefundNew.tsx';

/** #/v2/refund/edit?id=… — the buyer edits a return not yet sent. */
export default function RefundEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const detail = useDocumentDetail(refundDefinition, 'purchase', id);
  if (detail.isPending) return <Spin className="tab-loading" />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('document:detail.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{t('document:detail.reload')}</Button>}
      />
    );
  const { record } = detail.data;
  return (
    <DocumentForm
      def={refundDefinition}
      side="purchase"
      title={t('refund:edit.title', { number: record.refundNumber })}
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      headerFields={REFUND_HEADER}
      required={REFUND_REQUIRED}
      lineInfo={refundLineInfo(t, false)}
      lineFields={['returnQuantity', 'backReason']}
      extraBody={{ deliveryNoteId: record.deliveryNoteId }}
      onCancel={() => navigate(`/v2/refund/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/refund/detail?id=${id}`, { replace: true })}
    />
  );
}
