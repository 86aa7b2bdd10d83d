import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { findSuppliers } from '../masterdata/api.ts';
import type { OrderHeader, OrderItem } from './api.ts';
import { awardBid, BID_KEYS, type Bid, cancelBidding, findBids } from './bidding-api.ts';
import { lowestBidId } from './bidding-rules.ts';
import { StatusTag } from './common.tsx';
import { MATERIAL_SEARCH_DELAY_MS, useDebounced } from './MaterialPicker.tsx';
import { formatAmount, trimDecimal } from './rules.ts';
import './i18n-bidding.ts';

type StartForm = { toElsAccounts: string[]; quoteEndTime: Dayjs | null; remark?: string };

/** The buyer's dialog that invites suppliers to quote the order's lines (startBidding). */
export function StartBiddingDialog({
  order,
  onCancel,
  onOk,
}: {
  order: OrderHeader;
  onCancel: () => void;
  onOk: (body: { toElsAccounts: string[]; quoteEndTime: string; remark?: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StartForm>();
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword, MATERIAL_SEARCH_DELAY_MS);
  const [saving, setSaving] = useState(false);
  // The buyer's supplier master (first 50 matching); the server checks each invitee is a linked supplier.
  const suppliers = useQuery({
    queryKey: ['md', 'suppliers', 'bidding', search],
    queryFn: () => findSuppliers({ keyword: search || undefined, currentPage: 1, pageSize: 50 }),
    staleTime: 30_000,
  });
  const options = useMemo(
    () =>
      (suppliers.data?.records ?? []).map((s) => ({
        value: s.toElsAccount,
        label: `${s.toElsAccount} · ${s.shortName || s.fullName}`,
      })),
    [suppliers.data],
  );
  const initial: StartForm = {
    toElsAccounts: [],
    quoteEndTime: dayjs().add(3, 'day').hour(17).minute(0).second(0).millisecond(0),
  };

  return (
    <Modal
      open
      title={t('order:bidding.start.title', { orderNumber: order.orderNumber })}
      okText={t('order:bidding.start.ok')}
      cancelText={t('order:actions.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<StartForm>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={async (values) => {
          setSaving(true);
          try {
            await onOk({
              toElsAccounts: values.toElsAccounts,
              quoteEndTime: (values.quoteEndTime as Dayjs).toISOString(),
              remark: values.remark?.trim() || undefined,
            });
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item
          name="toElsAccounts"
          label={t('order:bidding.start.suppliers')}
          extra={t('order:bidding.start.suppliersHint')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('order:bidding.start.suppliersRequired') },
          ]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
            placeholder={t('order:bidding.start.search')}
            options={options}
            loading={suppliers.isFetching}
            notFoundContent={
              suppliers.isFetching ? <Spin size="small" /> : t('order:bidding.start.noSupplier')
            }
            onBlur={() => setKeyword('')}
          />
        </Form.Item>
        <Form.Item
          name="quoteEndTime"
          label={t('order:bidding.start.quoteEndTime')}
          rules={[
            { required: true, message: t('order:bidding.start.quoteEndTimeRequired') },
            {
              validator: (_, value: Dayjs | null) =>
                !value || value.isAfter(dayjs())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('order:bidding.start.quoteEndTimeFuture'))),
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('order:bidding.start.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The buyer's view of the order's latest bidding round: who was invited, who quoted, and — once the
 * round opens (quote end time passed or everyone quoted) — the quotes, with award and cancel.
 */
export function BiddingCard({
  order,
  items,
  onChanged,
}: {
  order: OrderHeader;
  items: OrderItem[];
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  // Award and cancel need `order.award` and `order.cancelBidding` (issue #19; hidden while they load).
  const may = useCan();
  const round = useQuery({
    queryKey: [...BID_KEYS.all, 'order', order.id, order.version],
    queryFn: () => findBids(order.id),
  });
  if (round.isPending) return <Spin />;
  if (round.isError) return <Alert type="error" showIcon message={errorText(round.error)} />;
  const { open, bids } = round.data;
  if (round.data.round === null || bids.length === 0) return null;
  const live = order.orderStatus === '6';
  const lowest = open ? lowestBidId(bids) : null;
  const endTime = dayjs(bids[0].quoteEndTime).format('YYYY-MM-DD HH:mm');
  const itemById = new Map(items.map((i) => [i.id, i]));

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      void message.success(done);
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      onChanged();
    }
  };

  return (
    <Card
      size="small"
      className="order-bidding"
      title={
        <Space>
          <span>{t('order:bidding.card', { round: round.data.round })}</span>
          <span className="trail-meta">{t('order:bidding.quoteEnd', { time: endTime })}</span>
        </Space>
      }
      extra={
        live &&
        may(kindCode({ kind: 'order' }, 'cancelBidding')) && (
          <Button
            danger
            onClick={() =>
              modal.confirm({
                title: t('order:bidding.cancel'),
                content: t('order:bidding.cancelConfirm'),
                okText: t('order:actions.ok'),
                cancelText: t('order:actions.cancel'),
                onOk: () => act(() => cancelBidding(order.id, order.version), t('order:bidding.cancelled')),
              })
            }
          >
            {t('order:bidding.cancel')}
          </Button>
        )
      }
    >
      {live && (
        <Alert
          className="order-alert"
          showIcon
          type={open ? 'success' : 'info'}
          message={open ? t('order:bidding.open') : t('order:bidding.sealed', { time: endTime })}
        />
      )}
      <Table<Bid>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={bids}
        expandable={{
          rowExpandable: (b) => b.lines.length > 0,
          expandedRowRender: (b) => (
            <Table
              size="small"
              rowKey="itemId"
              pagination={false}
              dataSource={b.lines}
              columns={[
                {
                  key: 'line',
                  title: t('order:fields.itemNumber'),
                  render: (_, l) => itemById.get(l.itemId)?.itemNumber ?? '—',
                },
                {
                  key: 'material',
                  title: t('order:fields.material'),
                  render: (_, l) => {
                    const item = itemById.get(l.itemId);
                    return item ? `${item.materialNumber} ${item.materialDesc}` : '—';
                  },
                },
                {
                  key: 'quantity',
                  title: t('order:fields.quantity'),
                  align: 'right',
                  render: (_, l) => {
                    const item = itemById.get(l.itemId);
                    return item ? `${trimDecimal(item.quantity)} ${item.unit}` : '—';
                  },
                },
                {
                  key: 'priceExcludingTax',
                  title: t('order:fields.priceExcl'),
                  align: 'right',
                  render: (_, l) => trimDecimal(l.priceExcludingTax),
                },
                {
                  key: 'taxRate',
                  title: t('order:bidding.cols.taxRate'),
                  align: 'right',
                  render: (_, l) => trimDecimal(l.taxRate),
                },
                {
                  key: 'lineAmount',
                  title: t('order:fields.lineAmount'),
                  align: 'right',
                  render: (_, l) => <span className="num">{formatAmount(l.lineAmount)}</span>,
                },
              ]}
            />
          ),
        }}
        columns={[
          {
            key: 'supplier',
            title: t('order:bidding.cols.supplier'),
            render: (_, b) => `${b.supplierName} (${b.toElsAccount})`,
          },
          {
            key: 'bidStatus',
            title: t('order:bidding.cols.bidStatus'),
            render: (_, b) => <StatusTag kind="bid" value={b.bidStatus} />,
          },
          {
            key: 'quoteTime',
            title: t('order:bidding.cols.quoteTime'),
            render: (_, b) => (b.quoteTime ? dayjs(b.quoteTime).format('YYYY-MM-DD HH:mm') : '—'),
          },
          {
            key: 'totalAmount',
            title: t('order:bidding.cols.totalAmount'),
            align: 'right',
            render: (_, b) =>
              b.totalAmount === null ? (
                '—'
              ) : (
                <Space size={4}>
                  {b.id === lowest && <Tag color="green">{t('order:bidding.lowest')}</Tag>}
                  <span className="num">
                    {formatAmount(b.totalAmount)} {order.currency}
                  </span>
                </Space>
              ),
          },
          {
            key: 'quoteRemark',
            title: t('order:bidding.cols.quoteRemark'),
            render: (_, b) => b.quoteRemark || '—',
          },
          {
            key: 'actions',
            title: t('order:bidding.cols.actions'),
            render: (_, b) =>
              live && open && b.bidStatus === '1' && may(kindCode({ kind: 'order' }, 'award')) ? (
                <Button
                  size="small"
                  type={b.id === lowest ? 'primary' : 'default'}
                  aria-label={t('order:bidding.awardTo', { supplier: b.supplierName })}
                  onClick={() =>
                    modal.confirm({
                      title: t('order:bidding.awardTo', { supplier: b.supplierName }),
                      content: t('order:bidding.awardConfirm', {
                        supplier: b.supplierName,
                        amount: formatAmount(b.totalAmount),
                        currency: order.currency,
                      }),
                      okText: t('order:actions.ok'),
                      cancelText: t('order:actions.cancel'),
                      onOk: () =>
                        act(
                          () => awardBid(order.id, order.version, b.id),
                          t('order:bidding.awarded', { supplier: b.supplierName }),
                        ),
                    })
                  }
                >
                  {t('order:bidding.award')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
