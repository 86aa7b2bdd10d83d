import type { LinkedBuyer } from '@srm/contracts/account';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { useInbox } from '../../components/document/api.ts';
import { BuyerSelect, useBuyerChoice } from '../../components/document/BuyerSelect.tsx';
import { withBuyer } from '../../components/document/definition.ts';
import { PlusOutlined, SearchOutlined } from '../../components/page-icons.tsx';
import { useFieldName, useOwnCustomFieldLabels } from '../../lib/custom-field-api.ts';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  closeOrder,
  copyOrder,
  deleteOrder,
  exportOrders,
  findOrders,
  ORDER_KEYS,
  type OrderFilter,
  type OrderHeader,
  runAction,
} from './api.ts';
import { CounterpartTag, StatusTag, UrgencyTag, useSide, useStatusLabels } from './common.tsx';
import './i18n-bidding.ts';
import { appUrl } from '../../lib/base-path.ts';
import {
  AUDIT_STATUS,
  canDo,
  DELIVERY_STATUS,
  formatAmount,
  label,
  ORDER_TYPE,
  type OrderAction,
  SEND_STATUS,
} from './rules.ts';

type FilterForm = {
  orderNumber?: string;
  toElsAccount?: string;
  auditStatus?: string;
  orderStatus?: string;
  sendStatus?: string;
  deliveryStatus?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
};

function toFilter(v: FilterForm): OrderFilter {
  const f: OrderFilter = {};
  if (v.orderNumber?.trim()) f.orderNumber = v.orderNumber.trim();
  if (v.toElsAccount?.trim()) f.toElsAccount = v.toElsAccount.trim();
  if (v.auditStatus) f.auditStatus = v.auditStatus;
  if (v.orderStatus) f.orderStatus = v.orderStatus;
  if (v.sendStatus) f.sendStatus = v.sendStatus;
  if (v.deliveryStatus) f.deliveryStatus = v.deliveryStatus;
  if (v.dates?.[0]) f.orderDateFrom = v.dates[0].format('YYYY-MM-DD');
  if (v.dates?.[1]) f.orderDateTo = v.dates[1].format('YYYY-MM-DD');
  return f;
}

type BulkAction = Extract<OrderAction, 'copy' | 'delete' | 'submit' | 'withdraw' | 'send' | 'close'>;

/**
 * #/v2/order/list — purchase orders (buyer) or sales orders (supplier). A supplier's list holds the orders
 * of every buyer it is linked with, each row naming its buyer, filtered by one on request (issue #16).
 */
export default function OrderList() {
  const side = useSide();
  const inbox = useInbox(side);
  // The supplier's list waits for its chosen buyer so the first page is already filtered.
  if (side === 'sale' && inbox.isPending) return <Spin />;
  return (
    <OrderListOf
      side={side}
      buyers={inbox.data?.buyers ?? []}
      initialBuyer={inbox.data?.inboxElsAccount ?? null}
    />
  );
}

function OrderListOf({
  side,
  buyers,
  initialBuyer,
}: {
  side: ReturnType<typeof useSide>;
  buyers: LinkedBuyer[];
  initialBuyer: string | null;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const buyer = side === 'purchase';
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<FilterForm>();
  const choice = useBuyerChoice(buyer ? [] : buyers, initialBuyer);
  const [filter, setFilter] = useState<OrderFilter>(() => withBuyer({}, choice.buyer, buyers));
  const pickBuyer = (value: string | null) => {
    choice.pick(value);
    setSelected([]);
    setFilter((f) => withBuyer(f as Record<string, string>, value, buyers));
  };
  const [selected, setSelected] = useState<OrderHeader[]>([]);
  const [busy, setBusy] = useState<BulkAction | null>(null);
  /** The header custom fields the buyer named (issue #5): one column each, titled with the label. */
  const customLabels = useOwnCustomFieldLabels('purchaseOrder', buyer);
  const customName = useFieldName(customLabels).name;

  const dictOptions = (dict: Record<string, { zh_cn: string; en: string }>) =>
    Object.keys(dict).map((value) => ({ value, label: label(dict, value, locale) }));
  /** Order statuses as the company names them (business dictionaries, issue #19). */
  const orderStatus = useStatusLabels('order');

  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: ORDER_KEYS.all });
  };

  async function runBulk(action: BulkAction) {
    if (selected.length === 0) {
      void message.warning(t('order:list.selectRow'));
      return;
    }
    const rows = selected.filter((r) => canDo(action, r, side));
    const skipped = selected.length - rows.length;
    if (rows.length === 0) {
      void message.warning(t('order:list.notAllowed', { action: t(`order:actions.${action}`) }));
      return;
    }
    setBusy(action);
    const errors: string[] = [];
    let done = 0;
    for (const row of rows) {
      try {
        if (action === 'copy') await copyOrder(row.id);
        else if (action === 'delete') await deleteOrder(row.id, row.version);
        else if (action === 'close') await closeOrder(row.id, row.version);
        else await runAction(action, row.id, row.version);
        done++;
      } catch (e) {
        errors.push(`${row.orderNumber}: ${errorText(e)}`);
      }
    }
    setBusy(null);
    refresh();
    if (done > 0)
      void message.success(t('order:list.bulkDone', { action: t(`order:actions.${action}`), count: done }));
    if (skipped > 0) void message.warning(t('order:list.bulkSkipped', { count: skipped }));
    if (errors.length > 0) void message.error(errors.join('；'), 6);
  }

  const confirmThen = (action: BulkAction) => {
    if (selected.length === 0) {
      void message.warning(t('order:list.selectRow'));
      return;
    }
    modal.confirm({
      title: t(`order:actions.${action}`),
      content: t('order:list.confirmBulk', { action: t(`order:actions.${action}`), count: selected.length }),
      okText: t('order:actions.ok'),
      cancelText: t('order:actions.cancel'),
      onOk: () => runBulk(action),
    });
  };

  // Buttons the caller's roles do not grant are not shown (issue #19): export `order.export`, new and copy
  // `order.save`, delete `order.delete`, submit and withdraw `order.submit`, send and close their own.
  const may = useCan();
  const bulkButton = (action: BulkAction, confirm = false) =>
    may(kindCode({ kind: 'order' }, action)) && (
      <Button
        key={action}
        loading={busy === action}
        danger={action === 'delete'}
        onClick={() => (confirm ? confirmThen(action) : void runBulk(action))}
      >
        {t(`order:actions.${action}`)}
      </Button>
    );

  const open = (row: OrderHeader) => navigate(`/v2/order/detail?id=${row.id}`);

  return (
    <div className="page-stack">
      <Card size="small">
        <Form<FilterForm>
          form={form}
          layout="inline"
          className="order-filter"
          onFinish={(v) => {
            setSelected([]);
            setFilter(withBuyer(toFilter(v) as Record<string, string>, choice.buyer, buyers));
          }}
        >
          {choice.shown && <BuyerSelect buyers={buyers} value={choice.buyer} onChange={pickBuyer} />}
          <Form.Item name="orderNumber" label={t('order:fields.orderNumber')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          {buyer && (
            <Form.Item name="toElsAccount" label={t('order:fields.supplierAccount')}>
              <Input allowClear style={{ width: 130 }} />
            </Form.Item>
          )}
          {buyer && (
            <Form.Item name="auditStatus" label={t('order:fields.auditStatus')}>
              <Select allowClear style={{ width: 130 }} options={dictOptions(AUDIT_STATUS)} />
            </Form.Item>
          )}
          <Form.Item name="orderStatus" label={t('order:fields.orderStatus')}>
            <Select allowClear style={{ width: 130 }} options={orderStatus.options} />
          </Form.Item>
          {buyer && (
            <Form.Item name="sendStatus" label={t('order:fields.sendStatus')}>
              <Select allowClear style={{ width: 110 }} options={dictOptions(SEND_STATUS)} />
            </Form.Item>
          )}
          <Form.Item name="deliveryStatus" label={t('order:fields.deliveryStatus')}>
            <Select allowClear style={{ width: 180 }} options={dictOptions(DELIVERY_STATUS)} />
          </Form.Item>
          <Form.Item name="dates" label={t('order:fields.orderDate')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('order:list.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setSelected([]);
                  // The chosen buyer stays: it changes only in its select.
                  setFilter(withBuyer({}, choice.buyer, buyers));
                }}
              >
                {t('order:list.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <DataTable<OrderHeader>
          tableId={buyer ? 'purchaseOrderList' : 'saleOrderList'}
          title={buyer ? t('order:list.titlePurchase') : t('order:list.titleSale')}
          rowKey="id"
          rowName={(row) => row.orderNumber}
          queryKey={[...ORDER_KEYS.all, side, filter]}
          fetchPage={(paging) => findOrders(side, { ...paging, ...filter })}
          emptyText={t('order:list.empty')}
          onExport={buyer ? () => exportOrders(filter) : undefined}
          exportable={may('order.export')}
          rowSelection={{
            selectedRowKeys: selected.map((r) => r.id),
            onChange: (_keys, rows) => setSelected(rows),
          }}
          onPageChange={() => setSelected([])}
          extra={
            buyer ? (
              <Space wrap size={6}>
                {may('order.save') && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/v2/order/edit')}>
                    {t('order:actions.new')}
                  </Button>
                )}
                {bulkButton('copy')}
                {bulkButton('delete', true)}
                {bulkButton('submit')}
                {bulkButton('withdraw')}
                {bulkButton('send')}
                {bulkButton('close', true)}
              </Space>
            ) : (
              // An order's bidding is an RFQ (issue #13): the supplier quotes it in its RFQ inbox.
              <Button href={appUrl('/rfq/#/v2/list')}>{t('order:bids.title')}</Button>
            )
          }
          columns={[
            {
              key: 'orderNumber',
              title: t('order:fields.orderNumber'),
              width: 150,
              render: (v, row) => (
                <Button type="link" size="small" className="link-cell" onClick={() => open(row)}>
                  {String(v)}
                </Button>
              ),
            },
            buyer
              ? {
                  key: 'supplierName',
                  title: t('order:fields.supplier'),
                  width: 220,
                  ellipsis: true,
                  render: (_v, row) => `${row.supplierName} (${row.toElsAccount})`,
                  exportValue: (row) => `${row.supplierName} (${row.toElsAccount})`,
                }
              : {
                  key: 'buyerShortName',
                  title: t('document:list.buyer'),
                  width: 140,
                  ellipsis: true,
                  render: (_v, row) => row.buyerShortName ?? row.elsAccount,
                  exportValue: (row) => row.buyerShortName ?? row.elsAccount,
                },
            {
              key: 'orderType',
              title: t('order:fields.orderType'),
              width: 100,
              render: (v) => label(ORDER_TYPE, String(v), locale),
              exportValue: (row) => label(ORDER_TYPE, row.orderType, locale),
            },
            { key: 'orderDate', title: t('order:fields.orderDate'), width: 110 },
            {
              key: 'totalAmount',
              title: t('order:fields.totalAmount'),
              width: 150,
              render: (_v, row) => (
                <span className="num">
                  {formatAmount(row.totalAmount)} {row.currency}
                </span>
              ),
              exportValue: (row) => `${row.totalAmount} ${row.currency}`,
            },
            ...(buyer
              ? [
                  {
                    key: 'auditStatus',
                    title: t('order:fields.auditStatus'),
                    width: 110,
                    render: (v: unknown) => <StatusTag kind="audit" value={String(v)} />,
                    exportValue: (row: OrderHeader) => label(AUDIT_STATUS, row.auditStatus, locale),
                  },
                  {
                    key: 'sendStatus',
                    title: t('order:fields.sendStatus'),
                    width: 90,
                    render: (v: unknown) => <StatusTag kind="send" value={String(v)} />,
                    exportValue: (row: OrderHeader) => label(SEND_STATUS, row.sendStatus, locale),
                  },
                ]
              : []),
            {
              key: 'orderStatus',
              title: t('order:fields.orderStatus'),
              width: 110,
              render: (v, row) => (
                <>
                  <StatusTag kind="order" value={String(v)} />
                  <CounterpartTag order={row} side={side} />
                </>
              ),
              exportValue: (row) => orderStatus.label(row.orderStatus),
            },
            {
              key: 'deliveryStatus',
              title: t('order:fields.deliveryStatus'),
              width: 120,
              render: (v) => <StatusTag kind="delivery" value={v === undefined ? undefined : String(v)} />,
              exportValue: (row) => label(DELIVERY_STATUS, row.deliveryStatus, locale),
            },
            {
              key: 'changeStatus',
              title: t('order:fields.changeStatus'),
              width: 110,
              render: (v) => <StatusTag kind="change" value={String(v)} />,
            },
            {
              key: 'urgencyFlag',
              title: t('order:fields.urgencyFlag'),
              width: 80,
              render: (v) => <UrgencyTag value={String(v)} />,
            },
            {
              key: 'createDate',
              title: t('order:fields.createDate'),
              width: 150,
              render: (v) => dayjs(String(v)).format('YYYY-MM-DD HH:mm'),
            },
            // Unnamed fields get no column (the export lists those holding a value, as fbkN).
            ...(buyer
              ? customLabels.map((l) => ({
                  key: l.fieldKey,
                  title: customName(l.fieldKey),
                  width: 140,
                  ellipsis: true,
                }))
              : []),
          ]}
        />
      </Card>
    </div>
  );
}
