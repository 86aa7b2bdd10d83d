import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Table,
} from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findOrder, findOrders, ORDER_KEYS, type OrderDetail, type OrderSaveBody, saveOrder } from './api.ts';
import { useSide } from './common.tsx';
import {
  exchangeRateOk,
  fieldsInMessage,
  formatAmount,
  type LineInput,
  label,
  lineMoney,
  lineProblems,
  ORDER_TYPE,
  totals,
  trimDecimal,
  URGENCY,
} from './rules.ts';

type LineForm = Omit<LineInput, 'deliveryDate'> & { id?: string; deliveryDate?: Dayjs | null };
type EditForm = {
  toElsAccount: string;
  orderType?: string;
  purchaseType: string;
  orderDate: Dayjs;
  currency: string;
  exchangeRate: string;
  payTermsCode?: string;
  payTermsText?: string;
  incotermsCode?: string;
  incotermsDesc?: string;
  deliveryAddress?: string;
  urgencyFlag: string;
  remark?: string;
  items: LineForm[];
};

const CURRENCIES = ['CNY', 'USD', 'EUR', 'JPY', 'HKD'];
const LINE_FIELDS = [
  'materialNumber',
  'materialDesc',
  'unit',
  'quantity',
  'priceExcludingTax',
  'taxRate',
  'deliveryDate',
] as const;

const emptyLine = (): LineForm => ({ taxRate: '13', deliveryDate: dayjs().add(14, 'day') });

function fromDetail(d: OrderDetail): EditForm {
  const o = d.order;
  return {
    toElsAccount: o.toElsAccount,
    orderType: o.orderType,
    purchaseType: o.purchaseType,
    orderDate: dayjs(o.orderDate),
    currency: o.currency,
    exchangeRate: trimDecimal(o.exchangeRate),
    payTermsCode: o.payTermsCode ?? undefined,
    payTermsText: o.payTermsText ?? undefined,
    incotermsCode: o.incotermsCode ?? undefined,
    incotermsDesc: o.incotermsDesc ?? undefined,
    deliveryAddress: o.deliveryAddress ?? undefined,
    urgencyFlag: o.urgencyFlag,
    remark: o.remark ?? undefined,
    items: d.items
      .filter((i) => i.isDel === 'N')
      .map((i) => ({
        id: i.id,
        materialNumber: i.materialNumber,
        materialDesc: i.materialDesc,
        unit: i.unit,
        quantity: trimDecimal(i.quantity),
        priceExcludingTax: trimDecimal(i.priceExcludingTax),
        taxRate: trimDecimal(i.taxRate),
        deliveryDate: dayjs(i.deliveryDate),
      })),
  };
}

const opt = (v?: string) => (v?.trim() ? v.trim() : undefined);

function toBody(v: EditForm, id?: string, version?: number): OrderSaveBody {
  return {
    ...(id ? { id, version } : {}),
    toElsAccount: v.toElsAccount.trim(),
    orderType: v.orderType ?? '',
    purchaseType: v.purchaseType,
    orderDate: v.orderDate.format('YYYY-MM-DD'),
    currency: v.currency,
    exchangeRate: v.exchangeRate.trim(),
    payTermsCode: opt(v.payTermsCode),
    payTermsText: opt(v.payTermsText),
    incotermsCode: opt(v.incotermsCode),
    incotermsDesc: opt(v.incotermsDesc),
    deliveryAddress: opt(v.deliveryAddress),
    urgencyFlag: v.urgencyFlag,
    remark: opt(v.remark),
    items: v.items.map((l) => ({
      materialNumber: (l.materialNumber ?? '').trim(),
      materialDesc: (l.materialDesc ?? '').trim(),
      unit: (l.unit ?? '').trim(),
      quantity: (l.quantity ?? '').trim(),
      ...(opt(l.priceExcludingTax) ? { priceExcludingTax: opt(l.priceExcludingTax) } : {}),
      ...(opt(l.taxRate) ? { taxRate: opt(l.taxRate) } : {}),
      deliveryDate: l.deliveryDate ? l.deliveryDate.format('YYYY-MM-DD') : '',
    })),
  };
}

/** #/v2/order/edit?id=… (no id: a new order) — buyer only. */
export default function OrderEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? undefined;
  const side = useSide();
  const existing = useQuery({
    queryKey: [...ORDER_KEYS.all, 'detail', side, id],
    queryFn: () => findOrder('purchase', id as string),
    enabled: Boolean(id) && side === 'purchase',
  });
  if (side !== 'purchase') return <Result status="403" title={t('order:edit.buyerOnly')} />;
  if (id && existing.isPending) return <Spin className="tab-loading" />;
  if (id && existing.isError) return <Result status="warning" title={errorText(existing.error)} />;
  return <EditView key={id ?? 'new'} detail={id ? existing.data : undefined} />;
}

function EditView({ detail }: { detail?: OrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<EditForm>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const order = detail?.order;

  // Suppliers this buyer already ordered from: offered in the supplier field (free input stays possible).
  const known = useQuery({
    queryKey: [...ORDER_KEYS.all, 'suppliers'],
    queryFn: () => findOrders('purchase', { currentPage: 1, pageSize: 100 }),
  });
  const supplierOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const r of known.data?.records ?? []) seen.set(r.toElsAccount, r.supplierName);
    return [...seen].map(([value, name]) => ({ value, label: `${value} · ${name}` }));
  }, [known.data]);

  const initial: EditForm = useMemo(
    () =>
      detail
        ? fromDetail(detail)
        : {
            toElsAccount: '',
            purchaseType: '0',
            orderDate: dayjs(),
            currency: 'CNY',
            exchangeRate: '1',
            urgencyFlag: '0',
            items: [emptyLine()],
          },
    [detail],
  );

  const items = Form.useWatch('items', form) ?? initial.items;
  const rate = Form.useWatch('exchangeRate', form) ?? initial.exchangeRate;
  const currency = Form.useWatch('currency', form) ?? initial.currency;
  const moneys = items.map((l) =>
    l?.quantity && l.priceExcludingTax ? lineMoney(l.quantity, l.priceExcludingTax, l.taxRate || '0') : null,
  );
  const known100 = moneys.filter((m): m is NonNullable<typeof m> => m !== null);
  const preview = known100.length > 0 ? totals(known100, rate || '1') : null;

  const typeOptions = Object.keys(ORDER_TYPE).map((v) => ({
    value: v,
    label: `${v} · ${label(ORDER_TYPE, v, locale)}`,
  }));

  const lineRule = (field: keyof LineInput): Rule => ({
    validator: async (_r, value) => {
      const v = field === 'deliveryDate' ? (value ? 'x' : '') : (value ?? '');
      const key = lineProblems({ [field]: v } as LineInput)[field];
      if (key) throw new Error(t(`order:${key}`));
    },
  });

  async function onFinish(values: EditForm) {
    setServerError(null);
    if (!values.items || values.items.length === 0) {
      setServerError(t('order:rules.atLeastOneLine'));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveOrder(toBody(values, order?.id, order?.version));
      void message.success(t('order:done.save'));
      void client.invalidateQueries({ queryKey: ORDER_KEYS.all });
      navigate(`/v2/order/detail?id=${saved.id}`, { replace: true });
    } catch (e) {
      const text = errorText(e);
      setServerError(text);
      if (e instanceof ApiError && e.code === '409') void message.error(text);
      const named = fieldsInMessage(text);
      const fields: Array<{ name: (string | number)[]; errors: string[] }> = [
        ...named.header.filter((f) => f in values).map((f) => ({ name: [f], errors: [text] })),
        ...named.lines
          .filter(([, f]) => (LINE_FIELDS as readonly string[]).includes(f))
          .map(([i, f]) => ({ name: ['items', i, f], errors: [text] })),
      ];
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
    } finally {
      setSaving(false);
    }
  }

  const changing = order?.sendStatus === '1';

  return (
    <Form<EditForm>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      className="page-stack order-edit"
      scrollToFirstError
    >
      <Card
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('order:actions.back')}
              onClick={() => navigate(order ? `/v2/order/detail?id=${order.id}` : '/v2/order/list')}
            />
            {order
              ? t(changing ? 'order:edit.titleChange' : 'order:edit.titleEdit', { number: order.orderNumber })
              : t('order:edit.titleNew')}
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => navigate(order ? `/v2/order/detail?id=${order.id}` : '/v2/order/list')}>
              {t('order:actions.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('order:actions.save')}
            </Button>
          </Space>
        }
      >
        {changing && (
          <Alert type="info" showIcon className="order-alert" message={t('order:edit.changeNote')} />
        )}
        {serverError && (
          <Alert
            type="error"
            showIcon
            className="order-alert"
            role="alert"
            message={serverError}
            closable
            onClose={() => setServerError(null)}
          />
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="toElsAccount"
              label={t('order:fields.supplierAccount')}
              rules={[{ required: true, whitespace: true, message: t('order:rules.supplier') }]}
              extra={t('order:edit.supplierHint')}
            >
              <AutoComplete
                options={supplierOptions}
                disabled={changing}
                filterOption={(input, option) =>
                  String(option?.label ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase())
                }
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="orderType"
              label={t('order:fields.orderType')}
              rules={[{ required: true, message: t('order:rules.orderType') }]}
            >
              <Select options={typeOptions} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="purchaseType" label={t('order:fields.purchaseType')}>
              <Select options={typeOptions} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="orderDate"
              label={t('order:fields.orderDate')}
              rules={[{ required: true, message: t('order:rules.required') }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="urgencyFlag" label={t('order:fields.urgencyFlag')}>
              <Select
                options={Object.keys(URGENCY).map((v) => ({ value: v, label: label(URGENCY, v, locale) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="currency" label={t('order:fields.currency')}>
              <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="exchangeRate"
              label={t('order:fields.exchangeRate')}
              rules={[
                {
                  validator: async (_r, v) => {
                    if (!exchangeRateOk(String(v ?? ''))) throw new Error(t('order:rules.exchangeRate'));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="payTermsCode" label={t('order:fields.payTermsCode')} rules={[{ max: 20 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="payTermsText" label={t('order:fields.payTermsText')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="incotermsCode" label={t('order:fields.incotermsCode')} rules={[{ max: 10 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="incotermsDesc" label={t('order:fields.incotermsDesc')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="deliveryAddress"
              label={t('order:fields.deliveryAddress')}
              rules={[{ max: 200 }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="remark" label={t('order:fields.remark')} rules={[{ max: 500 }]}>
              <Input.TextArea rows={1} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={t('order:detail.lines')} size="small">
        <Form.List
          name="items"
          rules={[
            {
              validator: async (_r, lines: unknown[]) => {
                if (!lines || lines.length === 0) throw new Error(t('order:rules.atLeastOneLine'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                scroll={{ x: 'max-content' }}
                dataSource={fields}
                className="order-lines-edit"
                columns={[
                  { key: 'no', title: t('order:fields.itemNumber'), width: 50, render: (_v, _f, i) => i + 1 },
                  ...(
                    [
                      ['materialNumber', 130],
                      ['materialDesc', 200],
                      ['unit', 70],
                      ['quantity', 110],
                      ['priceExcludingTax', 120],
                      ['taxRate', 80],
                    ] as const
                  ).map(([field, width]) => ({
                    key: field,
                    title: t(`order:edit.cols.${field}`),
                    width,
                    render: (_v: unknown, f: { name: number }) => (
                      <Form.Item name={[f.name, field]} rules={[lineRule(field)]} className="cell-item">
                        <Input
                          aria-label={`${t(`order:edit.cols.${field}`)} ${f.name + 1}`}
                          inputMode={
                            ['quantity', 'priceExcludingTax', 'taxRate'].includes(field)
                              ? 'decimal'
                              : undefined
                          }
                          placeholder={
                            field === 'priceExcludingTax' ? t('order:edit.pricePlaceholder') : undefined
                          }
                        />
                      </Form.Item>
                    ),
                  })),
                  {
                    key: 'deliveryDate',
                    title: t('order:edit.cols.deliveryDate'),
                    width: 150,
                    render: (_v: unknown, f: { name: number }) => (
                      <Form.Item
                        name={[f.name, 'deliveryDate']}
                        rules={[lineRule('deliveryDate')]}
                        className="cell-item"
                      >
                        <DatePicker aria-label={`${t('order:edit.cols.deliveryDate')} ${f.name + 1}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'amount',
                    title: t('order:edit.cols.amount'),
                    width: 130,
                    align: 'right' as const,
                    render: (_v: unknown, f: { name: number }) => {
                      const m = moneys[f.name];
                      return m ? (
                        <span className="num">{formatAmount(m.amount)}</span>
                      ) : (
                        <span className="muted">{t('order:edit.priceFromMaster')}</span>
                      );
                    },
                  },
                  {
                    key: 'remove',
                    title: '',
                    width: 50,
                    render: (_v: unknown, f: { name: number }) => (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('order:edit.removeLine', { line: f.name + 1 })}
                        onClick={() => remove(f.name)}
                      />
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
              <div className="order-lines-foot">
                <Button icon={<PlusOutlined />} onClick={() => add(emptyLine())}>
                  {t('order:edit.addLine')}
                </Button>
                {preview && (
                  <span className="order-preview" role="status" aria-label={t('order:edit.preview')}>
                    {t('order:edit.previewText', {
                      excl: formatAmount(preview.excl),
                      tax: formatAmount(preview.tax),
                      incl: formatAmount(preview.incl),
                      currency,
                      local: formatAmount(preview.local),
                    })}
                  </span>
                )}
              </div>
            </>
          )}
        </Form.List>
      </Card>
    </Form>
  );
}
