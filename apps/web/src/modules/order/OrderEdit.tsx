import { lineNumberAt } from '@srm/contracts/field-labels';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  Collapse,
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
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FieldInput, preventEnterSubmit } from '../../components/document/FieldInput.tsx';
import {
  LineCustomFieldsButton,
  LineCustomFieldsDrawer,
} from '../../components/document/LineCustomFields.tsx';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '../../components/page-icons.tsx';
import { today } from '../../lib/clock.ts';
import { useFieldName, useOrderCustomFieldLabels } from '../../lib/custom-field-api.ts';
import { applyServerFieldErrors, serverFieldErrors } from '../../lib/field-errors.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { KEEP_ON_PUSH } from '../../lib/push-relay.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findEffectivePrice, type Material } from '../masterdata/api.ts';
import { findOrder, findOrders, ORDER_KEYS, type OrderDetail, type OrderSaveBody, saveOrder } from './api.ts';
import { useSide } from './common.tsx';
import { type LineCustomErrors, lineCustomErrors } from './line-custom-fields.ts';
import {
  answerStillApplies,
  lineAmountNote,
  type PriceContext,
  type PriceSource,
  priceContextKey,
  priceSourceOf,
  type RepriceOutcome,
  type RepriceSummary,
  repricePlan,
  repriceSummary,
} from './line-prices.ts';
import { MaterialPicker } from './MaterialPicker.tsx';
import {
  CUSTOM_FIELD_KEYS,
  CUSTOM_FIELD_MAX,
  type CustomFields,
  customFieldEntries,
  customFieldsBody,
  EDITABLE_CUSTOM_FIELDS,
  exchangeRateOk,
  formatAmount,
  type LineInput,
  label,
  lineFromMaterial,
  lineMoney,
  linePriceFrom,
  lineProblems,
  ORDER_TYPE,
  totals,
  trimDecimal,
  URGENCY,
} from './rules.ts';

type LineForm = Omit<LineInput, 'deliveryDate'> &
  CustomFields & {
    id?: string;
    /** Set when the material was picked from the master; cleared when the number is typed over. */
    materialId?: string;
    /** Where the price came from (line-prices.ts): re-pricing follows a new supplier only for 'master'. */
    priceSource?: PriceSource;
    deliveryDate?: Dayjs | null;
  };
type EditForm = CustomFields & {
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
  purchaseOrganization?: string;
  purchaseGroup?: string;
  urgencyFlag: string;
  remark?: string;
  items: LineForm[];
};

const CURRENCIES = ['CNY', 'USD', 'EUR', 'JPY', 'HKD'];

const emptyLine = (): LineForm => ({ taxRate: '13', deliveryDate: today(14) });

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
    purchaseOrganization: o.purchaseOrganization ?? undefined,
    purchaseGroup: o.purchaseGroup ?? undefined,
    urgencyFlag: o.urgencyFlag,
    remark: o.remark ?? undefined,
    // Every header custom field (fbk1…fbk50), also those the page does not show, so a save keeps them.
    ...customFieldsBody(o),
    items: d.items
      .filter((i) => i.isDel === 'N')
      .map((i) => ({
        id: i.id,
        materialId: i.materialId ?? undefined,
        materialNumber: i.materialNumber,
        materialDesc: i.materialDesc,
        unit: i.unit,
        quantity: trimDecimal(i.quantity),
        priceExcludingTax: trimDecimal(i.priceExcludingTax),
        taxRate: trimDecimal(i.taxRate),
        deliveryDate: dayjs(i.deliveryDate),
        minPackingQuantity: trimDecimal(i.minPackingQuantity),
        overTolerance: trimDecimal(i.overTolerance),
        lackTolerance: trimDecimal(i.lackTolerance),
        // Every line custom field (fbk1…fbk50): the line's drawer lists and edits them.
        ...customFieldsBody(i),
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
    // Sent as held (also when unchanged): the save writes what the body carries.
    purchaseOrganization: opt(v.purchaseOrganization),
    purchaseGroup: opt(v.purchaseGroup),
    urgencyFlag: v.urgencyFlag,
    remark: opt(v.remark),
    ...customFieldsBody(v),
    items: v.items.map((l) => ({
      ...(l.materialId ? { materialId: l.materialId } : {}),
      materialNumber: (l.materialNumber ?? '').trim(),
      materialDesc: (l.materialDesc ?? '').trim(),
      unit: (l.unit ?? '').trim(),
      quantity: (l.quantity ?? '').trim(),
      ...(opt(l.priceExcludingTax) ? { priceExcludingTax: opt(l.priceExcludingTax) } : {}),
      ...(opt(l.taxRate) ? { taxRate: opt(l.taxRate) } : {}),
      deliveryDate: l.deliveryDate ? l.deliveryDate.format('YYYY-MM-DD') : '',
      ...(opt(l.minPackingQuantity) ? { minPackingQuantity: opt(l.minPackingQuantity) } : {}),
      ...(opt(l.overTolerance) ? { overTolerance: opt(l.overTolerance) } : {}),
      ...(opt(l.lackTolerance) ? { lackTolerance: opt(l.lackTolerance) } : {}),
      ...customFieldsBody(l),
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
    // Its own entry, kept on pushes: the version the form saves with is the one the buyer started from.
    queryKey: [...ORDER_KEYS.all, 'edit', id],
    queryFn: () => findOrder('purchase', id as string),
    enabled: Boolean(id) && side === 'purchase',
    meta: KEEP_ON_PUSH,
  });
  if (side !== 'purchase') return <Result status="403" title={t('order:edit.buyerOnly')} />;
  if (id && existing.isPending) return <Spin className="tab-loading" />;
  if (id && existing.isError) return <Result status="warning" title={errorText(existing.error)} />;
  return <EditView key={id ?? 'new'} detail={id ? existing.data : undefined} />;
}

function EditView({ detail }: { detail?: OrderDetail }) {
  const { t } = useTranslation();
  // Save (and a change's save) needs `order.save` (issue #19): hidden without it and while it loads.
  const may = useCan();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<EditForm>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The line whose custom fields drawer is open (Form.List index). */
  const [customLine, setCustomLine] = useState<number | null>(null);
  /** The server's complaints about line custom fields, by line and field (shown in the drawer). */
  const [customErrors, setCustomErrors] = useState<LineCustomErrors>({});
  /** What the last change of supplier, currency or date did to the lines' prices. */
  const [repriceNote, setRepriceNote] = useState<RepriceNote | null>(null);
  /** The buyer's names of the custom fields (issue #5): header fields and the lines' drawer. */
  const customLabels = useOrderCustomFieldLabels(detail?.order.id);
  const headerNames = useFieldName(customLabels.purchaseOrder);
  const namedHeaderKeys = useMemo(
    () => new Set(customLabels.purchaseOrder.map((l) => l.fieldKey as string)),
    [customLabels.purchaseOrder],
  );
  /** fbk1…fbk10, and any other header field the buyer named, in fbk order. */
  const headerKeys = useMemo(
    () => CUSTOM_FIELD_KEYS.filter((key, i) => i < EDITABLE_CUSTOM_FIELDS || namedHeaderKeys.has(key)),
    [namedHeaderKeys],
  );
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
            orderDate: today(),
            currency: 'CNY',
            exchangeRate: '1',
            urgencyFlag: '0',
            items: [emptyLine()],
          },
    [detail],
  );

  /** Header custom fields listed without a name: those the order holds, then those the buyer added. */
  const [addedHeaderKeys, setAddedHeaderKeys] = useState<string[]>(() =>
    customFieldEntries(initial).map(([key]) => key as string),
  );
  const [focusHeaderKey, setFocusHeaderKey] = useState<string | null>(null);

  // The whole store (preserve): also the values without an input (materialId, line custom fields).
  const items = (Form.useWatch('items', { form, preserve: true }) as LineForm[] | undefined) ?? initial.items;
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

  /** A line field's check, its message naming the line by its number (10, 20 …) as the server's do. */
  const lineRule = (field: keyof LineInput, index: number): Rule => ({
    validator: async (_r, value) => {
      const v = field === 'deliveryDate' ? (value ? 'x' : '') : (value ?? '');
      const key = lineProblems({ [field]: v } as LineInput)[field];
      if (key)
        throw new Error(t('order:edit.lineRule', { line: lineNumberAt(index), rule: t(`order:${key}`) }));
    },
  });
  /**
   * A line input's accessible name: its column and the line's number (10, 20 …) — "第 20 行数量" /
   * "Quantity of line 20" — as the kernel's form (DocumentForm) and the server's messages name it (issue #33).
   */
  const lineInputName = (column: string, index: number) =>
    t('order:edit.fieldOfLine', { line: lineNumberAt(index), field: column });

  /** Line values by path (the form's typed paths do not reach into a line by a computed field). */
  const setLineFields = (
    fields: Array<{ name: (string | number)[]; value?: unknown; errors?: string[]; warnings?: string[] }>,
  ) => form.setFields(fields as Parameters<typeof form.setFields>[0]);
  const lineValue = (index: number) => (form.getFieldValue('items') as LineForm[] | undefined)?.[index];

  /**
   * A material picked for line `index`: fills number, description, unit, minimum packing quantity and
   * tolerances from the material master, then price and tax rate from the price master for the order's
   * supplier at the order date (as the server would default them). Without a supplier, a valid price or
   * with a price in another currency the price stays empty and a message says why.
   */
  async function pickMaterial(index: number, material: Material) {
    const path = (field: keyof LineForm) => ['items', index, field];
    const filled = lineFromMaterial(material);
    setLineFields([
      ...Object.entries(filled).map(([field, value]) => ({
        name: path(field as keyof LineForm),
        value,
        errors: [],
      })),
      { name: path('priceExcludingTax'), value: undefined, errors: [], warnings: [] },
      { name: path('priceSource'), value: undefined },
    ]);
    const supplier = String(form.getFieldValue('toElsAccount') ?? '').trim();
    if (!supplier) {
      void message.info(t('order:edit.supplierForPrice'));
      return;
    }
    const orderDate = (form.getFieldValue('orderDate') as Dayjs | undefined) ?? today();
    const orderCurrency = String(form.getFieldValue('currency') ?? 'CNY');
    try {
      const price = await findEffectivePrice({
        toElsAccount: supplier,
        materialId: material.id,
        // The server defaults prices at the order date's UTC midnight; ask for the same instant.
        at: `${orderDate.format('YYYY-MM-DD')}T00:00:00.000Z`,
      });
      // The line may have changed, or the buyer typed a price, while the answer was on its way.
      if (!answerStillApplies(lineValue(index), material.id)) return;
      const result = linePriceFrom(price, orderCurrency);
      if (result.ok) {
        setLineFields([
          { name: path('priceExcludingTax'), value: result.priceExcludingTax, errors: [] },
          { name: path('taxRate'), value: result.taxRate, errors: [] },
          { name: path('priceSource'), value: 'master' },
        ]);
        return;
      }
      // No valid price: the amount cell says so until the buyer types one (line-prices.ts).
      setLineFields([{ name: path('priceSource'), value: priceSourceOf(result) }]);
      if (result.reason === 'currency') {
        void message.warning(
          t('order:edit.priceCurrency', {
            material: material.materialNumber,
            currency: result.currency,
            orderCurrency,
          }),
        );
      } else {
        void message.warning(t('order:edit.noPrice', { material: material.materialNumber, supplier }));
      }
    } catch (e) {
      void message.error(errorText(e));
    }
  }

  // ---- Re-pricing when the supplier, currency or order date changes (line-prices.ts) ----

  const contextOf = (v: Pick<EditForm, 'toElsAccount' | 'currency' | 'orderDate'>): PriceContext => ({
    supplier: String(v.toElsAccount ?? '').trim(),
    currency: String(v.currency ?? 'CNY'),
    date: (v.orderDate ?? today()).format('YYYY-MM-DD'),
  });
  /** The context the lines' prices were last read for; starts with the form's initial one. */
  const pricedFor = useRef(priceContextKey(contextOf(initial)));
  /** The re-pricing under way, which a save waits for. */
  const repricing = useRef<Promise<void>>(Promise.resolve());

  /** Re-prices the lines if the supplier, currency or date differs from the one they were priced for. */
  function priceContextChanged(): Promise<void> {
    const context = contextOf(form.getFieldsValue(['toElsAccount', 'currency', 'orderDate']) as EditForm);
    const key = priceContextKey(context);
    if (key === pricedFor.current) return repricing.current;
    pricedFor.current = key;
    repricing.current = reprice(context, key);
    return repricing.current;
  }

  /**
   * Lines priced by the price master (or still without price) lose the old supplier's price at once — a
   * save meanwhile lets the server price them for the new one — and take the new supplier's price, or a
   * warning when it has none. Lines with a typed or saved price keep it, marked, and the note says which.
   */
  async function reprice(context: PriceContext, key: string): Promise<void> {
    const lines = (form.getFieldValue('items') as LineForm[] | undefined) ?? [];
    const plan = repricePlan(lines);
    if (plan.reprice.length === 0 && plan.kept.length === 0) {
      setRepriceNote(null);
      return;
    }
    const priceAt = (index: number) => ['items', index, 'priceExcludingTax'];
    setLineFields(
      plan.reprice.flatMap((i) => [
        { name: priceAt(i), value: undefined, errors: [], warnings: [] },
        { name: ['items', i, 'priceSource'], value: undefined },
      ]),
    );
    if (!context.supplier) {
      setRepriceNote({
        ...repriceSummary(lines, [], plan.kept),
        waiting: plan.reprice.map((i) => lineNumberAt(i)),
        context,
      });
      return;
    }
    const outcomes = await Promise.all(
      plan.reprice.map(async (index) => {
        const materialId = lines[index]?.materialId as string;
        let outcome: RepriceOutcome;
        try {
          const price = await findEffectivePrice({
            toElsAccount: context.supplier,
            materialId,
            // The server defaults prices at the order date's UTC midnight; ask for the same instant.
            at: `${context.date}T00:00:00.000Z`,
          });
          outcome = linePriceFrom(price, context.currency);
        } catch {
          outcome = { ok: false, reason: 'error' };
        }
        return { index, materialId, outcome };
      }),
    );
    // A newer change of supplier, currency or date took over.
    if (pricedFor.current !== key) return;
    // Lines whose material changed meanwhile (or were removed) are left to the pick that changed them,
    // lines whose price the buyer typed meanwhile keep it.
    const still = outcomes.filter((o) => answerStillApplies(lineValue(o.index), o.materialId));
    type FieldUpdate = Parameters<typeof setLineFields>[0][number];
    setLineFields([
      ...still.flatMap(({ index, outcome }): FieldUpdate[] =>
        outcome.ok
          ? [
              { name: priceAt(index), value: outcome.priceExcludingTax, errors: [], warnings: [] },
              { name: ['items', index, 'taxRate'], value: outcome.taxRate, errors: [] },
              { name: ['items', index, 'priceSource'], value: 'master' },
            ]
          : [
              // No valid price for the new context: the amount cell says so (line-prices.ts lineAmountNote).
              { name: ['items', index, 'priceSource'], value: priceSourceOf(outcome) },
              {
                name: priceAt(index),
                value: undefined,
                warnings: [
                  outcome.reason === 'currency'
                    ? t('order:reprice.currencyField', { currency: outcome.currency })
                    : t('order:reprice.noPriceField'),
                ],
              },
            ],
      ),
      ...plan.kept.map((index) => ({ name: priceAt(index), warnings: [t('order:reprice.keptField')] })),
    ]);
    setRepriceNote({ ...repriceSummary(lines, still, plan.kept), waiting: [], context });
  }

  /** Typing in the material number unlinks the line from a material picked before (picking links it). */
  function typedMaterialNumber(index: number) {
    if (lineValue(index)?.materialId)
      setLineFields([{ name: ['items', index, 'materialId'], value: undefined }]);
  }

  async function onFinish(submitted: EditForm) {
    // A supplier typed and saved at once (Enter): its prices first, never the previous supplier's.
    await priceContextChanged();
    // The whole store: also the values without an input (materialId, custom fields not shown).
    const values = { ...submitted, ...(form.getFieldsValue(true) as EditForm) };
    setServerError(null);
    setCustomErrors({});
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
      if (e instanceof ApiError && e.code === '409') void message.error(text);
      // The server's field errors (data.errors, issue #33) under their fields: a line's field on its row, a
      // line's custom field in its drawer; the alert keeps what no field shows (or the whole message).
      const fieldErrors = serverFieldErrors(e);
      const lineErrors = lineCustomErrors(applyServerFieldErrors(form, e));
      setServerError(
        fieldErrors.length === 0
          ? text
          : lineErrors.others.length > 0
            ? lineErrors.others.map((f) => f.message).join(locale === 'en' ? '; ' : '；')
            : null,
      );
      // A refused line custom field: its line's drawer opens on it.
      setCustomErrors(lineErrors.custom);
      const firstLine = Object.keys(lineErrors.custom)
        .map(Number)
        .sort((a, b) => a - b)[0];
      if (firstLine !== undefined) setCustomLine(firstLine);
    } finally {
      setSaving(false);
    }
  }

  const changing = order?.sendStatus === '1';
  // Collapsed unless the order holds a value in one of them (issue #12: it opened on empty fbk3…fbk10).
  const customOpen = customFieldEntries(initial).some(([key]) => headerKeys.includes(key));
  // Listed: the named fields, those holding a value and those added with "add field"; the rest on demand.
  const shownHeaderKeys = headerKeys.filter(
    (key) => namedHeaderKeys.has(key) || addedHeaderKeys.includes(key),
  );
  const addableHeaderKeys = headerKeys.filter((key) => !shownHeaderKeys.includes(key));

  return (
    <Form<EditForm>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      // Enter in a field — a header date as a line's — never saves the order (issue #33): Save does.
      onKeyDown={preventEnterSubmit}
      onValuesChange={(changed: Partial<EditForm>) => {
        if ('currency' in changed || 'orderDate' in changed) void priceContextChanged();
      }}
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
            {may(kindCode({ kind: 'order' }, 'save')) && (
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('order:actions.save')}
              </Button>
            )}
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
                onBlur={() => void priceContextChanged()}
                // After the form took the picked value.
                onSelect={() => setTimeout(() => void priceContextChanged())}
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
          {(['purchaseOrganization', 'purchaseGroup'] as const).map((name) => {
            const field = purchaseOrderDefinition.header[name];
            return (
              <Col xs={12} md={6} key={name}>
                <Form.Item name={name} label={field.label[locale]}>
                  <FieldInput field={field} locale={locale} ariaLabel={field.label[locale]} />
                </Form.Item>
              </Col>
            );
          })}
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
        <Collapse
          size="small"
          className="order-custom-fields"
          defaultActiveKey={customOpen ? ['custom'] : []}
          items={[
            {
              key: 'custom',
              label: t('order:edit.customFields'),
              forceRender: true,
              children: (
                <>
                  <div className="order-hint order-custom-hint">{t('order:edit.customFieldsHint')}</div>
                  <Row gutter={16}>
                    {shownHeaderKeys.map((key) => (
                      <Col xs={12} md={6} lg={4} key={key}>
                        <Form.Item
                          name={key}
                          label={headerNames.nameWithKey(key)}
                          rules={[{ max: CUSTOM_FIELD_MAX, message: t('order:rules.customFieldMax') }]}
                        >
                          <Input maxLength={CUSTOM_FIELD_MAX} allowClear autoFocus={key === focusHeaderKey} />
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                  {addableHeaderKeys.length > 0 && (
                    <Select<string>
                      className="order-custom-add"
                      showSearch
                      value={null}
                      placeholder={t('order:edit.addCustomField')}
                      aria-label={t('order:edit.addCustomField')}
                      options={addableHeaderKeys.map((key) => ({
                        value: key,
                        label: headerNames.nameWithKey(key),
                      }))}
                      onChange={(key) => {
                        setAddedHeaderKeys((keys) => [...keys, key]);
                        setFocusHeaderKey(key);
                      }}
                    />
                  )}
                </>
              ),
            },
          ]}
        />
      </Card>

      <Card title={t('order:detail.lines')} size="small">
        {repriceNote && <RepriceAlert note={repriceNote} onClose={() => setRepriceNote(null)} />}
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
                  {
                    key: 'no',
                    title: t('order:fields.itemNumber'),
                    width: 50,
                    render: (_v, _f, i) => <span className="line-no">{lineNumberAt(i)}</span>,
                  },
                  {
                    key: 'materialNumber',
                    title: t('order:edit.cols.materialNumber'),
                    width: 190,
                    render: (_v: unknown, f: { name: number }) => (
                      <Form.Item
                        name={[f.name, 'materialNumber']}
                        rules={[lineRule('materialNumber', f.name)]}
                        className="cell-item"
                      >
                        <MaterialPicker
                          aria-label={lineInputName(t('order:edit.cols.materialNumber'), f.name)}
                          onTyped={() => typedMaterialNumber(f.name)}
                          onPick={(m) => void pickMaterial(f.name, m)}
                        />
                      </Form.Item>
                    ),
                  },
                  ...(
                    [
                      ['materialDesc', 200],
                      ['unit', 70],
                      ['quantity', 110],
                      ['priceExcludingTax', 120],
                      ['taxRate', 80],
                      ['minPackingQuantity', 110],
                      ['overTolerance', 90],
                      ['lackTolerance', 90],
                    ] as const
                  ).map(([field, width]) => ({
                    key: field,
                    title: t(`order:edit.cols.${field}`),
                    width,
                    render: (_v: unknown, f: { name: number }) => (
                      <Form.Item
                        name={[f.name, field]}
                        rules={[lineRule(field, f.name)]}
                        className="cell-item"
                      >
                        <Input
                          aria-label={lineInputName(t(`order:edit.cols.${field}`), f.name)}
                          inputMode={
                            [
                              'quantity',
                              'priceExcludingTax',
                              'taxRate',
                              'minPackingQuantity',
                              'overTolerance',
                              'lackTolerance',
                            ].includes(field)
                              ? 'decimal'
                              : undefined
                          }
                          placeholder={
                            field === 'priceExcludingTax' ? t('order:edit.pricePlaceholder') : undefined
                          }
                          // A typed price is the buyer's: a new supplier does not re-price it.
                          onChange={
                            field === 'priceExcludingTax'
                              ? () =>
                                  setLineFields([{ name: ['items', f.name, 'priceSource'], value: 'manual' }])
                              : undefined
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
                        rules={[lineRule('deliveryDate', f.name)]}
                        className="cell-item"
                      >
                        <DatePicker aria-label={lineInputName(t('order:edit.cols.deliveryDate'), f.name)} />
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
                      if (m) return <span className="num">{formatAmount(m.amount)}</span>;
                      const note = lineAmountNote(items[f.name]);
                      if (note === 'noPrice')
                        return <span className="line-no-price">{t('order:reprice.noPriceAmount')}</span>;
                      return (
                        <span className="muted">
                          {t(
                            note === 'incomplete'
                              ? 'order:reprice.incompleteAmount'
                              : 'order:edit.priceFromMaster',
                          )}
                        </span>
                      );
                    },
                  },
                  {
                    key: 'custom',
                    title: t('order:lineCustom.column'),
                    width: 110,
                    render: (_v: unknown, f: { name: number }) => (
                      <LineCustomFieldsButton
                        line={items[f.name]}
                        labels={customLabels.purchaseOrderItem}
                        index={f.name}
                        hasError={Boolean(customErrors[f.name])}
                        onOpen={() => setCustomLine(f.name)}
                      />
                    ),
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
                        aria-label={t('order:edit.removeLine', { line: lineNumberAt(f.name) })}
                        onClick={() => {
                          // Indexes after the removed line shift: close the drawer, drop stale complaints.
                          setCustomLine(null);
                          setCustomErrors({});
                          remove(f.name);
                        }}
                      />
                    ),
                  },
                ]}
              />
              {/* In a form item, so "add at least one row" reads as the field error it is (red, issue #12). */}
              <Form.Item
                className="order-lines-errors"
                validateStatus={errors.length > 0 ? 'error' : undefined}
              >
                <Form.ErrorList errors={errors} />
              </Form.Item>
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
      <LineCustomFieldsDrawer
        index={customLine}
        labels={customLabels.purchaseOrderItem}
        errors={customLine === null ? {} : (customErrors[customLine] ?? {})}
        onClose={() => setCustomLine(null)}
        onEdited={(field) =>
          setCustomErrors((all) => {
            const key = field as `fbk${number}`;
            if (customLine === null || !all[customLine]?.[key]) return all;
            const { [key]: _gone, ...rest } = all[customLine];
            return { ...all, [customLine]: rest };
          })
        }
      />
    </Form>
  );
}

type RepriceNote = RepriceSummary & {
  /** Lines (numbers) to be priced once a supplier is entered. */
  waiting: number[];
  context: PriceContext;
};

/** What a change of supplier, currency or date did to the lines' prices, above the lines. */
function RepriceAlert({ note, onClose }: { note: RepriceNote; onClose: () => void }) {
  const { t } = useTranslation();
  const rows = [
    ['repriced', note.repriced],
    ['waiting', note.waiting.map(String)],
    ['missing', note.missing],
    ['kept', note.kept],
  ] as const;
  const warn = note.missing.length + note.kept.length + note.waiting.length > 0;
  return (
    <Alert
      type={warn ? 'warning' : 'success'}
      showIcon
      closable
      onClose={onClose}
      className="order-alert reprice-alert"
      role="status"
      message={
        note.context.supplier
          ? t('order:reprice.title', { supplier: note.context.supplier, currency: note.context.currency })
          : t('order:reprice.titleNoSupplier')
      }
      description={
        <ul className="reprice-list">
          {rows
            .filter(([, lines]) => lines.length > 0)
            .map(([kind, lines]) => (
              <li key={kind}>{t(`order:reprice.${kind}`, { lines: lines.join(', ') })}</li>
            ))}
        </ul>
      }
    />
  );
}
