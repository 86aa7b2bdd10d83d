import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Descriptions, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { findMaterials, findSuppliers, MD_KEYS, type Price, savePrice } from './api.ts';
import { ladderText, priceSourceText } from './price-source.ts';

type Values = {
  materialId: string;
  toElsAccount: string;
  priceExcludingTax: string;
  taxRate: string;
  currency: string;
  exchangeRate: string;
  priceBase: string;
  validity: [Dayjs, Dayjs];
  quota: string;
};

/** readOnly: the caller may not save prices (no `price.save`): the record is shown, nothing to save. */
type Props = { price: Price | null; readOnly?: boolean; onClose: () => void; onSaved: () => void };

/** New / edit a price record in a dialog (POST …/PurchasePriceService/save). */
export function PriceForm({ price, readOnly = false, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [materialKeyword, setMaterialKeyword] = useState('');
  const materials = useQuery({
    queryKey: [...MD_KEYS.materials, 'pick', materialKeyword],
    queryFn: () =>
      findMaterials({
        currentPage: 1,
        pageSize: 50,
        ...(materialKeyword ? { keyword: materialKeyword } : {}),
      }),
  });
  const suppliers = useQuery({
    queryKey: [...MD_KEYS.suppliers, 'pick'],
    queryFn: () => findSuppliers({ currentPage: 1, pageSize: 100 }),
  });
  const required = [{ required: true, message: t('masterdata:required') }];

  const materialOptions = (materials.data?.records ?? []).map((m) => ({
    value: m.id,
    label: `${m.materialNumber} ${m.materialName}`,
  }));
  if (price && !materialOptions.some((o) => o.value === price.materialId))
    materialOptions.unshift({
      value: price.materialId,
      label: `${price.materialNumber} ${price.materialName ?? ''}`,
    });

  const initial: Partial<Values> = price
    ? {
        materialId: price.materialId,
        toElsAccount: price.toElsAccount,
        priceExcludingTax: price.priceExcludingTax,
        taxRate: price.taxRate,
        currency: price.currency,
        exchangeRate: price.exchangeRate,
        priceBase: price.priceBase,
        validity: [dayjs(price.validStartDate), dayjs(price.priceExpiryDate)],
        quota: price.quota,
      }
    : {
        taxRate: '13',
        currency: 'CNY',
        exchangeRate: '1',
        priceBase: '1',
        quota: '100',
        validity: [today(), today().add(1, 'year')],
      };

  async function submit(v: Values) {
    setSaving(true);
    setError(null);
    try {
      await savePrice({
        ...(price ? { id: price.id, version: price.version } : {}),
        materialId: v.materialId,
        toElsAccount: v.toElsAccount,
        priceExcludingTax: v.priceExcludingTax.trim(),
        taxRate: v.taxRate.trim(),
        currency: v.currency.trim().toUpperCase(),
        exchangeRate: v.exchangeRate.trim(),
        priceBase: v.priceBase.trim(),
        validStartDate: v.validity[0].toISOString(),
        priceExpiryDate: v.validity[1].toISOString(),
        quota: v.quota.trim(),
      });
      void message.success(t('masterdata:saved'));
      onSaved();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      width={820}
      title={price ? t('masterdata:price.editTitle') : t('masterdata:price.newTitle')}
      okText={t('masterdata:actions.save')}
      cancelText={t('masterdata:actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      footer={readOnly ? null : undefined}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        disabled={readOnly}
        name="mdPrice"
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
      >
        <div className="md-form-grid">
          <Form.Item name="materialId" label={t('masterdata:price.material')} rules={required}>
            <Select
              showSearch={{ filterOption: false, onSearch: (s) => setMaterialKeyword(s.trim()) }}
              options={materialOptions}
              loading={materials.isLoading}
            />
          </Form.Item>
          <Form.Item name="toElsAccount" label={t('masterdata:price.supplier')} rules={required}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={suppliers.isLoading}
              options={(suppliers.data?.records ?? []).map((s) => ({
                value: s.toElsAccount,
                label: `${s.fullName} (${s.toElsAccount})`,
              }))}
            />
          </Form.Item>
          <Form.Item name="validity" label={t('masterdata:price.validity')} rules={required}>
            <DatePicker.RangePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="priceExcludingTax"
            label={t('masterdata:price.priceExcludingTax')}
            rules={required}
          >
            <Input />
          </Form.Item>
          <Form.Item name="taxRate" label={t('masterdata:price.taxRate')} rules={required}>
            <Input suffix="%" />
          </Form.Item>
          <Form.Item name="currency" label={t('masterdata:price.currency')} rules={required}>
            <Input maxLength={3} />
          </Form.Item>
          <Form.Item name="exchangeRate" label={t('masterdata:price.exchangeRate')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item name="priceBase" label={t('masterdata:price.priceBase')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item name="quota" label={t('masterdata:price.quota')} rules={required}>
            <Input suffix="%" />
          </Form.Item>
        </div>
        {/* Issue #33: the award the record came from and a ladder quote's steps (read-only). */}
        {price && (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('masterdata:price.source')}>
              {priceSourceText(t, price)}
            </Descriptions.Item>
            <Descriptions.Item label={t('masterdata:price.ladder')}>{ladderText(price)}</Descriptions.Item>
          </Descriptions>
        )}
        {error && (
          <div className="ant-form-item-explain-error" role="alert">
            {error}
          </div>
        )}
      </Form>
    </Modal>
  );
}
