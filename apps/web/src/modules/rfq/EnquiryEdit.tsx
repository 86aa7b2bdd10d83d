import { enquiryDefinition as def } from '@srm/contracts/enquiry';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findDocument, saveDocument } from '../../components/document/api.ts';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findInvitations, findMaterialOptions, findSupplierOptions } from './api.ts';
import './i18n-rfq.ts';

type Line = {
  id?: string;
  materialId?: string;
  quantity?: number;
  deliveryDate?: dayjs.Dayjs;
  suppliers?: string[];
};
type Values = {
  enquiryDesc: string;
  quoteMethod: string;
  quoteEndTime: dayjs.Dayjs;
  priceValidDate: dayjs.Dayjs;
  payMethod?: string;
  taxRate?: number;
  showQuoteInfo: string;
  openOnAllQuoted: string;
  /** Write-only: empty keeps the current opening password. */
  passWord?: string;
  /** Cost-breakdown RFQ: the cost items; any RFQ: the additional fees (names). */
  costConstituteJson?: string[];
  additionFeeJson?: string[];
  lines: Line[];
};

/**
 * #/v2/edit?id=… — a new or draft RFQ (buyer): header, and per material line its quantity, requested date
 * and the invited suppliers (linked suppliers, at least 3, each once — the server says which line breaks
 * it, spec 001 §5/§9).
 */
export default function EnquiryEdit() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const [form] = Form.useForm<Values>();
  const materials = useQuery({ queryKey: ['rfq', 'materials'], queryFn: findMaterialOptions });
  const suppliers = useQuery({ queryKey: ['rfq', 'suppliers'], queryFn: findSupplierOptions });
  const existing = useQuery({
    queryKey: ['rfq', 'edit', id],
    enabled: !!id,
    queryFn: async () => ({
      detail: await findDocument(def, 'purchase', id),
      invitations: await findInvitations(id),
    }),
  });
  const locale = useSettings((st) => st.locale);
  const label = (f: keyof typeof def.header) => def.header[f].label[locale];

  useEffect(() => {
    if (!existing.data) return;
    const { record, lines } = existing.data.detail;
    form.setFieldsValue({
      enquiryDesc: String(record.enquiryDesc ?? ''),
      quoteMethod: String(record.quoteMethod ?? '1'),
      quoteEndTime: dayjs(String(record.quoteEndTime)),
      priceValidDate: dayjs(String(record.priceValidDate)),
      payMethod: (record.payMethod as string) ?? undefined,
      taxRate: record.taxRate ? Number(record.taxRate) : undefined,
      showQuoteInfo: String(record.showQuoteInfo ?? '0'),
      openOnAllQuoted: String(record.openOnAllQuoted ?? '0'),
      costConstituteJson: existing.data.invitations.costItems,
      additionFeeJson: existing.data.invitations.feeItems,
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
        quoteMethod: v.quoteMethod,
        quoteEndTime: v.quoteEndTime.toISOString(),
        priceValidDate: v.priceValidDate.format('YYYY-MM-DD'),
        payMethod: v.payMethod || undefined,
        taxRate: v.taxRate === undefined || v.taxRate === null ? undefined : String(v.taxRate),
        showQuoteInfo: v.showQuoteInfo,
        openOnAllQuoted: v.openOnAllQuoted,
        passWord: v.passWord || undefined,
        costConstituteJson: v.quoteMethod === '3' ? (v.costConstituteJson ?? []) : [],
        additionFeeJson: v.additionFeeJson ?? [],
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
      void message.error(errorText(e));
    }
  }

  const supplierOptions = (suppliers.data?.records ?? []).map((s) => ({
    value: s.toElsAccount,
    label: `${s.toElsAccount} ${s.fullName}`,
  }));
  return (
    <Card title={t('rfq:edit.title')}>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ quoteMethod: '1', showQuoteInfo: '0', openOnAllQuoted: '0', lines: [{}] }}
      >
        <Space wrap>
          <Form.Item name="enquiryDesc" label={label('enquiryDesc')} rules={[{ required: true, max: 200 }]}>
            <Input style={{ width: 320 }} />
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
        </Space>
        <Space wrap align="start">
          <Form.Item noStyle dependencies={['quoteMethod']}>
            {({ getFieldValue }) =>
              getFieldValue('quoteMethod') === '3' ? (
                <Form.Item
                  name="costConstituteJson"
                  label={t('rfq:edit.costItems')}
                  extra={t('rfq:edit.itemsHint')}
                  rules={[{ required: true, type: 'array', min: 1 }]}
                >
                  <Select mode="tags" style={{ width: 360 }} open={false} tokenSeparators={[',', '，']} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item name="additionFeeJson" label={t('rfq:edit.feeItems')} extra={t('rfq:edit.itemsHint')}>
            <Select mode="tags" style={{ width: 360 }} open={false} tokenSeparators={[',', '，']} />
          </Form.Item>
        </Space>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'materialId']}
                    label={t('rfq:edit.material')}
                    rules={[{ required: true }]}
                  >
                    <Select
                      style={{ width: 240 }}
                      showSearch
                      optionFilterProp="label"
                      loading={materials.isLoading}
                      options={(materials.data?.records ?? []).map((m) => ({
                        value: m.id,
                        label: `${m.materialNumber} ${m.materialName}`,
                      }))}
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
                    label={t('rfq:edit.suppliers')}
                    rules={[{ required: true, type: 'array', min: 3 }]}
                  >
                    <Select
                      mode="multiple"
                      style={{ width: 360 }}
                      options={supplierOptions}
                      optionFilterProp="label"
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
          <Button type="primary" htmlType="submit">
            {t('rfq:edit.save')}
          </Button>
          <Button onClick={() => navigate(id ? `/v2/detail?id=${id}` : '/v2/list')}>
            {t('rfq:edit.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
