import { certificationDateOrder } from '@srm/contracts/supplier-certification';
import {
  COMPANY_FIELD_LABELS,
  type CompanyField,
  type SupplierProfile,
} from '@srm/contracts/supplier-change';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Result, Select, Space, Spin, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DeleteOutlined, PlusOutlined } from '../../components/page-icons.tsx';
import { errorText } from '../../lib/http.ts';
import { findBuyers, findChange, findMaster, SC_KEYS, saveChange } from './api.ts';
import { clean, type Values } from './form-values.ts';
import { useLocale } from './labels.ts';

type ListName = 'contacts' | 'banks' | 'certifications';
type Column = { field: string; label: string; max: number; rules?: Rule[]; required?: boolean };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TELPHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;

/** One list of the profile: a row of inputs per entry (the master-data form's layout). */
function RowList({ list, title, columns }: { list: ListName; title: string; columns: Column[] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="md-row-list">
      <legend>{title}</legend>
      <Form.List name={list}>
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 ? (
              <div className="md-row-empty">{t('supplierChange:edit.noRows')}</div>
            ) : (
              <div className="md-row md-row-head" aria-hidden="true">
                {columns.map((c) => (
                  <span key={c.field} className="md-row-cell">
                    {c.label}
                  </span>
                ))}
                <span className="md-row-action" />
              </div>
            )}
            {fields.map((field, i) => (
              <div className="md-row" key={field.key}>
                {columns.map((c) => (
                  <Form.Item
                    key={c.field}
                    name={[field.name, c.field]}
                    className="md-row-cell"
                    dependencies={list === 'certifications' ? [[list, field.name, 'date']] : undefined}
                    rules={[
                      ...(c.required
                        ? [{ required: true, whitespace: true, message: t('supplierChange:edit.required') }]
                        : []),
                      { max: c.max },
                      ...(c.rules ?? []),
                    ]}
                  >
                    <Input
                      aria-label={`${title} ${c.label} ${i + 1}`}
                      placeholder={c.label}
                      maxLength={c.max}
                    />
                  </Form.Item>
                ))}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${title} · ${t('supplierChange:edit.remove', { n: i + 1 })}`}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => add({})}>
              {`${t('supplierChange:edit.add')} ${title}`}
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}

/**
 * #/v2/edit[?id=…] — the supplier's form: the buyers to send to (one request each; "all linked buyers"),
 * prefilled from its current record at the first of them (or, editing, from the request's proposal);
 * company data, contacts, bank accounts and certifications (§5 date order checked here and on the
 * server). Save as a draft or save and submit.
 */
export default function ChangeEdit() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id');
  const [form] = Form.useForm<Values>();
  const [buyers, setBuyers] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const linked = useQuery({ queryKey: [...SC_KEYS.all, 'buyers'], queryFn: findBuyers, enabled: !id });
  const existing = useQuery({
    queryKey: [...SC_KEYS.all, 'detail', 'sale', id],
    queryFn: () => findChange('sale', id as string),
    enabled: !!id,
  });
  const withMaster = (linked.data ?? []).filter((b) => b.supplierMasterId);
  useEffect(() => {
    if (!id && buyers.length === 0 && withMaster.length > 0) setBuyers([withMaster[0].elsAccount]);
  }, [id, buyers.length, withMaster]);
  const prefillFrom = id ? null : (buyers[0] ?? null);
  const master = useQuery({
    queryKey: [...SC_KEYS.all, 'master', prefillFrom],
    queryFn: () => findMaster(prefillFrom as string),
    enabled: !!prefillFrom,
  });
  const initial: SupplierProfile | undefined = id ? existing.data?.proposed : master.data?.profile;
  useEffect(() => {
    if (initial) form.setFieldsValue({ ...initial, remark: existing.data?.remark ?? '' });
  }, [initial, existing.data?.remark, form]);

  if ((id && existing.isPending) || (!id && linked.isPending)) return <Spin />;
  if (existing.isError || linked.isError)
    return <Result status="warning" subTitle={errorText(existing.error ?? linked.error)} />;

  const save = async (submit: boolean) => {
    const values = await form.validateFields();
    setSaving(true);
    setError(null);
    try {
      const body = clean(values);
      const saved = await saveChange(
        id && existing.data
          ? { id, version: existing.data.version, ...body, submit }
          : { elsAccounts: buyers, ...body, submit },
      );
      void message.success(t('supplierChange:edit.saved'));
      await queryClient.invalidateQueries({ queryKey: SC_KEYS.all });
      navigate(saved.length === 1 ? `/v2/views?id=${saved[0].id}` : '/v2/views');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const f = (key: string) => t(`supplierChange:edit.${key}`);
  const rule = (key: string) => t(`supplierChange:edit.rules.${key}`);
  const companyRules: Partial<Record<CompanyField, Rule[]>> = {
    fullName: [
      { required: true, whitespace: true, message: f('required') },
      { min: 3, max: 40, message: rule('fullName') },
    ],
    registerCapital: [{ pattern: /^\d{1,14}(\.\d{1,2})?$/, message: rule('registerCapital') }],
    registerDate: [{ pattern: DATE, message: rule('date') }],
    countryCode: [{ pattern: /^[A-Z]{2}$/, message: rule('countryCode') }],
    taxCode: [{ pattern: /^[0-9A-Z]{15,20}$/, message: rule('taxCode') }],
  };
  const order = (field: 'effectiveDate' | 'expiryDate'): Rule => ({
    validator: async (_r, _v) => {
      const certs = (form.getFieldValue('certifications') ?? []) as Array<Record<string, string>>;
      const bad = certs.some(
        (c) =>
          c &&
          DATE.test(c.date ?? '') &&
          DATE.test(c.expiryDate ?? '') &&
          (!c.effectiveDate || DATE.test(c.effectiveDate)) &&
          certificationDateOrder({
            date: c.date,
            expiryDate: c.expiryDate,
            effectiveDate: c.effectiveDate || undefined,
          }) === field &&
          c[field] === _v,
      );
      if (bad) throw new Error(rule('dateOrder'));
    },
  });
  const buyersLabel = f('buyers');
  return (
    <>
      <Typography.Title level={4}>
        {id ? t('supplierChange:edit.editTitle', { number: existing.data?.changeNumber ?? '' }) : f('title')}
      </Typography.Title>
      <Form<Values> form={form} layout="vertical" name="supplierChange">
        {!id && (
          <Form.Item label={buyersLabel} extra={f('buyersHint')} required>
            <Space wrap>
              <Select
                mode="multiple"
                aria-label={buyersLabel}
                style={{ minWidth: 360 }}
                value={buyers}
                onChange={setBuyers}
                options={(linked.data ?? []).map((b) => ({
                  value: b.elsAccount,
                  label: `${b.companyName} (${b.elsAccount})${b.supplierMasterId ? '' : ` ${f('noMaster')}`}`,
                  disabled: !b.supplierMasterId,
                }))}
              />
              <Checkbox
                checked={withMaster.length > 0 && buyers.length === withMaster.length}
                onChange={(e) =>
                  setBuyers(e.target.checked ? withMaster.map((b) => b.elsAccount) : buyers.slice(0, 1))
                }
              >
                {f('allBuyers')}
              </Checkbox>
            </Space>
          </Form.Item>
        )}
        <fieldset className="md-row-list">
          <legend>{f('company')}</legend>
          <div className="md-form-grid">
            {(Object.keys(COMPANY_FIELD_LABELS) as CompanyField[]).map((field) => (
              <Form.Item
                key={field}
                name={['company', field]}
                label={COMPANY_FIELD_LABELS[field][locale]}
                rules={companyRules[field] ?? [{ max: 50 }]}
                normalize={
                  field === 'countryCode' || field === 'taxCode' ? (v: string) => v?.toUpperCase() : undefined
                }
              >
                {field === 'isListed' ? (
                  <Select
                    allowClear
                    options={[
                      { value: 'Y', label: locale === 'en' ? 'Yes' : '是' },
                      { value: 'N', label: locale === 'en' ? 'No' : '否' },
                    ]}
                  />
                ) : (
                  <Input placeholder={field === 'registerDate' ? 'yyyy-mm-dd' : undefined} />
                )}
              </Form.Item>
            ))}
          </div>
        </fieldset>
        <RowList
          list="contacts"
          title={f('contacts')}
          columns={[
            { field: 'name', label: f('contactName'), max: 40, required: true },
            {
              field: 'telphone',
              label: f('telphone'),
              max: 30,
              rules: [{ pattern: TELPHONE, message: rule('telphone') }],
            },
            { field: 'wxNo', label: f('wxNo'), max: 40 },
          ]}
        />
        <RowList
          list="banks"
          title={f('banks')}
          columns={[
            { field: 'bankCode', label: f('bankCode'), max: 20 },
            { field: 'bankBranchName', label: f('bankBranchName'), max: 100 },
            {
              field: 'bankAccount',
              label: f('bankAccount'),
              max: 30,
              required: true,
              rules: [{ pattern: /^\d{8,30}$/, message: rule('bankAccount') }],
            },
          ]}
        />
        <RowList
          list="certifications"
          title={f('certifications')}
          columns={[
            { field: 'type', label: f('certType'), max: 50, required: true },
            { field: 'org', label: f('certOrg'), max: 100, required: true },
            {
              field: 'date',
              label: f('certDate'),
              max: 10,
              required: true,
              rules: [{ pattern: DATE, message: rule('date') }],
            },
            {
              field: 'effectiveDate',
              label: f('certEffectiveDate'),
              max: 10,
              rules: [{ pattern: DATE, message: rule('date') }, order('effectiveDate')],
            },
            {
              field: 'expiryDate',
              label: f('certExpiryDate'),
              max: 10,
              required: true,
              rules: [{ pattern: DATE, message: rule('date') }, order('expiryDate')],
            },
          ]}
        />
        <Form.Item name="remark" label={f('remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 12 }} />}
        <Space>
          <Button onClick={() => navigate(id ? `/v2/views?id=${id}` : '/v2/views')}>
            {t('supplierChange:detail.back')}
          </Button>
          <Button loading={saving} disabled={!id && buyers.length === 0} onClick={() => void save(false)}>
            {f('saveDraft')}
          </Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!id && buyers.length === 0}
            onClick={() => void save(true)}
          >
            {f('saveSubmit')}
          </Button>
        </Space>
      </Form>
    </>
  );
}
