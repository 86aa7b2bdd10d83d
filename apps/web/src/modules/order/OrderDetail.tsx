import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { measureSafeSelection } from '../../components/data-table/measure-inert.tsx';
import { DocumentAttachments } from '../../components/document/DocumentAttachments.tsx';
import { OrgValue } from '../../components/document/OrgValue.tsx';
import {
  ArrowLeftOutlined,
  CarOutlined,
  PrinterOutlined,
  ReloadOutlined,
} from '../../components/page-icons.tsx';
import { candidatesText, stepLabel } from '../../lib/approval-task.ts';
import { today } from '../../lib/clock.ts';
import { useFieldName, useOrderCustomFieldLabels } from '../../lib/custom-field-api.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { userLabel } from '../../lib/user-label.ts';
import {
  answerChange,
  closeOrder,
  confirmLines,
  findOrder,
  ORDER_KEYS,
  type OrderDetail,
  type OrderItem,
  printOrder,
  receiveShipment,
  refuseLines,
  runAction,
  type Shipment,
  type SimpleAction,
  shipOrder,
} from './api.ts';
import { BiddingCard, StartBiddingDialog } from './Bidding.tsx';
import { startBidding } from './bidding-api.ts';
import { CounterpartTag, StatusTag, UrgencyTag, useSide } from './common.tsx';
import {
  AUDIT_STATUS,
  allowedActions,
  BID_STATUS,
  CHANGE_STATUS,
  customFieldEntries,
  DELIVERY_STATUS,
  formatAmount,
  label,
  ORDER_STATUS,
  ORDER_TYPE,
  type OrderAction,
  quantityProblem,
  remainingToReceive,
  remainingToShip,
  trailKind,
  trimDecimal,
} from './rules.ts';

const TRAIL_DICTS = {
  audit: AUDIT_STATUS,
  order: ORDER_STATUS,
  change: CHANGE_STATUS,
  delivery: DELIVERY_STATUS,
  bid: BID_STATUS,
};

type Dialog = null | 'confirm' | 'refuse' | 'returnChange' | 'ship' | 'startBidding';

/** Confirmed open lines that can still ship, with what remains (server rule: remainingToShip). */
function shippableLines(items: OrderItem[]) {
  return items
    .filter((i) => i.itemStatus === '1' && i.isClose === 'N' && i.isDel === 'N')
    .map((item) => ({ item, remaining: remainingToShip(item) ?? '0' }))
    .filter((l) => l.remaining !== '0');
}

/** #/v2/order/detail?id=… — one order from the caller's side, with the actions its status allows. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const id = query.get('id') ?? '';
  // Opened by the shell's /audit page: the approval panel is there, so no document actions here.
  const inAudit = query.has('taskId');
  const side = useSide();
  const detail = useQuery({
    queryKey: [...ORDER_KEYS.all, 'detail', side, id],
    queryFn: () => findOrder(side, id),
    enabled: Boolean(id),
  });
  if (!id) return <Result status="404" title={t('order:detail.noId')} />;
  if (detail.isPending) return <Spin className="tab-loading" />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('order:detail.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{t('order:actions.reload')}</Button>}
      />
    );
  return <DetailView data={detail.data} side={side} inAudit={inAudit} reload={() => void detail.refetch()} />;
}

function DetailView({
  data,
  side,
  inAudit,
  reload,
}: {
  data: OrderDetail;
  side: 'purchase' | 'sale';
  inAudit: boolean;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { order, items, trail, tasks } = data;
  const shipments = data.shipments ?? [];
  /** The buyer's names of the custom fields (issue #5), on both sides. */
  const customLabels = useOrderCustomFieldLabels(order.id);
  const headerName = useFieldName(customLabels.purchaseOrder).name;
  const lineName = useFieldName(customLabels.purchaseOrderItem).name;
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [receiving, setReceiving] = useState<Shipment | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const buyer = side === 'purchase';
  const toShip = shippableLines(items);
  // Buttons the caller's roles do not grant are not shown (issue #19: `order.{action}`, edit and copy
  // `order.save`, withdraw `order.submit`, print `order.read`).
  const may = useCan();
  const actions = (inAudit ? (['print'] as OrderAction[]) : allowedActions(order, side)).filter(
    (a) => (a !== 'ship' || toShip.length > 0) && may(kindCode({ kind: 'order' }, a)),
  );
  const openLines = items.filter((i) => i.isDel === 'N' && i.isClose === 'N');
  const selectable = !inAudit && (actions.includes('confirm') || actions.includes('close'));

  /** Runs a call; on '409' shows the message and reloads; always refreshes lists and this order. */
  async function run(key: string, fn: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(key);
    try {
      await fn();
      void message.success(done);
      setSelected([]);
      return true;
    } catch (e) {
      void message.error(errorText(e), e instanceof ApiError && e.code === '409' ? 5 : 4);
      return false;
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: ORDER_KEYS.all });
      reload();
    }
  }

  const simple = (action: SimpleAction) =>
    void run(action, () => runAction(action, order.id, order.version), t(`order:done.${action}`));

  const needSelection = (): boolean => {
    if (selected.length > 0) return true;
    void message.warning(t('order:list.selectRow'));
    return false;
  };

  const button = (action: OrderAction) => {
    const common = { key: action, loading: busy === action };
    switch (action) {
      case 'edit':
        return (
          <Button {...common} type="primary" onClick={() => navigate(`/v2/order/edit?id=${order.id}`)}>
            {t(order.sendStatus === '1' ? 'order:actions.change' : 'order:actions.edit')}
          </Button>
        );
      case 'submit':
      case 'withdraw':
      case 'send':
      case 'sendChange':
      case 'pushErp':
        return (
          <Button
            {...common}
            type={action === 'withdraw' ? 'default' : 'primary'}
            onClick={() => simple(action)}
          >
            {t(`order:actions.${action}`)}
          </Button>
        );
      case 'close':
        return (
          <Button
            {...common}
            onClick={() => {
              const lines = selected.length > 0 ? selected : undefined;
              modal.confirm({
                title: t('order:actions.close'),
                content: lines
                  ? t('order:detail.closeLines', { count: lines.length })
                  : t('order:detail.closeAll'),
                okText: t('order:actions.ok'),
                cancelText: t('order:actions.cancel'),
                onOk: () =>
                  run('close', () => closeOrder(order.id, order.version, lines), t('order:done.close')),
              });
            }}
          >
            {t(selected.length > 0 ? 'order:actions.closeLines' : 'order:actions.close')}
          </Button>
        );
      case 'print':
        return (
          <Button
            {...common}
            icon={<PrinterOutlined />}
            onClick={async () => {
              setBusy('print');
              try {
                await printOrder(side, order.id, order.orderNumber);
              } catch (e) {
                void message.error(errorText(e));
              } finally {
                setBusy(null);
              }
            }}
          >
            {t('order:actions.print')}
          </Button>
        );
      case 'confirm':
        return (
          <Button {...common} type="primary" onClick={() => needSelection() && setDialog('confirm')}>
            {t('order:actions.confirm')}
          </Button>
        );
      case 'refuse':
        return (
          <Button {...common} danger onClick={() => needSelection() && setDialog('refuse')}>
            {t('order:actions.refuse')}
          </Button>
        );
      case 'confirmChange':
        return (
          <Button
            {...common}
            type="primary"
            onClick={() =>
              modal.confirm({
                title: t('order:actions.confirmChange'),
                content: t('order:detail.confirmChangeText'),
                okText: t('order:actions.ok'),
                cancelText: t('order:actions.cancel'),
                onOk: () =>
                  run(
                    'confirmChange',
                    () => answerChange(true, order.id, order.version),
                    t('order:done.confirmChange'),
                  ),
              })
            }
          >
            {t('order:actions.confirmChange')}
          </Button>
        );
      case 'returnChange':
        return (
          <Button {...common} danger onClick={() => setDialog('returnChange')}>
            {t('order:actions.returnChange')}
          </Button>
        );
      case 'startBidding':
        return (
          <Button {...common} onClick={() => setDialog('startBidding')}>
            {t('order:actions.startBidding')}
          </Button>
        );
      case 'ship':
        return (
          <Button {...common} type="primary" icon={<CarOutlined />} onClick={() => setDialog('ship')}>
            {t('order:delivery.ship')}
          </Button>
        );
      default:
        return null;
    }
  };

  const selectedLines = items.filter((i) => selected.includes(i.id));
  const headerCustom = customFieldEntries(order);
  const refusedLines = items.filter((i) => i.itemStatus === '2' && i.supplierRemark);

  return (
    <div className="page-stack order-detail">
      <Card
        title={
          <Space wrap>
            {!inAudit && (
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                aria-label={t('order:actions.back')}
                onClick={() => navigate('/v2/order/list')}
              />
            )}
            <span>{t(buyer ? 'order:detail.titlePurchase' : 'order:detail.titleSale')}</span>
            <span className="order-number">{order.orderNumber}</span>
            <StatusTag kind="order" value={order.orderStatus} />
            <CounterpartTag order={order} side={side} />
            {buyer && <StatusTag kind="audit" value={order.auditStatus} />}
            {order.changeStatus !== '0' && <StatusTag kind="change" value={order.changeStatus} />}
            {order.deliveryStatus && order.deliveryStatus !== '0' && (
              <StatusTag kind="delivery" value={order.deliveryStatus} />
            )}
            <UrgencyTag value={order.urgencyFlag} />
          </Space>
        }
        extra={
          <Space wrap>
            {actions.map(button)}
            <Button icon={<ReloadOutlined />} aria-label={t('order:actions.reload')} onClick={reload} />
          </Space>
        }
      >
        {order.rejectReason && (
          <Alert
            type="warning"
            showIcon
            className="order-alert"
            message={t('order:detail.rejectReason')}
            description={order.rejectReason}
          />
        )}
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={t('order:fields.orderNumber')}>{order.orderNumber}</Descriptions.Item>
          <Descriptions.Item label={t('order:fields.supplier')}>
            {order.supplierName} ({order.toElsAccount})
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.buyerAccount')}>{order.elsAccount}</Descriptions.Item>
          <Descriptions.Item label={t('order:fields.orderType')}>
            {label(ORDER_TYPE, order.orderType, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.purchaseType')}>
            {label(ORDER_TYPE, order.purchaseType, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.orderDate')}>{order.orderDate}</Descriptions.Item>
          <Descriptions.Item label={t('order:fields.currency')}>{order.currency}</Descriptions.Item>
          <Descriptions.Item label={t('order:fields.exchangeRate')}>
            {trimDecimal(order.exchangeRate)}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.payTerms')}>
            {[order.payTermsCode, order.payTermsText].filter(Boolean).join(' ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.incoterms')}>
            {[order.incotermsCode, order.incotermsDesc].filter(Boolean).join(' ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.deliveryAddress')}>
            {order.deliveryAddress || '—'}
          </Descriptions.Item>
          {side === 'purchase' &&
            (['purchaseOrganization', 'purchaseGroup'] as const).map((name) => (
              <Descriptions.Item key={name} label={purchaseOrderDefinition.header[name].label[locale]}>
                {order[name] && purchaseOrderDefinition.header[name].org ? (
                  <OrgValue
                    type={purchaseOrderDefinition.header[name].org}
                    code={order[name] as string}
                    locale={locale}
                  />
                ) : (
                  '—'
                )}
              </Descriptions.Item>
            ))}
          <Descriptions.Item label={t('order:fields.sendStatus')}>
            <StatusTag kind="send" value={order.sendStatus} />
            {order.sendTime ? ` ${dayjs(order.sendTime).format('YYYY-MM-DD HH:mm')}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.deliveryStatus')}>
            <StatusTag kind="delivery" value={order.deliveryStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.totalExcl')}>
            <span className="num">
              {formatAmount(order.totalAmountExcludingTax)} {order.currency}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.totalTax')}>
            <span className="num">
              {formatAmount(order.totalTaxAmount)} {order.currency}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.totalAmount')}>
            <strong className="num">
              {formatAmount(order.totalAmount)} {order.currency}
            </strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.totalLocal')}>
            <span className="num">
              {formatAmount(order.totalAmountLocal)} {order.localCurrency}
            </span>
          </Descriptions.Item>
          {buyer && order.sendStatus === '1' && (
            <Descriptions.Item label={t('order:fields.erpPush')}>
              {t(`order:erp.${order.erpPushStatus ?? '0'}`)}
              {order.erpPurchaseOrderNo ? ` · ${order.erpPurchaseOrderNo}` : ''}
              {order.erpPushStatus === 'E' && order.erpPushMessage ? (
                <div className="order-erp-error">{order.erpPushMessage}</div>
              ) : null}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('order:fields.createUser')}>
            {userLabel(order.createUser, data.createUserName)} ·{' '}
            {dayjs(order.createDate).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label={t('order:fields.remark')}>{order.remark || '—'}</Descriptions.Item>
        </Descriptions>
        {headerCustom.length > 0 && (
          <Descriptions
            size="small"
            className="order-custom-fields"
            title={t('order:detail.customFields')}
            column={{ xs: 1, sm: 2, lg: 3 }}
            bordered
          >
            {headerCustom.map(([key, value]) => (
              <Descriptions.Item key={key} label={headerName(key)}>
                {value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Card>

      <Card title={t('order:detail.lines')} size="small">
        {refusedLines.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="order-alert"
            message={t('order:detail.refusedLines')}
            description={refusedLines.map((l) => (
              <div key={l.id}>
                {t('order:detail.lineRefused', { line: l.itemNumber, remark: l.supplierRemark })}
              </div>
            ))}
          />
        )}
        <LinesTable
          lineName={lineName}
          items={items}
          currency={order.currency}
          selection={
            selectable
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (row: OrderItem) => ({
                    disabled: row.isClose === 'Y' || row.isDel === 'Y',
                    'aria-label': t('order:detail.selectLine', { line: row.itemNumber }),
                  }),
                }
              : undefined
          }
        />
        {selectable && openLines.length > 0 && (
          <div className="order-hint">{t(buyer ? 'order:detail.closeHint' : 'order:detail.selectHint')}</div>
        )}
      </Card>

      {buyer && order.enquiryId && (
        <BiddingCard
          order={order}
          onChanged={() => {
            void client.invalidateQueries({ queryKey: ORDER_KEYS.all });
            reload();
          }}
        />
      )}

      {order.sendStatus === '1' && (
        <Card title={t('order:delivery.shipments')} size="small" className="order-shipments">
          <ShipmentsTable
            shipments={shipments}
            items={items}
            onReceive={
              buyer && !inAudit && may(kindCode({ kind: 'deliveryNote' }, 'receive'))
                ? setReceiving
                : undefined
            }
          />
        </Card>
      )}

      {/* The kernel's attachments of the order (both parties; each removes only its own files). */}
      <DocumentAttachments def={purchaseOrderDefinition} side={side} id={order.id} />

      <div className={buyer ? 'order-two-col' : undefined}>
        <Card title={t('order:detail.trail')} size="small">
          {trail.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Timeline
              items={trail.map((row, i) => {
                const dict = TRAIL_DICTS[trailKind(row.action)];
                return {
                  key: i,
                  children: (
                    <div className="trail-row">
                      <strong>{t(`order:trail.${row.action}`, { defaultValue: row.action })}</strong>{' '}
                      <span>
                        {label(dict, row.fromStatus, locale)} → {label(dict, row.toStatus, locale)}
                      </span>
                      <div className="trail-meta">
                        {row.createUserName ?? row.createUser} ·{' '}
                        {dayjs(row.createDate).format('YYYY-MM-DD HH:mm:ss')}
                      </div>
                      {row.remark && <div className="trail-remark">{row.remark}</div>}
                    </div>
                  ),
                };
              })}
            />
          )}
        </Card>
        {buyer && (
          <Card title={t('order:detail.tasks')} size="small">
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={tasks}
              locale={{ emptyText: t('order:detail.noTasks') }}
              columns={[
                {
                  key: 'stepName',
                  dataIndex: 'stepName',
                  title: t('order:detail.step'),
                  // Issue #33: the reader's language, the other one when empty.
                  render: (_v, row) => stepLabel(row, locale),
                },
                {
                  key: 'status',
                  dataIndex: 'status',
                  title: t('order:detail.taskStatus'),
                  render: (v: string) => (
                    <Tag
                      color={
                        v === 'approved'
                          ? 'success'
                          : v === 'rejected'
                            ? 'error'
                            : v === 'pending'
                              ? 'processing'
                              : 'default'
                      }
                    >
                      {t(`order:taskStatus.${v}`, { defaultValue: v })}
                    </Tag>
                  ),
                },
                {
                  key: 'handledBy',
                  dataIndex: 'handledBy',
                  title: t('order:detail.handledBy'),
                  // "代 {name} 审批 / on behalf of {name}" when a delegate acted (issue #19); while waiting,
                  // who may approve it (issue #33).
                  render: (v, row) =>
                    v
                      ? row.handledOnBehalfOf
                        ? `${userLabel(v, row.handledByName)} · ${t('order:detail.onBehalfOf', {
                            name: row.handledOnBehalfOfName ?? row.handledOnBehalfOf,
                          })}`
                        : userLabel(v, row.handledByName)
                      : (candidatesText(row, t) ?? '—'),
                },
                {
                  key: 'remark',
                  dataIndex: 'remark',
                  title: t('order:fields.remark'),
                  render: (v) => v ?? '—',
                },
              ]}
            />
          </Card>
        )}
      </div>

      {dialog === 'confirm' && (
        <ConfirmDialog
          lines={selectedLines}
          onCancel={() => setDialog(null)}
          onOk={async (lines) => {
            const ok = await run(
              'confirm',
              () => confirmLines(order.id, order.version, lines),
              t('order:done.confirm'),
            );
            if (ok) setDialog(null);
          }}
        />
      )}
      {dialog === 'startBidding' && (
        <StartBiddingDialog
          order={order}
          onCancel={() => setDialog(null)}
          onOk={async (body) => {
            const ok = await run(
              'startBidding',
              () => startBidding(order.id, { version: order.version, ...body }),
              t('order:bidding.start.done', { count: body.toElsAccounts.length }),
            );
            if (ok) setDialog(null);
          }}
        />
      )}
      {dialog === 'ship' && (
        <ShipDialog
          orderNumber={order.orderNumber}
          lines={toShip}
          onCancel={() => setDialog(null)}
          onOk={async (body) => {
            const ok = await run(
              'ship',
              () => shipOrder(order.id, { version: order.version, ...body }),
              t('order:delivery.shipped'),
            );
            if (ok) setDialog(null);
          }}
        />
      )}
      {receiving && (
        <ReceiveDialog
          shipment={receiving}
          items={items}
          onCancel={() => setReceiving(null)}
          onOk={async (body) => {
            const ok = await run(
              'receive',
              () => receiveShipment(order.id, { version: order.version, shipmentId: receiving.id, ...body }),
              t('order:delivery.received'),
            );
            if (ok) setReceiving(null);
          }}
        />
      )}
      {(dialog === 'refuse' || dialog === 'returnChange') && (
        <ReasonDialog
          title={t(`order:actions.${dialog}`)}
          fieldLabel={t(dialog === 'refuse' ? 'order:detail.refuseRemark' : 'order:detail.returnReason')}
          requiredText={t(dialog === 'refuse' ? 'order:rules.refuseRemark' : 'order:rules.returnReason')}
          onCancel={() => setDialog(null)}
          onOk={async (text) => {
            const ok =
              dialog === 'refuse'
                ? await run(
                    'refuse',
                    () => refuseLines(order.id, order.version, selected, text),
                    t('order:done.refuse'),
                  )
                : await run(
                    'returnChange',
                    () => answerChange(false, order.id, order.version, text),
                    t('order:done.returnChange'),
                  );
            if (ok) setDialog(null);
          }}
        />
      )}
    </div>
  );
}

/** The order lines (shared by the detail page). */
function LinesTable({
  items,
  currency,
  lineName,
  selection,
}: {
  items: OrderItem[];
  currency: string;
  /** The name of a line custom field: the buyer's label, else fbkN. */
  lineName: (key: string) => string;
  selection?: Parameters<typeof Table<OrderItem>>[0]['rowSelection'];
}) {
  const { t } = useTranslation();
  const live = items.filter((i) => i.isDel === 'N');
  return (
    <Table<OrderItem>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={live}
      rowSelection={measureSafeSelection(selection)}
      rowClassName={(row) => (row.isClose === 'Y' ? 'line-closed' : '')}
      columns={[
        { key: 'itemNumber', dataIndex: 'itemNumber', title: t('order:fields.itemNumber'), width: 60 },
        {
          key: 'material',
          title: t('order:fields.material'),
          render: (_v, row) => (
            <div>
              <div>{row.materialNumber}</div>
              <div className="muted">{row.materialDesc}</div>
              {/* The line's custom fields, compactly (a line may hold up to 50). */}
              {customFieldEntries(row).length > 0 && (
                <div className="line-custom-summary">
                  {customFieldEntries(row)
                    .map(([key, value]) => `${lineName(key)}: ${value}`)
                    .join(' · ')}
                </div>
              )}
            </div>
          ),
        },
        {
          key: 'quantity',
          title: t('order:fields.quantity'),
          align: 'right',
          render: (_v, row) => `${trimDecimal(row.quantity)} ${row.unit}`,
        },
        {
          key: 'shippedQuantity',
          title: t('order:fields.shippedQuantity'),
          align: 'right',
          render: (_v, row) => trimDecimal(row.shippedQuantity ?? '0'),
        },
        {
          key: 'receivedQuantity',
          title: t('order:fields.receivedQuantity'),
          align: 'right',
          render: (_v, row) => trimDecimal(row.receivedQuantity ?? '0'),
        },
        {
          key: 'priceExcludingTax',
          title: t('order:fields.priceExcl'),
          align: 'right',
          render: (_v, row) => trimDecimal(row.priceExcludingTax),
        },
        {
          key: 'priceIncludingTax',
          title: t('order:fields.priceIncl'),
          align: 'right',
          render: (_v, row) => trimDecimal(row.priceIncludingTax),
        },
        {
          key: 'taxRate',
          title: t('order:fields.taxRate'),
          align: 'right',
          render: (_v, row) => `${trimDecimal(row.taxRate)}%`,
        },
        {
          key: 'lineAmount',
          title: t('order:fields.lineAmount'),
          align: 'right',
          render: (_v, row) => `${formatAmount(row.lineAmount)} ${currency}`,
        },
        { key: 'deliveryDate', dataIndex: 'deliveryDate', title: t('order:fields.deliveryDate') },
        {
          key: 'replyDeliveryDate',
          dataIndex: 'replyDeliveryDate',
          title: t('order:fields.replyDeliveryDate'),
          render: (v) => v ?? '—',
        },
        {
          key: 'itemStatus',
          title: t('order:fields.itemStatus'),
          render: (_v, row) => <StatusTag kind="item" value={row.itemStatus} />,
        },
        {
          key: 'isClose',
          title: t('order:fields.isClose'),
          render: (_v, row) =>
            row.isClose === 'Y' ? <Tag>{t('order:detail.closed')}</Tag> : t('order:detail.open'),
        },
        {
          key: 'supplierRemark',
          dataIndex: 'supplierRemark',
          title: t('order:fields.supplierRemark'),
          render: (v) => v ?? '—',
        },
      ]}
    />
  );
}

/** Supplier confirm: a reply delivery date per selected line (no return reason when confirming). */
function ConfirmDialog({
  lines,
  onCancel,
  onOk,
}: {
  lines: OrderItem[];
  onCancel: () => void;
  onOk: (lines: Array<{ itemId: string; replyDeliveryDate: string }>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [dates, setDates] = useState<Record<string, Dayjs | null>>(() =>
    Object.fromEntries(lines.map((l) => [l.id, dayjs(l.replyDeliveryDate ?? l.deliveryDate)])),
  );
  const [saving, setSaving] = useState(false);
  const missing = lines.filter((l) => !dates[l.id]);
  return (
    <Modal
      open
      title={t('order:actions.confirm')}
      okText={t('order:actions.confirm')}
      cancelText={t('order:actions.cancel')}
      confirmLoading={saving}
      width={640}
      onCancel={onCancel}
      okButtonProps={{ disabled: missing.length > 0 }}
      onOk={async () => {
        setSaving(true);
        try {
          await onOk(
            lines.map((l) => ({
              itemId: l.id,
              replyDeliveryDate: (dates[l.id] as Dayjs).format('YYYY-MM-DD'),
            })),
          );
        } finally {
          setSaving(false);
        }
      }}
    >
      <p>{t('order:detail.confirmText', { count: lines.length })}</p>
      <Table<OrderItem>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={lines}
        columns={[
          { key: 'itemNumber', dataIndex: 'itemNumber', title: t('order:fields.itemNumber'), width: 60 },
          { key: 'materialDesc', dataIndex: 'materialDesc', title: t('order:fields.material') },
          { key: 'deliveryDate', dataIndex: 'deliveryDate', title: t('order:fields.deliveryDate') },
          {
            key: 'reply',
            title: t('order:fields.replyDeliveryDate'),
            render: (_v, row) => (
              <DatePicker
                value={dates[row.id]}
                aria-label={t('order:detail.replyDateOf', { line: row.itemNumber })}
                status={dates[row.id] ? undefined : 'error'}
                onChange={(d) => setDates((s) => ({ ...s, [row.id]: d }))}
              />
            ),
          },
        ]}
      />
      {missing.length > 0 && (
        <div className="field-error" role="alert">
          {t('order:rules.replyDate', { lines: missing.map((l) => l.itemNumber).join(', ') })}
        </div>
      )}
    </Modal>
  );
}

/** Refuse (supplier remarks) or return a change (reason): the text is required. */
function ReasonDialog({
  title,
  fieldLabel,
  requiredText,
  onCancel,
  onOk,
}: {
  title: string;
  fieldLabel: string;
  requiredText: string;
  onCancel: () => void;
  onOk: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={title}
      okButtonProps={{ danger: true }}
      cancelText={t('order:actions.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={async () => {
        const { text } = await form.validateFields();
        setSaving(true);
        try {
          await onOk(text.trim());
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="text"
          label={fieldLabel}
          rules={[{ required: true, whitespace: true, message: requiredText }, { max: 500 }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The order's shipments; the buyer receives an in-transit one from its row. */
function ShipmentsTable({
  shipments,
  items,
  onReceive,
}: {
  shipments: Shipment[];
  items: OrderItem[];
  onReceive?: (shipment: Shipment) => void;
}) {
  const { t } = useTranslation();
  const unitOf = (itemId: string) => items.find((i) => i.id === itemId)?.unit ?? '';
  return (
    <Table<Shipment>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={shipments}
      locale={{ emptyText: t('order:delivery.noShipments') }}
      columns={[
        {
          key: 'shipmentNumber',
          dataIndex: 'shipmentNumber',
          title: t('order:delivery.shipmentNumber'),
          // Shipments are delivery notices (issue #12): the number opens the notice.
          render: (v: string, s: Shipment) => (
            <Link className="shipment-number" to={`/v2/delivery/detail?id=${s.id}`}>
              {v}
            </Link>
          ),
        },
        {
          key: 'status',
          title: t('order:delivery.shipmentStatus'),
          render: (_v, row) => <StatusTag kind="shipment" value={row.status} />,
        },
        {
          key: 'logisticsCompany',
          dataIndex: 'logisticsCompany',
          title: t('order:delivery.logisticsCompany'),
        },
        { key: 'trackingNumber', dataIndex: 'trackingNumber', title: t('order:delivery.trackingNumber') },
        { key: 'shipDate', dataIndex: 'shipDate', title: t('order:delivery.shipDate') },
        {
          key: 'expectedArrivalDate',
          dataIndex: 'expectedArrivalDate',
          title: t('order:delivery.expectedArrivalDate'),
          render: (v) => v ?? '—',
        },
        {
          key: 'lines',
          title: t('order:delivery.lines'),
          render: (_v, row) => (
            <div>
              {row.lines.map((l) => (
                <div key={l.id}>
                  {t('order:delivery.lineSummary', {
                    line: l.itemNumber,
                    shipped: `${trimDecimal(l.shippedQuantity)} ${unitOf(l.orderItemId)}`,
                    received: trimDecimal(l.receivedQuantity),
                  })}
                </div>
              ))}
            </div>
          ),
        },
        {
          key: 'receiveDate',
          dataIndex: 'receiveDate',
          title: t('order:delivery.receiveDate'),
          render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
        },
        { key: 'remark', dataIndex: 'remark', title: t('order:delivery.remark'), render: (v) => v ?? '—' },
        ...(onReceive
          ? [
              {
                key: 'action',
                title: '',
                render: (_v: unknown, row: Shipment) =>
                  row.status === '1' ? (
                    <Button size="small" type="primary" onClick={() => onReceive(row)}>
                      {t('order:delivery.receive')}
                    </Button>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

type QuantityRow = { id: string; itemNumber: number; material: string; unit: string; max: string };

/** Editable quantities per line (strings: exact decimals), each checked against its maximum. */
function QuantityTable({
  rows,
  values,
  onChange,
  maxTitle,
  quantityTitle,
  ariaKey,
}: {
  rows: QuantityRow[];
  values: Record<string, string>;
  onChange: (id: string, value: string) => void;
  maxTitle: string;
  quantityTitle: string;
  ariaKey: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<QuantityRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'itemNumber', dataIndex: 'itemNumber', title: t('order:fields.itemNumber'), width: 60 },
        { key: 'material', dataIndex: 'material', title: t('order:fields.material') },
        {
          key: 'max',
          title: maxTitle,
          align: 'right',
          render: (_v, row) => `${row.max} ${row.unit}`,
        },
        {
          key: 'quantity',
          title: quantityTitle,
          width: 170,
          render: (_v, row) => {
            const value = values[row.id] ?? '';
            const problem = value.trim() === '' ? null : quantityProblem(value, row.max);
            return (
              <div>
                <Input
                  value={value}
                  inputMode="decimal"
                  suffix={row.unit}
                  status={problem ? 'error' : undefined}
                  aria-label={t(ariaKey, { line: row.itemNumber })}
                  onChange={(e) => onChange(row.id, e.target.value)}
                />
                {problem && (
                  <div className="field-error" role="alert">
                    {t(`order:${problem}`, { max: row.max })}
                  </div>
                )}
              </div>
            );
          },
        },
      ]}
    />
  );
}

/** Quantities entered (non-empty) as body lines, or the first problem's message key. */
function quantityLines(rows: QuantityRow[], values: Record<string, string>) {
  const lines = rows
    .filter((r) => (values[r.id] ?? '').trim() !== '')
    .map((r) => ({ itemId: r.id, quantity: values[r.id].trim() }));
  const bad = rows.some((r) => (values[r.id] ?? '').trim() !== '' && quantityProblem(values[r.id], r.max));
  return { lines, bad };
}

type ShipForm = {
  logisticsCompany: string;
  trackingNumber: string;
  shipDate: Dayjs;
  expectedArrivalDate?: Dayjs | null;
  remark?: string;
};

/** Supplier ship: logistics information (required) and a quantity per confirmed line (default: remaining). */
function ShipDialog({
  orderNumber,
  lines,
  onCancel,
  onOk,
}: {
  orderNumber: string;
  lines: Array<{ item: OrderItem; remaining: string }>;
  onCancel: () => void;
  onOk: (body: {
    logisticsCompany: string;
    trackingNumber: string;
    shipDate: string;
    expectedArrivalDate?: string;
    remark?: string;
    lines: Array<{ itemId: string; quantity: string }>;
  }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ShipForm>();
  const rows: QuantityRow[] = lines.map(({ item, remaining }) => ({
    id: item.id,
    itemNumber: item.itemNumber,
    material: `${item.materialNumber} ${item.materialDesc}`,
    unit: item.unit,
    max: remaining,
  }));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(rows.map((r) => [r.id, r.max])),
  );
  const [saving, setSaving] = useState(false);
  const [noLine, setNoLine] = useState(false);
  return (
    <Modal
      open
      title={t('order:delivery.shipTitle', { number: orderNumber })}
      okText={t('order:delivery.ship')}
      cancelText={t('order:actions.cancel')}
      confirmLoading={saving}
      width={820}
      onCancel={onCancel}
      onOk={async () => {
        const v = await form.validateFields();
        const { lines: body, bad } = quantityLines(rows, values);
        setNoLine(body.length === 0);
        if (bad || body.length === 0) return;
        setSaving(true);
        try {
          await onOk({
            logisticsCompany: v.logisticsCompany.trim(),
            trackingNumber: v.trackingNumber.trim(),
            shipDate: v.shipDate.format('YYYY-MM-DD'),
            expectedArrivalDate: v.expectedArrivalDate
              ? v.expectedArrivalDate.format('YYYY-MM-DD')
              : undefined,
            remark: v.remark?.trim() || undefined,
            lines: body,
          });
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ shipDate: today() }} className="ship-form">
        <Space wrap align="start">
          <Form.Item
            name="logisticsCompany"
            label={t('order:delivery.logisticsCompany')}
            rules={[
              { required: true, whitespace: true, message: t('order:delivery.rules.logisticsCompany') },
              { max: 100 },
            ]}
          >
            <Input maxLength={100} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="trackingNumber"
            label={t('order:delivery.trackingNumber')}
            rules={[
              { required: true, whitespace: true, message: t('order:delivery.rules.trackingNumber') },
              { max: 50 },
            ]}
          >
            <Input maxLength={50} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="shipDate"
            label={t('order:delivery.shipDate')}
            rules={[{ required: true, message: t('order:delivery.rules.shipDate') }]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item
            name="expectedArrivalDate"
            label={t('order:delivery.expectedArrivalDate')}
            dependencies={['shipDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, value: Dayjs | null | undefined) => {
                  const ship = getFieldValue('shipDate') as Dayjs | undefined;
                  return value && ship && value.isBefore(ship, 'day')
                    ? Promise.reject(new Error(t('order:delivery.rules.arrivalBeforeShip')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('order:delivery.remark')} rules={[{ max: 500 }]}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
      <p className="muted">{t('order:delivery.shipHint')}</p>
      <QuantityTable
        rows={rows}
        values={values}
        onChange={(id, value) => setValues((s) => ({ ...s, [id]: value }))}
        maxTitle={t('order:delivery.remaining')}
        quantityTitle={t('order:delivery.shipQuantity')}
        ariaKey="order:delivery.shipQuantityOf"
      />
      {noLine && (
        <div className="field-error" role="alert">
          {t('order:delivery.rules.oneQuantity')}
        </div>
      )}
    </Modal>
  );
}

/** Buyer receive against one shipment: a quantity per shipment line (default: not yet received). */
function ReceiveDialog({
  shipment,
  items,
  onCancel,
  onOk,
}: {
  shipment: Shipment;
  items: OrderItem[];
  onCancel: () => void;
  onOk: (body: { remark?: string; lines: Array<{ itemId: string; quantity: string }> }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const rows: QuantityRow[] = shipment.lines
    .map((l) => {
      const item = items.find((i) => i.id === l.orderItemId);
      return {
        id: l.orderItemId,
        itemNumber: l.itemNumber,
        material: item ? `${item.materialNumber} ${item.materialDesc}` : '',
        unit: item?.unit ?? '',
        max: remainingToReceive(l) ?? '0',
      };
    })
    .filter((r) => r.max !== '0');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(rows.map((r) => [r.id, r.max])),
  );
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);
  const [noLine, setNoLine] = useState(false);
  return (
    <Modal
      open
      title={t('order:delivery.receiveTitle', { number: shipment.shipmentNumber })}
      okText={t('order:delivery.receive')}
      cancelText={t('order:actions.cancel')}
      confirmLoading={saving}
      width={720}
      onCancel={onCancel}
      onOk={async () => {
        const { lines, bad } = quantityLines(rows, values);
        setNoLine(lines.length === 0);
        if (bad || lines.length === 0) return;
        setSaving(true);
        try {
          await onOk({ remark: remark.trim() || undefined, lines });
        } finally {
          setSaving(false);
        }
      }}
    >
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('order:delivery.logisticsCompany')}>
          {shipment.logisticsCompany}
        </Descriptions.Item>
        <Descriptions.Item label={t('order:delivery.trackingNumber')}>
          {shipment.trackingNumber}
        </Descriptions.Item>
        <Descriptions.Item label={t('order:delivery.shipDate')}>{shipment.shipDate}</Descriptions.Item>
        <Descriptions.Item label={t('order:delivery.expectedArrivalDate')}>
          {shipment.expectedArrivalDate ?? '—'}
        </Descriptions.Item>
      </Descriptions>
      <p className="muted">{t('order:delivery.receiveHint')}</p>
      <QuantityTable
        rows={rows}
        values={values}
        onChange={(id, value) => setValues((s) => ({ ...s, [id]: value }))}
        maxTitle={t('order:delivery.notReceived')}
        quantityTitle={t('order:delivery.receiveQuantity')}
        ariaKey="order:delivery.receiveQuantityOf"
      />
      {noLine && (
        <div className="field-error" role="alert">
          {t('order:delivery.rules.oneQuantity')}
        </div>
      )}
      <Input
        className="receive-remark"
        style={{ marginTop: 12 }}
        placeholder={t('order:delivery.remark')}
        aria-label={t('order:delivery.remark')}
        maxLength={500}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
      />
    </Modal>
  );
}
