import type { FeeSheetKind } from '@srm/contracts/finance';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { feeDefinition, printFinance } from './api.ts';
import './i18n-finance.ts';

/**
 * #/v2/{deductCost|addCost}/detail?id=… — one fee sheet: the raising side sends, edits after a return,
 * cancels; the other side confirms or returns it with a reason (the header's return reason).
 */
export default function FeeSheetDetail({ kind }: { kind: FeeSheetKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const [printing, setPrinting] = useState(false);
  const def = feeDefinition(kind);
  return (
    <DocumentDetail
      def={def}
      side={side}
      id={id}
      onBack={() => navigate(`/v2/${kind}/list`)}
      onEdit={(d) => navigate(`/v2/${kind}/edit?id=${d.record.id}`)}
      onDeleted={() => navigate(`/v2/${kind}/list`)}
      extra={(d) => (
        <>
          {typeof d.record.reconId === 'string' && (
            <Button onClick={() => navigate(`/v2/recon/detail?id=${d.record.reconId}`)}>
              {t('finance:fee.statement')}
            </Button>
          )}
          <Button
            loading={printing}
            onClick={async () => {
              setPrinting(true);
              try {
                await printFinance(def, side, id, String(d.record.costNumber ?? ''));
              } catch (e) {
                void message.error(errorText(e));
              } finally {
                setPrinting(false);
              }
            }}
          >
            {t('finance:fee.print')}
          </Button>
        </>
      )}
    />
  );
}
