import { refundDefinition } from '@srm/contracts/refund';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DocumentForm, type LineInfo } from '../../components/document/DocumentForm.tsx';
import { trimDecimal } from '../../components/document/definition.ts';
import { todayIso } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { findReturnableLines } from './api.ts';
import './i18n-refund.ts';

export const REFUND_HEADER = ['returnData', 'backReason', 'costType', 'deductType', 'remark'] as const;
export const REFUND_REQUIRED = ['returnData', 'backReason', 'costType', 'deductType'] as const;

/** Read-only columns of a returnable line. */
export function refundLineInfo(t: (key: string) => string, withReturnable: boolean): LineInfo[] {
  const num = (key: string) => (line: Record<string, unknown>) => (
    <span className="num">{trimDecimal(String(line[key] ?? '0'))}</span>
  );
  return [
    { key: 'orderNumber', title: t('refund:cols.orderNumber') },
    { key: 'itemNumber', title: t('refund:cols.itemNumber') },
    { key: 'materialNumber', title: t('refund:cols.materialNumber') },
    { key: 'materialDesc', title: t('refund:cols.materialDesc') },
    { key: 'unit', title: t('refund:cols.unit') },
    ...(withReturnable
      ? [
          { key: 'confirmQuantity', title: t('refund:cols.received'), render: num('confirmQuantity') },
          { key: 'returnedQuantity', title: t('refund:cols.returned'), render: num('returnedQuantity') },
          {
            key: 'returnableQuantity',
            title: t('refund:cols.returnable'),
            render: num('returnableQuantity'),
          },
        ]
      : []),
  ];
}

/**
 * #/v2/refund/new?deliveryNoteId=… — the buyer returns received goods of one delivery notice: back reason,
 * return date, cost and deduction type, and per line a quantity (> 0, ≤ what can still be returned).
 */
export default function RefundNew() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const deliveryNoteId = new URLSearchParams(search).get('deliveryNoteId') ?? '';
  const navigate = useNavigate();
  const source = useQuery({
    queryKey: ['refund-returnable', deliveryNoteId],
    queryFn: () => findReturnableLines(deliveryNoteId),
    enabled: Boolean(deliveryNoteId),
    gcTime: 0,
  });
  if (!deliveryNoteId) return <Result status="404" title={t('refund:new.noNote')} />;
  if (source.isPending) return <Spin className="tab-loading" />;
  if (source.isError)
    return (
      <Result
        status="warning"
        title={t('refund:new.loadFailed')}
        subTitle={errorText(source.error)}
        extra={<Button onClick={() => void source.refetch()}>{t('document:detail.reload')}</Button>}
      />
    );
  const { deliveryNote, lines } = source.data;
  const returnable = lines.filter((l) => trimDecimal(l.returnableQuantity) !== '0');
  if (returnable.length === 0)
    return (
      <Result
        status="info"
        title={t('refund:new.nothing')}
        extra={
          <Button onClick={() => navigate(`/v2/delivery/detail?id=${deliveryNoteId}`)}>
            {t('refund:detail.note')}
          </Button>
        }
      />
    );
  return (
    <DocumentForm
      def={refundDefinition}
      side="purchase"
      title={t('refund:new.title', { number: deliveryNote.deliveryNoteNumber })}
      initial={{
        deliveryNoteId,
        returnData: todayIso(),
        costType: '2',
        deductType: '2',
        lines: returnable.map((l) => ({ ...l, returnQuantity: trimDecimal(l.returnableQuantity) })),
      }}
      headerFields={REFUND_HEADER}
      required={REFUND_REQUIRED}
      lineInfo={refundLineInfo(t, true)}
      lineFields={['returnQuantity', 'backReason']}
      lineMax={{ returnQuantity: (line) => String(line.returnableQuantity ?? '') || undefined }}
      extraBody={{ deliveryNoteId }}
      onCancel={() => navigate(`/v2/delivery/detail?id=${deliveryNoteId}`)}
      onSaved={(record) => navigate(`/v2/refund/detail?id=${record.id}`, { replace: true })}
    />
  );
}
