import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Input, Result, Space, Spin, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ArrowLeftOutlined } from '../../components/page-icons.tsx';
import { errorText } from '../../lib/http.ts';
import { BID_KEYS, type BidDetail, findBidDetail, quoteBid } from './bidding-api.ts';
import { canQuote, type LineValues, quoteProblems } from './bidding-rules.ts';
import { StatusTag } from './common.tsx';
import { formatAmount, lineMoney, totals, trimDecimal } from './rules.ts';
import './i18n-bidding.ts';

/** #/v2/order/bid?id=… — the supplier quotes the lines of a bid invitation (issue #5, "in bidding"). */
export default function BidQuotePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const detail = useQuery({
    queryKey: [...BID_KEYS.all, 'detail', id],
    queryFn: () => findBidDetail(id),
    enabled: Boolean(id),
  });
  if (!id) return <Result status="404" title={t('order:quote.noId')} />;
  if (detail.isPending) return <Spin className="tab-loading" />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('order:quote.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{t('order:actions.reload')}</Button>}
      />
    );
  // Keyed by version: a newer version (after quoting) starts the form from what was saved.
  return <QuoteView key={detail.data.bid.version} data={detail.data} reload={() => void detail.refetch()} />;
}

function QuoteView({ data, reload }: { data: BidDetail; reload: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { bid, order, items } = data;
  const [values, setValues] = useState<LineValues>(() =>
    Object.fromEntries(
      items.map((item) => {
        const quoted = bid.lines.find((l) => l.itemId === item.id);
        return [
          item.id,
          {
            price: quoted ? trimDecimal(quoted.priceExcludingTax) : '',
            taxRate: quoted ? trimDecimal(quoted.taxRate) : '13',
          },
        ];
      }),
    ),
  );
  const [remark, setRemark] = useState(bid.quoteRemark ?? '');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const editable = canQuote(bid) && order.orderStatus === '6';
  const ended = !['0', '1'].includes(bid.bidStatus) || order.orderStatus !== '6';
  const problems = quoteProblems(items, values);
  const money = items.map((item) => {
    const v = values[item.id];
    return v ? lineMoney(item.quantity, v.price, v.taxRate) : null;
  });
  const sum = money.every(Boolean) ? totals(money as NonNullable<(typeof money)[number]>[], '1') : null;
  const set = (itemId: string, patch: Partial<LineValues[string]>) =>
    setValues((prev) => ({ ...prev, [itemId]: { ...prev[itemId], ...patch } }));

  async function submit() {
    setTried(true);
    if (problems.length > 0) {
      void message.error(t(`order:quote.${problems[0].key}`, { line: problems[0].line }));
      return;
    }
    setSaving(true);
    try {
      await quoteBid(bid.id, {
        version: bid.version,
        lines: items.map((item) => ({
          itemId: item.id,
          priceExcludingTax: values[item.id].price.trim(),
          taxRate: values[item.id].taxRate.trim(),
        })),
        remark: remark.trim() || undefined,
      });
      void message.success(t('order:quote.done'));
    } catch (e) {
      void message.error(errorText(e), 5);
    } finally {
      setSaving(false);
      void client.invalidateQueries({ queryKey: BID_KEYS.all });
      reload();
    }
  }

  const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
  const problemAt = (line: number, key: 'priceRule' | 'taxRule') =>
    tried && problems.some((p) => p.line === line && p.key === key);
  /** The price or tax-rate input of a line, flagged when the last submit found it wrong. */
  const quoteInput = (item: { id: string; itemNumber: number }, field: 'price' | 'taxRate') => (
    <Input
      aria-label={t(field === 'price' ? 'order:quote.priceOfLine' : 'order:quote.taxOfLine', {
        line: item.itemNumber,
      })}
      value={values[item.id]?.[field] ?? ''}
      disabled={!editable}
      inputMode="decimal"
      status={problemAt(item.itemNumber, field === 'price' ? 'priceRule' : 'taxRule') ? 'error' : undefined}
      onChange={(e) => set(item.id, { [field]: e.target.value })}
    />
  );

  return (
    <div className="page-stack order-detail">
      <Card
        title={
          <Space wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('order:quote.back')}
              onClick={() => navigate('/v2/order/bids')}
            />
            <span>{t('order:quote.title')}</span>
            <span className="order-number">{order.orderNumber}</span>
            <StatusTag kind="bid" value={bid.bidStatus} />
          </Space>
        }
      >
        {ended ? (
          <Alert className="order-alert" type="info" showIcon message={t('order:quote.closed')} />
        ) : !editable ? (
          <Alert className="order-alert" type="warning" showIcon message={t('order:quote.deadlinePassed')} />
        ) : (
          <Alert className="order-alert" type="info" showIcon message={t('order:quote.sealedHint')} />
        )}
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={t('order:fields.orderNumber')}>{order.orderNumber}</Descriptions.Item>
          <Descriptions.Item label={t('order:quote.buyer')}>
            {order.buyerName} ({order.elsAccount})
          </Descriptions.Item>
          <Descriptions.Item label={t('order:quote.deadline')}>{time(bid.quoteEndTime)}</Descriptions.Item>
          <Descriptions.Item label={t('order:fields.currency')}>{order.currency}</Descriptions.Item>
          <Descriptions.Item label={t('order:fields.orderDate')}>{order.orderDate}</Descriptions.Item>
          <Descriptions.Item label={t('order:fields.deliveryAddress')}>
            {order.deliveryAddress || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.incoterms')}>
            {[order.incotermsCode, order.incotermsDesc].filter(Boolean).join(' ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.payTerms')}>
            {order.payTermsText || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:quote.invite')}>{bid.inviteRemark || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title={t('order:quote.lines')} size="small">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={items}
          columns={[
            { key: 'itemNumber', dataIndex: 'itemNumber', title: t('order:fields.itemNumber'), width: 70 },
            {
              key: 'material',
              title: t('order:fields.material'),
              render: (_, item) => `${item.materialNumber} ${item.materialDesc}`,
            },
            {
              key: 'quantity',
              title: t('order:fields.quantity'),
              align: 'right',
              render: (_, item) => `${trimDecimal(item.quantity)} ${item.unit}`,
            },
            { key: 'deliveryDate', dataIndex: 'deliveryDate', title: t('order:fields.deliveryDate') },
            {
              key: 'price',
              title: t('order:fields.priceExcl'),
              width: 170,
              render: (_, item) => quoteInput(item, 'price'),
            },
            {
              key: 'taxRate',
              title: t('order:bidding.cols.taxRate'),
              width: 100,
              render: (_, item) => quoteInput(item, 'taxRate'),
            },
            {
              key: 'lineAmount',
              title: t('order:fields.lineAmount'),
              align: 'right',
              render: (_, _item, i) => <span className="num">{formatAmount(money[i]?.amount)}</span>,
            },
          ]}
        />
        {tried && problems.length > 0 && (
          <Alert
            className="order-alert"
            type="error"
            showIcon
            message={problems.map((p) => (
              <div key={`${p.key}-${p.line}`}>{t(`order:quote.${p.key}`, { line: p.line })}</div>
            ))}
          />
        )}
        <div className="order-quote-footer">
          <strong className="num">
            {t('order:quote.total', { amount: formatAmount(sum?.incl ?? null), currency: order.currency })}
          </strong>
          <Input.TextArea
            aria-label={t('order:quote.remark')}
            placeholder={t('order:quote.remark')}
            rows={2}
            maxLength={500}
            value={remark}
            disabled={!editable}
            onChange={(e) => setRemark(e.target.value)}
          />
          {editable && (
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              {bid.bidStatus === '1' ? t('order:quote.update') : t('order:quote.submit')}
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}
