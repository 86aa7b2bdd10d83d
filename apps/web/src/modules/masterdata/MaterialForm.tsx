import { App, Form, Input, InputNumber, Modal, Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/http.ts';
import { type Category, type Material, type MaterialSave, saveMaterial } from './api.ts';
import { level3Options, optional } from './rules.ts';

type Values = {
  materialNumber: string;
  materialName: string;
  materialDesc?: string;
  materialType?: string;
  brand?: string;
  cateId?: string;
  baseUnit: string;
  orderUnit?: string;
  purchaseUnit?: string;
  overTolerance?: string;
  lackTolerance?: string;
  minOrderQuantity?: string;
  minPackingQuantity?: string;
  minShelfLife?: number | null;
  totalShelfLife?: number | null;
  isCheckQuality: 'Y' | 'N';
  isFreeze: 'Y' | 'N';
};

function initial(m: Material | null): Partial<Values> {
  if (!m)
    return {
      materialType: 'ROH',
      isCheckQuality: 'N',
      isFreeze: 'N',
      overTolerance: '0',
      lackTolerance: '0',
    };
  return {
    materialNumber: m.materialNumber,
    materialName: m.materialName,
    materialDesc: m.materialDesc,
    materialType: m.materialType,
    brand: m.brand ?? undefined,
    cateId: m.cateId,
    baseUnit: m.baseUnit,
    orderUnit: m.orderUnit ?? undefined,
    purchaseUnit: m.purchaseUnit ?? undefined,
    overTolerance: m.overTolerance,
    lackTolerance: m.lackTolerance,
    minOrderQuantity: m.minOrderQuantity,
    minPackingQuantity: m.minPackingQuantity,
    minShelfLife: m.minShelfLife,
    totalShelfLife: m.totalShelfLife,
    isCheckQuality: m.isCheckQuality,
    isFreeze: m.isFreeze,
  };
}

function toBody(v: Values, m: Material | null): MaterialSave {
  return {
    ...(m ? { id: m.id, version: m.version } : {}),
    cateId: v.cateId ?? '',
    materialNumber: v.materialNumber.trim(),
    materialName: v.materialName.trim(),
    materialDesc: v.materialDesc?.trim() ?? '',
    materialType: optional(v.materialType),
    brand: optional(v.brand),
    baseUnit: v.baseUnit.trim(),
    orderUnit: optional(v.orderUnit),
    purchaseUnit: optional(v.purchaseUnit),
    overTolerance: optional(v.overTolerance),
    lackTolerance: optional(v.lackTolerance),
    minOrderQuantity: optional(v.minOrderQuantity),
    minPackingQuantity: optional(v.minPackingQuantity),
    minShelfLife: v.minShelfLife ?? null,
    totalShelfLife: v.totalShelfLife ?? null,
    isCheckQuality: v.isCheckQuality,
    isFreeze: v.isFreeze,
  };
}

/** readOnly: the caller may not save materials (no `material.save`): the record is shown, nothing to save. */
type Props = {
  material: Material | null;
  tree: Category[];
  readOnly?: boolean;
  onClose: () => void;
  onSaved: () => void;
};

/** New / edit a material in a dialog (POST …/PurchaseMaterialService/save). */
export function MaterialForm({ material, tree, readOnly = false, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const required = [{ required: true, message: t('masterdata:required') }];
  const yesNo = [
    { value: 'Y', label: t('masterdata:yes') },
    { value: 'N', label: t('masterdata:no') },
  ];

  async function submit(v: Values) {
    setSaving(true);
    setError(null);
    try {
      await saveMaterial(toBody(v, material));
      void message.success(t('masterdata:saved'));
      onSaved();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  const f = (key: keyof Values) => t(`masterdata:material.${key}`);
  return (
    <Modal
      open
      width={900}
      title={material ? t('masterdata:material.editTitle') : t('masterdata:material.newTitle')}
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
        name="mdMaterial"
        layout="vertical"
        initialValues={initial(material)}
        onFinish={(v) => void submit(v)}
      >
        <div className="md-form-grid">
          <Form.Item name="materialNumber" label={f('materialNumber')} rules={required}>
            <Input maxLength={40} disabled={material !== null} />
          </Form.Item>
          <Form.Item name="materialName" label={f('materialName')} rules={required}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="cateId" label={t('masterdata:material.category')} rules={required}>
            <TreeSelect
              treeDefaultExpandAll
              treeData={level3Options(tree)}
              placeholder={t('masterdata:material.level3')}
            />
          </Form.Item>
          <Form.Item name="materialDesc" label={f('materialDesc')}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="materialType" label={f('materialType')}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="brand" label={f('brand')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="baseUnit" label={f('baseUnit')} rules={required}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="orderUnit" label={f('orderUnit')}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="purchaseUnit" label={f('purchaseUnit')}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item name="overTolerance" label={f('overTolerance')}>
            <Input suffix="%" />
          </Form.Item>
          <Form.Item name="lackTolerance" label={f('lackTolerance')}>
            <Input suffix="%" />
          </Form.Item>
          <Form.Item name="minOrderQuantity" label={f('minOrderQuantity')}>
            <Input />
          </Form.Item>
          <Form.Item name="minPackingQuantity" label={f('minPackingQuantity')}>
            <Input />
          </Form.Item>
          <Form.Item name="minShelfLife" label={f('minShelfLife')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="totalShelfLife" label={f('totalShelfLife')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="isCheckQuality" label={f('isCheckQuality')}>
            <Select options={yesNo} />
          </Form.Item>
          <Form.Item name="isFreeze" label={f('isFreeze')}>
            <Select options={yesNo} />
          </Form.Item>
        </div>
        {error && (
          <div className="ant-form-item-explain-error" role="alert">
            {error}
          </div>
        )}
      </Form>
    </Modal>
  );
}
