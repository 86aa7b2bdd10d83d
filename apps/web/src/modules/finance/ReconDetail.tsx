import { reconDefinition } from '@srm/contracts/finance';
import { reconToInvoice } from '@srm/contracts/finance-recon';
import { Alert, App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type DocDetail, exportDocumentLines, useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { printFinance } from './api.ts';
import './i18n-finance.ts';

/**
 * The posting's approval, the ERP push and the amount still to invoice of a confirmed or posted statement
 * (issue #32: "not invoiced" beside "posted" says what remains), above its fields (nothing when none applies).
 */
function ReconState({ detail }: { detail: DocDetail }) {
  const { t } = useTranslation();
  const r = detail.record;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const posted = r.checkStatus === '4';
  const toInvoice = reconToInvoice(r);
  const alerts = [
    toInvoice !== null && (
      <Alert
        key="toInvoice"
        type="info"
        showIcon
        message={t('finance:recon.toInvoice', {
          amount: toInvoice,
          total: text(r.totalAmount),
          invoiced: text(r.invoicedAmount) || '0.00',
        })}
      />
    ),
    r.checkStatus === '2' && r.postAuditStatus === '1' && (
      <Alert key="wait" type="info" showIcon message={t('finance:recon.postWaiting')} />
    ),
    r.checkStatus === '2' && r.postAuditStatus === '3' && (
      <Alert key="rejected" type="warning" showIcon message={t('finance:recon.postRejected')} />
    ),
    posted && r.erpPushStatus === 'P' && (
      <Alert key="pushing" type="info" showIcon message={t('finance:recon.erpPushing')} />
    ),
    posted && r.erpPushStatus === 'S' && (
      <Alert
        key="ok"
        type="success"
        showIcon
        message={t('finance:invoice.erpOk', { number: text(r.erpVoucherNumber) || '—' })}
      />
    ),
    posted && r.erpPushStatus === 'E' && (
      <Alert
        key="failed"
        type="error"
        showIcon
        message={t('finance:invoice.erpFailed', { error: text(r.erpPushMessage) })}
      />
    ),
    posted && r.erpPushStatus === '0' && (
      <Alert key="none" type="info" showIcon message={t('finance:invoice.erpNone')} />
    ),
  ].filter(Boolean);
  if (alerts.length === 0) return null;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      {alerts}
    </Space>
  );
}

/**
 * #/v2/recon/detail?id=… — one statement: the creating side sends, edits after a return (#/v2/recon/new?id=),
 * cancels; the counterpart confirms or returns it with a reason; the buyer posts a confirmed one with its
 * voucher number — under approval where the company configured it (task type "reconPost"), then pushed to
 * the ERP (the result shows above the fields; a failed push can be sent again). Print (PDF) and the
 * kernel's Excel export of its lines.
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
        <>
          <Button
            onClick={async () => {
              try {
                await exportDocumentLines(reconDefinition, side, id, String(d.record.reconNumber ?? ''));
              } catch (e) {
                void message.error(errorText(e));
              }
            }}
          >
            {t('finance:recon.exportLines')}
          </Button>
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
        </>
      )}
    >
      {(d) => <ReconState detail={d} />}
    </DocumentDetail>
  );
}
