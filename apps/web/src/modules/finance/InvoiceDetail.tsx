import { invoiceDefinition } from '@srm/contracts/finance';
import { Alert, App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type DocDetail, exportDocumentLines, useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { printFinance } from './api.ts';
import './i18n-finance.ts';

/** The match, the buyer's reason and the ERP push of an invoice, above its fields. */
function InvoiceState({ detail }: { detail: DocDetail }) {
  const { t } = useTranslation();
  const r = detail.record;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const differing = detail.lines.filter((l) => l.matchFlag === '2');
  const tolerance = t('finance:invoice.toleranceUsed', {
    amount: text(r.toleranceAmount) || '—',
    percent: text(r.tolerancePercent) || '—',
  });
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      {r.matchStatus === '1' && (
        <Alert
          type="success"
          showIcon
          message={t('finance:invoice.matched', { amount: text(r.invoiceAmount) })}
          description={tolerance}
        />
      )}
      {r.matchStatus === '2' && (
        <Alert
          type="error"
          showIcon
          message={t('finance:invoice.mismatch', {
            difference: text(r.differenceAmount),
            expected: text(r.expectedAmount),
            invoiced: text(r.invoiceAmount),
          })}
          description={
            <>
              <ul className="invoice-differences">
                {differing.map((l) => (
                  <li key={l.id}>
                    {t('finance:invoice.lineDifference', {
                      line: text(l.reconItemNumber),
                      material: [text(l.materialNumber), text(l.materialDesc)].filter(Boolean).join(' '),
                      expected: text(l.expectedAmount),
                      invoiced: text(l.invoiceAmount),
                      difference: text(l.differenceAmount),
                    })}
                  </li>
                ))}
              </ul>
              {tolerance}
            </>
          }
        />
      )}
      {r.backReason ? (
        <Alert
          type="warning"
          showIcon
          message={t('finance:invoice.rejected', { reason: text(r.backReason) })}
        />
      ) : null}
      {r.invoiceStatus === '4' && r.erpPushStatus === 'S' && (
        <Alert
          type="success"
          showIcon
          message={t('finance:invoice.erpOk', { number: text(r.erpVoucherNumber) || '—' })}
        />
      )}
      {r.invoiceStatus === '4' && r.erpPushStatus === 'E' && (
        <Alert
          type="error"
          showIcon
          message={t('finance:invoice.erpFailed', { error: text(r.erpPushMessage) })}
        />
      )}
      {r.invoiceStatus === '4' && r.erpPushStatus === '0' && (
        <Alert type="info" showIcon message={t('finance:invoice.erpNone')} />
      )}
    </Space>
  );
}

/**
 * #/v2/invoice/detail?id=… — one invoice: the three-way match per line with its differences; the supplier
 * submits, corrects a rejected one (#/v2/invoice/new?id=) or cancels; the buyer accepts a matching
 * invoice, rejects with a reason, posts with a voucher number and sees the ERP push's result (and pushes
 * again after an error). Print (PDF); the scan or PDF of the invoice as an attachment.
 */
export default function InvoiceDetail() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const [printing, setPrinting] = useState(false);
  return (
    <DocumentDetail
      def={invoiceDefinition}
      side={side}
      id={id}
      onBack={() => navigate('/v2/invoice/list')}
      onEdit={(d) => navigate(`/v2/invoice/new?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/invoice/list')}
      lineFields={[
        'reconItemNumber',
        'itemType',
        'sourceNumber',
        'materialNumber',
        'materialDesc',
        'quantity',
        'price',
        'taxRate',
        'expectedAmount',
        'invoiceAmount',
        'differenceAmount',
        'matchFlag',
        'netAmount',
        'taxAmount',
        'orderNumber',
      ]}
      lineClassName={(line) => (line.matchFlag === '2' ? 'line-difference' : '')}
      extra={(d) => (
        <>
          <Button
            onClick={async () => {
              try {
                await exportDocumentLines(
                  invoiceDefinition,
                  side,
                  id,
                  String(d.record.invoiceSequence ?? ''),
                );
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
                await printFinance(invoiceDefinition, side, id, String(d.record.invoiceSequence ?? ''));
              } catch (e) {
                void message.error(errorText(e));
              } finally {
                setPrinting(false);
              }
            }}
          >
            {t('finance:invoice.print')}
          </Button>
        </>
      )}
    >
      {(d) => <InvoiceState detail={d} />}
    </DocumentDetail>
  );
}
