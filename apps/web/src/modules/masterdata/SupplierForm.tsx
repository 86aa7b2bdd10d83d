import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Result, Select, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, PlusOutlined } from '../../components/page-icons.tsx';
import { ApiError, errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findSupplier, MD_KEYS, type Supplier, saveSupplier, supplierStatusDict } from './api.ts';
import { ChangeHistory } from './ChangeHistory.tsx';
import {
  BANK_ACCOUNT,
  CURRENCY,
  namedFields,
  SOCIAL_CREDIT_CODE,
  SUPPLIER_CODE,
  type SupplierValues,
  supplierBody,
  supplierNameOk,
  supplierValues,
  TELPHONE,
} from './rules.ts';

type Props = {
  /** The record to edit, or null for a new one. */
  id: string | null;
  /** The caller may not save suppliers (no `supplier.save`): the record is shown, nothing to save. */
  readOnly?: boolean;
  onClose: () => void;
  onSaved: (saved: Supplier) => void;
};

/**
 * New / edit a supplier master record in a dialog (POST …/PurchaseSupplierService/save): account (a
 * linked supplier; fixed once saved), code, names, credit code, type, status, currency, payment terms,
 * and the lists of contacts, bank accounts and addresses. An edit sends the version it read, so a
 * record saved by someone else in between answers '409' (shown, with a reload). Server messages that
 * name a field are also shown at that field.
 */
export function SupplierForm({ id, readOnly = false, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const record = useQuery({
    queryKey: [...MD_KEYS.suppliers, 'detail', id],
    queryFn: () => findSupplier(id as string),
    enabled: id !== null,
  });
  const title = id
    ? t('masterdata:supplier.editTitle', { code: record.data?.supplierCode ?? '' })
    : t('masterdata:supplier.newTitle');
  if (id && (record.isPending || record.isError))
    return (
      <Modal open title={title} footer={null} onCancel={onClose}>
        {record.isPending ? (
          <Spin />
        ) : (
          <Result
            status="warning"
            title={t('masterdata:supplier.loadFailed')}
            subTitle={errorText(record.error)}
          />
        )}
      </Modal>
    );
  return (
    <SupplierDialog
      // A reload after a '409' brings a new version: start the form again from it.
      key={record.data ? `${record.data.id}:${record.data.version}` : 'new'}
      title={title}
      current={record.data ?? null}
      reload={id ? () => void record.refetch() : undefined}
      readOnly={readOnly}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function SupplierDialog({
  title,
  current,
  reload,
  readOnly,
  onClose,
  onSaved,
}: {
  title: string;
  current: Supplier | null;
  reload?: () => void;
  readOnly: boolean;
  onClose: () => void;
  onSaved: (saved: Supplier) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<SupplierValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ text: string; stale: boolean } | null>(null);
  const dict = useQuery({ queryKey: [...MD_KEYS.suppliers, 'statusDict'], queryFn: supplierStatusDict });
  const required = { required: true, whitespace: true, message: t('masterdata:required') };
  const f = (key: string) => t(`masterdata:supplier.${key}`);
  const rule = (key: string) => t(`masterdata:supplier.rules.${key}`);

  async function submit(v: SupplierValues) {
    setSaving(true);
    setError(null);
    try {
      const saved = await saveSupplier(supplierBody(v, current));
      void message.success(t('masterdata:saved'));
      onSaved(saved);
    } catch (e) {
      const text = errorText(e);
      setError({ text, stale: e instanceof ApiError && e.code === '409' });
      form.setFields(
        namedFields(text).map((name) => ({ name, errors: [text] })) as Parameters<typeof form.setFields>[0],
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      width={960}
      title={title}
      okText={t('masterdata:actions.save')}
      cancelText={t('masterdata:actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      footer={readOnly ? null : undefined}
      destroyOnHidden
    >
      <Form<SupplierValues>
        form={form}
        disabled={readOnly}
        name="mdSupplier"
        layout="vertical"
        initialValues={supplierValues(current)}
        onFinish={(v) => void submit(v)}
      >
        <div className="md-form-grid">
          <Form.Item
            name="toElsAccount"
            label={f('toElsAccount')}
            rules={[required, { max: 32 }]}
            extra={current ? undefined : f('accountHint')}
          >
            <Input maxLength={32} disabled={current !== null} />
          </Form.Item>
          <Form.Item
            name="supplierCode"
            label={f('supplierCode')}
            rules={[required, { pattern: SUPPLIER_CODE, message: rule('supplierCode') }]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="fullName"
            label={f('fullName')}
            rules={[
              required,
              {
                validator: async (_r, v) => {
                  if (v && !supplierNameOk(String(v))) throw new Error(rule('fullName'));
                },
              },
            ]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="shortName" label={f('shortName')} rules={[{ max: 40 }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            name="socialCreditCode"
            label={f('socialCreditCode')}
            rules={[{ pattern: SOCIAL_CREDIT_CODE, message: rule('socialCreditCode') }]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item name="supplierType" label={f('supplierType')} rules={[{ max: 20 }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="supplierStatus"
            label={f('supplierStatus')}
            rules={[required]}
            extra={t('masterdata:lifecycle.statusByRequest')}
          >
            <Select
              disabled
              loading={dict.isLoading}
              options={(dict.data ?? []).map((d) => ({ value: d.value, label: d.labelI18n[locale] }))}
            />
          </Form.Item>
          <Form.Item
            name="currency"
            label={f('currency')}
            rules={[required, { pattern: CURRENCY, message: rule('currency') }]}
            normalize={(v: string) => v?.toUpperCase()}
          >
            <Input maxLength={3} />
          </Form.Item>
          <Form.Item name="paymentClause" label={f('paymentClause')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
        </div>

        <RowList
          list="contacts"
          title={f('contacts')}
          addText={f('addContact')}
          columns={[
            { field: 'name', label: f('contactName'), max: 40, requiredInRow: rule('contactName') },
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
          addText={f('addBank')}
          columns={[
            { field: 'bankCode', label: f('bankCode'), max: 20 },
            { field: 'bankBranchName', label: f('bankBranchName'), max: 100 },
            {
              field: 'bankAccount',
              label: f('bankAccount'),
              max: 30,
              rules: [{ pattern: BANK_ACCOUNT, message: rule('bankAccount') }],
              requiredInRow: rule('bankAccountRequired'),
            },
          ]}
        />
        <RowList
          list="addresses"
          title={f('addresses')}
          addText={f('addAddress')}
          columns={[
            { field: 'country', label: f('country'), max: 40 },
            {
              field: 'address',
              label: f('address'),
              max: 200,
              wide: true,
              requiredInRow: rule('address'),
            },
          ]}
        />

        {current && <ChangeHistory supplierId={current.id} />}

        {error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="md-form-error"
            message={error.text}
            action={
              error.stale && reload ? (
                <Button size="small" onClick={reload}>
                  {f('reload')}
                </Button>
              ) : undefined
            }
          />
        )}
      </Form>
    </Modal>
  );
}

type ListName = 'contacts' | 'banks' | 'addresses';

/** True when a list row has some value but not in every field (so its required field is missing). */
const rowStarted = (row: Record<string, unknown> | undefined) =>
  Object.values(row ?? {}).some((v) => String(v ?? '').trim() !== '');

type Column = {
  field: string;
  label: string;
  max: number;
  rules?: Rule[];
  wide?: boolean;
  /** Required once anything else of the row is filled (an empty row is dropped on save): the message. */
  requiredInRow?: string;
};

/** One list of the record (contacts, bank accounts, addresses): a row of inputs per entry. */
function RowList({
  list,
  title,
  addText,
  columns,
}: {
  list: ListName;
  title: string;
  addText: string;
  columns: Column[];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<SupplierValues>();
  const requiredInRow = (row: number, message: string): Rule => ({
    validator: async (_r, value) => {
      if (String(value ?? '').trim()) return;
      if (rowStarted(form.getFieldValue([list, row]))) throw new Error(message);
    },
  });
  return (
    <fieldset className="md-row-list">
      <legend>{title}</legend>
      <Form.List name={list}>
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 ? (
              <div className="md-row-empty">{t('masterdata:supplier.noRows')}</div>
            ) : (
              <div className="md-row md-row-head" aria-hidden="true">
                {columns.map((c) => (
                  <span key={c.field} className={c.wide ? 'md-row-cell md-row-wide' : 'md-row-cell'}>
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
                    rules={[
                      { max: c.max },
                      ...(c.rules ?? []),
                      ...(c.requiredInRow ? [requiredInRow(field.name, c.requiredInRow)] : []),
                    ]}
                    className={c.wide ? 'md-row-cell md-row-wide' : 'md-row-cell'}
                  >
                    <Input aria-label={`${c.label} ${i + 1}`} placeholder={c.label} maxLength={c.max} />
                  </Form.Item>
                ))}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${title} · ${t('masterdata:supplier.remove', { n: i + 1 })}`}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Button size="small" icon={<PlusOutlined />} onClick={() => add({})}>
              {addText}
            </Button>
          </>
        )}
      </Form.List>
    </fieldset>
  );
}
