import { reconDefinition } from '@srm/contracts/finance';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { printFinance } from './api.ts';
import './i18n-finance.ts';

/**
 * #/v2/recon/detail?id=… — one statement: the creating side sends, edits after a return (#/v2/recon/new?id=),
 * cancels; the counterpart confirms or returns it with a reason; the buyer posts a confirmed one with its
 * voucher number. Print (PDF) and the kernel's Excel export of its lines.
 */
export default function ReconDetail() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const [printing, setPrinting] = useState(false);
  return (
    <DocumentDetail
      def={reconDefinition}
      side={side}
      id={id}
      onBack={() => navigate('/v2/recon/list')}
      onEdit={(d) => navigate(`/v2/recon/new?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/recon/list')}
      extra={(d) => (
        <Button
          loading={printing}
          onClick={async () => {
            setPrinting(true);
            try {
              await printFinance(reconDefinition, side, id, String(d.record.reconNumber ?? ''));
            } catch (e) {
              void message.error(errorText(e));
            } finally {
              setPrinting(false);
            }
          }}
        >
          {t('finance:recon.print')}
        </Button>
      )}
    />
  );
}
