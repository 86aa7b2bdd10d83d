import { enquiryDefinition as def, ENQUIRY_TYPE } from '@srm/contracts/enquiry';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findDocument, saveDocument } from '../../components/document/api.ts';
import { preventEnterSubmit } from '../../components/document/FieldInput.tsx';
import {
  chosenLabels,
  MasterSelect,
  materialSource,
  supplierSource,
} from '../../components/MasterSelect.tsx';
import { applyServerFieldErrors, serverFieldErrors } from '../../lib/field-errors.ts';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findAllInvitations, findCostTemplates, findFormSettings } from './api.ts';
import './i18n-rfq.ts';
import { minSuppliersOf, suppliersRule } from './supplier-rule.ts';

/** enquiryType of an order's one-round RFQ (issue #13): never chosen on this form. */
const ORDER_BIDDING = '3';

type Line = {
  id?: string;
  materialId?: string;
  quantity?: number;
  deliveryDate?: dayjs.Dayjs;
  suppliers?: string[];
};
type Values = {
  enquiryDesc: string;
  /** 1 by invitation, 2 public (issue #13: every supplier may take part; invitations optional). */
  enquiryMethod: string;
  /** 1 standard, 2 urgent; 3 "order bidding" only shown (read-only) on an RFQ an order made. */
  enquiryType: string;
  /** A public RFQ's registration deadline (optional). */
  joinEndTime?: dayjs.Dayjs | null;
  quoteMethod: string;
  quoteEndTime: dayjs.Dayjs;
  priceValidDate: dayjs.Dayjs;
  payMethod?: string;
  taxRate?: number;
  showQuoteInfo: string;
  openOnAllQuoted: string;
  /** Write-only: empty keeps the current opening password. */
  passWord?: string;
  /** The remark (a demand-pool RFQ's names its requisitions). */
  remark?: string;
  /** Cost-breakdown RFQ: the cost items; any RFQ: the additional fees (names). */
  costConstituteJson?: string[];
  additionFeeJson?: string[];
  /** The RFQ's currency, and the other currencies suppliers may quote in with the buyer's fixed rates. */
  currency?: string;
  currencyRateJson?: Array<{ currency?: string; exchangeRate?: string }>;
  lines: Line[];
};

/**
 * #/v2/edit?id=… — a new or draft RFQ (buyer): header, and per material line its quantity, requested date
 * and the invited suppliers (linked suppliers, each once, at least the company's minimum per line — the
 * preset parameter Enquiry_Group/minSuppliersPerLine read from formSettings, 3 while it loads and never
 * below 3; the server checks the same figure and says which line breaks it, spec 001 §5/§9, issue #19). The material and supplier selects search the master on the server as the user types
 * (MasterSelect), so any of thousands of materials or hundreds of suppliers can be picked.
 */
export default function EnquiryEdit() {
  const { t } = useTranslation();
  // Save needs the kind's save (issue #19): hidden without it and while the permissions load.
  const may = useCan();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const [form] = Form.useForm<Values>();
  const publicMethod = Form.useWatch('enquiryMethod', form) === '2';
  // The template picker reads the library: function permission costTemplate.read (issue #19).
  const templatesReadable = may('costTemplate.read');
  const templates = useQuery({
    queryKey: ['rfq', 'costTemplates'],
    queryFn: () => findCostTemplates(),
    enabled: templatesReadable,
  });
  // The company's minimum of suppliers per line (issue #19): cached, 3 while it loads; read only by
  // callers who may save (the call needs enquiry.save), so a read-only user sees no 403.
  const formSettings = useQuery({
    queryKey: ['rfq', 'formSettings'],
    queryFn: findFormSettings,
    enabled: may(kindCode(def, 'save')),
    staleTime: 5 * 60_000,
  });
  const minSuppliers = minSuppliersOf(formSettings.data?.minSuppliersPerLine);
  const existing = useQuery({
    queryKey: ['rfq', 'edit', id],
    enabled: !!id,
    queryFn: async () => {
      const detail = await findDocument(def, 'purchase', id);
      const invitations = await findAllInvitations(id);
      return {
        detail,
        invitations,
        labels: await chosenLabels(
          detail.lines,
          invitations.lines.flatMap((line) => line.suppliers),
        ),
      };
    },
  });
  const locale = useSettings((st) => st.locale);
  const label = (f: keyof typeof def.header) => def.header[f].label[locale];
  // An order's one-round RFQ (enquiryType 3) is made only by the order's "Start bidding" and the save
  // refuses the type ('400' enquiryTypeOrderOnly): the select offers it only to show such an RFQ, read-only.
  const orderBidding = existing.data?.detail.record.enquiryType === ORDER_BIDDING;
  const typeOptions = Object.entries(ENQUIRY_TYPE)
    .filter(([value]) => value !== ORDER_BIDDING || orderBidding)
    .map(([value, l]) => ({ value, label: l[locale] }));

  useEffect(() => {
    if (!existing.data) return;
    const { record, lines } = existing.data.detail;
    form.setFieldsValue({
      enquiryDesc: String(record.enquiryDesc ?? ''),
      enquiryMethod: String(record.enquiryMethod ?? '1'),
      enquiryType: String(record.enquiryType ?? '1'),
      joinEndTime: record.joinEndTime ? dayjs(String(record.joinEndTime)) : null,
      quoteMethod: String(record.quoteMethod ?? '1'),
      quoteEndTime: dayjs(String(record.quoteEndTime)),
      priceValidDate: dayjs(String(record.priceValidDate)),
      payMethod: (record.payMethod as string) ?? undefined,
      taxRate: record.taxRate ? Number(record.taxRate) : undefined,
      showQuoteInfo: String(record.showQuoteInfo ?? '0'),
      openOnAllQuoted: String(record.openOnAllQuoted ?? '0'),
      remark: (record.remark as string | null) ?? '',
      costConstituteJson: existing.data.invitations.costItems,
      additionFeeJson: existing.data.invitations.feeItems,
      currency: String(record.currency ?? 'CNY'),
      currencyRateJson: existing.data.invitations.currencyRates,
      lines: lines.map((l) => ({
        // The line's id keeps its source (a demand-pool requisition line) when the draft is saved again.
        id: String(l.id),
        materialId: String(l.materialId),
        quantity: Number(l.quantity),
        deliveryDate: dayjs(String(l.deliveryDate)),
        suppliers: existing.data.invitations.lines
          .find((i) => i.itemId === l.id)
          ?.suppliers.map((s) => s.toElsAccount),
      })),
    });
  }, [existing.data, form]);

  if (id && existing.isLoading) return <Spin />;

  async function onFinish(v: Values) {
    try {
      const record = await saveDocument(def, 'purchase', {
        ...(id && existing.data ? { id, version: existing.data.detail.record.version } : {}),
        enquiryDesc: v.enquiryDesc,
        enquiryMethod: v.enquiryMethod,
        enquiryType: v.enquiryType,
        joinEndTime: v.enquiryMethod === '2' && v.joinEndTime ? v.joinEndTime.toISOString() : undefined,
        quoteMethod: v.quoteMethod,
        quoteEndTime: v.quoteEndTime.toISOString(),
        priceValidDate: v.priceValidDate.format('YYYY-MM-DD'),
        payMethod: v.payMethod || undefined,
        taxRate: v.taxRate === undefined || v.taxRate === null ? undefined : String(v.taxRate),
        showQuoteInfo: v.showQuoteInfo,
        openOnAllQuoted: v.openOnAllQuoted,
        passWord: v.passWord || undefined,
        remark: v.remark ?? '',
        costConstituteJson: v.quoteMethod === '3' ? (v.costConstituteJson ?? []) : [],
        additionFeeJson: v.additionFeeJson ?? [],
        currency: (v.currency || 'CNY').toUpperCase(),
        currencyRateJson: (v.currencyRateJson ?? [])
          .filter((r) => r.currency && r.exchangeRate)
          .map((r) => ({ currency: String(r.currency).toUpperCase(), exchangeRate: String(r.exchangeRate) })),
        lines: v.lines.map((l) => ({
          ...(l.id ? { id: l.id } : {}),
          materialId: l.materialId,
          quantity: String(l.quantity),
          deliveryDate: l.deliveryDate?.format('YYYY-MM-DD'),
          suppliers: l.suppliers ?? [],
        })),
      } as never);
      void message.success(t('rfq:edit.saved'));
      navigate(`/v2/detail?id=${record.id}`);
    } catch (e) {
      // Field errors go under their fields (issue #33); anything else is one message.
      const unplaced = applyServerFieldErrors(form, e);
      if (serverFieldErrors(e).length === 0) void message.error(errorText(e));
      else if (unplaced.length > 0) void message.error(unplaced.map((u) => u.message).join('; '));
    }
  }

  return (
    <Card title={t('rfq:edit.title')}>
      {orderBidding && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('rfq:edit.orderBiddingReadOnly')}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        // Enter in a field (a date, a quantity) never saves the RFQ (issue #33): the Save button does.
        onKeyDown={preventEnterSubmit}
        initialValues={{
          enquiryMethod: '1',
          enquiryType: '1',
          quoteMethod: '1',
          showQuoteInfo: '0',
          openOnAllQuoted: '0',
          currency: 'CNY',
          currencyRateJson: [],
          lines: [{}],
        }}
      >
        <Space wrap>
          <Form.Item name="enquiryDesc" label={label('enquiryDesc')} rules={[{ required: true, max: 200 }]}>
            <Input style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="enquiryMethod" label={label('enquiryMethod')}>
            <Select
              aria-label={label('enquiryMethod')}
              style={{ width: 140 }}
              options={Object.entries(def.header.enquiryMethod.codes).map(([value, l]) => ({
                value,
                label: l[locale],
              }))}
            />
          </Form.Item>
          <Form.Item name="enquiryType" label={label('enquiryType')}>
            <Select
              aria-label={label('enquiryType')}
              style={{ width: 140 }}
              disabled={orderBidding}
              options={typeOptions}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['enquiryMethod']}>
            {({ getFieldValue }) =>
              getFieldValue('enquiryMethod') === '2' ? (
                <Form.Item name="joinEndTime" label={label('joinEndTime')} extra={t('rfq:edit.joinEndHint')}>
                  <DatePicker showTime aria-label={label('joinEndTime')} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item name="quoteMethod" label={label('quoteMethod')}>
            <Select
              style={{ width: 140 }}
              options={Object.entries(def.header.quoteMethod.codes).map(([value, l]) => ({
                value,
                label: l[locale],
              }))}
            />
          </Form.Item>
          <Form.Item name="quoteEndTime" label={label('quoteEndTime')} rules={[{ required: true }]}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="priceValidDate" label={label('priceValidDate')} rules={[{ required: true }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="payMethod" label={label('payMethod')}>
            <Input style={{ width: 160 }} maxLength={100} />
          </Form.Item>
          <Form.Item name="taxRate" label={label('taxRate')}>
            <InputNumber min={0} max={100} />
          </Form.Item>
          {(['showQuoteInfo', 'openOnAllQuoted'] as const).map((name) => (
            <Form.Item key={name} name={name} label={label(name)}>
              <Select
                style={{ width: 160 }}
                options={Object.entries(def.header[name].codes).map(([value, l]) => ({
                  value,
                  label: l[locale],
                }))}
              />
            </Form.Item>
          ))}
          <Form.Item
            name="passWord"
            label={label('passWord')}
            extra={
              existing.data?.detail.record.passWordSet === '1'
                ? t('rfq:edit.passWordKept')
                : t('rfq:edit.passWordHint')
            }
            rules={[{ max: 32 }]}
          >
            <Input.Password style={{ width: 200 }} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="remark" label={label('remark')} rules={[{ max: 500 }]}>
            <Input style={{ width: 360 }} maxLength={500} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item noStyle dependencies={['quoteMethod']}>
            {({ getFieldValue }) =>
              getFieldValue('quoteMethod') === '3' ? (
                <>
                  {/* Picking a template of the buyer's library fills the cost items (still editable). */}
                  {templatesReadable && (
                    <Form.Item label={t('rfq:edit.costTemplate')}>
                      <Space>
                        <Select
                          aria-label={t('rfq:edit.costTemplate')}
                          style={{ width: 220 }}
                          allowClear
                          loading={templates.isLoading}
                          options={(templates.data?.rows ?? []).map((tpl) => ({
                            value: tpl.id,
                            label: tpl.templateName,
                          }))}
                          onChange={(value?: string) => {
                            const picked = templates.data?.rows.find((tpl) => tpl.id === value);
                            if (picked) form.setFieldValue('costConstituteJson', picked.costItems);
                          }}
                        />
                        <Button type="link" onClick={() => navigate('/v2/costTemplates')}>
                          {t('rfq:templates.manage')}
                        </Button>
                      </Space>
                    </Form.Item>
                  )}
                  <Form.Item
                    name="costConstituteJson"
                    label={t('rfq:edit.costItems')}
                    extra={t('rfq:edit.itemsHint')}
                    rules={[{ required: true, type: 'array', min: 1 }]}
                  >
                    <Select mode="tags" style={{ width: 360 }} open={false} tokenSeparators={[',', '，']} />
                  </Form.Item>
                </>
              ) : null
            }
          </Form.Item>
          <Form.Item name="additionFeeJson" label={t('rfq:edit.feeItems')} extra={t('rfq:edit.itemsHint')}>
            <Select mode="tags" style={{ width: 360 }} open={false} tokenSeparators={[',', '，']} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="currency" label={label('currency')} rules={[{ pattern: /^[A-Za-z]{3}$/ }]}>
            <Input style={{ width: 90 }} maxLength={3} />
          </Form.Item>
          {/* The other quote currencies and the buyer's fixed rates: the comparison converts with them. */}
          <Form.Item label={t('rfq:edit.quoteCurrencies')} extra={t('rfq:edit.quoteCurrenciesHint')}>
            <Form.List name="currencyRateJson">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline">
                      <Form.Item
                        name={[field.name, 'currency']}
                        rules={[{ required: true, pattern: /^[A-Za-z]{3}$/ }]}
                      >
                        <Input
                          aria-label={t('rfq:edit.quoteCurrency')}
                          placeholder="USD"
                          style={{ width: 90 }}
                          maxLength={3}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'exchangeRate']}
                        rules={[{ required: true, pattern: /^\d{1,4}(\.\d{1,6})?$/ }]}
                      >
                        <Input
                          aria-label={t('rfq:edit.exchangeRate')}
                          placeholder="7.1"
                          style={{ width: 120 }}
                        />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(field.name)}>
                        ×
                      </Button>
                    </Space>
                  ))}
                  <Button onClick={() => add({})}>{t('rfq:edit.addCurrency')}</Button>
                </>
              )}
            </Form.List>
          </Form.Item>
        </Space>
        <Form.Item noStyle dependencies={['enquiryMethod']}>
          {({ getFieldValue }) =>
            getFieldValue('enquiryMethod') === '2' ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                message={t('rfq:edit.publicHint', { min: minSuppliers })}
              />
            ) : null
          }
        </Form.Item>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap>
                  {/* Registered so the save sends it: the line's id keeps its demand-pool source. */}
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'materialId']}
                    label={t('rfq:edit.material')}
                    rules={[{ required: true }]}
                  >
                    <MasterSelect
                      source={materialSource}
                      style={{ width: 240 }}
                      labels={existing.data?.labels.materials}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'quantity']}
                    label={t('rfq:edit.quantity')}
                    rules={[{ required: true }]}
                  >
                    <InputNumber min={0.001} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'deliveryDate']}
                    label={t('rfq:edit.deliveryDate')}
                    rules={[{ required: true }]}
                  >
                    <DatePicker />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'suppliers']}
                    label={
                      publicMethod
                        ? t('rfq:edit.suppliersPublic')
                        : t('rfq:edit.suppliers', { min: minSuppliers })
                    }
                    // A public RFQ's invitations are optional (its minimum is checked at the award).
                    rules={
                      publicMethod
                        ? []
                        : [suppliersRule(minSuppliers, t('rfq:edit.suppliersMin', { min: minSuppliers }))]
                    }
                  >
                    <MasterSelect
                      source={supplierSource}
                      mode="multiple"
                      style={{ width: 360 }}
                      labels={existing.data?.labels.suppliers}
                    />
                  </Form.Item>
                  <Button danger type="link" onClick={() => remove(field.name)} style={{ marginTop: 30 }}>
                    ×
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({})}>{t('rfq:edit.addLine')}</Button>
            </>
          )}
        </Form.List>
        <Space style={{ marginTop: 16, display: 'flex' }}>
          {may(kindCode(def, 'save')) && !orderBidding && (
            <Button type="primary" htmlType="submit">
              {t('rfq:edit.save')}
            </Button>
          )}
          <Button onClick={() => navigate(id ? `/v2/detail?id=${id}` : '/v2/list')}>
            {t('rfq:edit.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
