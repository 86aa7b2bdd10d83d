import { ArrowLeftOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
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
import { useLocation, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  answerChange,
  closeOrder,
  confirmLines,
  findOrder,
  ORDER_KEYS,
  type OrderDetail,
  type OrderItem,
  printOrder,
  refuseLines,
  runAction,
  type SimpleAction,
} from './api.ts';
import { StatusTag, UrgencyTag, useSide } from './common.tsx';
import {
  AUDIT_STATUS,
  allowedActions,
  CHANGE_STATUS,
  customFieldEntries,
  formatAmount,
  label,
  ORDER_STATUS,
  ORDER_TYPE,
  type OrderAction,
  trailKind,
  trimDecimal,
  usedCustomFields,
} from './rules.ts';

const TRAIL_DICTS = { audit: AUDIT_STATUS, order: ORDER_STATUS, change: CHANGE_STATUS };

type Dialog = null | 'confirm' | 'refuse' | 'returnChange';

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
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const buyer = side === 'purchase';
  const actions = inAudit ? (['print'] as OrderAction[]) : allowedActions(order, side);
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
            {buyer && <StatusTag kind="audit" value={order.auditStatus} />}
            {order.changeStatus !== '0' && <StatusTag kind="change" value={order.changeStatus} />}
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
          <Descriptions.Item label={t('order:fields.sendStatus')}>
            <StatusTag kind="send" value={order.sendStatus} />
            {order.sendTime ? ` ${dayjs(order.sendTime).format('YYYY-MM-DD HH:mm')}` : ''}
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
          <Descriptions.Item label={t('order:fields.createUser')}>
            {order.createUser} · {dayjs(order.createDate).format('YYYY-MM-DD HH:mm')}
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
              <Descriptions.Item key={key} label={key}>
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
                        {row.createUser} · {dayjs(row.createDate).format('YYYY-MM-DD HH:mm:ss')}
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
                { key: 'stepName', dataIndex: 'stepName', title: t('order:detail.step') },
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
                  render: (v) => v ?? '—',
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
  selection,
}: {
  items: OrderItem[];
  currency: string;
  selection?: Parameters<typeof Table<OrderItem>>[0]['rowSelection'];
}) {
  const { t } = useTranslation();
  const live = items.filter((i) => i.isDel === 'N');
  // One column per custom field that any line has (labelled fbkN).
  const customColumns = usedCustomFields(live).map((key) => ({
    key,
    title: key,
    render: (_v: unknown, row: OrderItem) => row[key] ?? '—',
  }));
  return (
    <Table<OrderItem>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={live}
      rowSelection={selection}
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
        ...customColumns,
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
