import type { DocumentDefinition } from '@srm/contracts/document/define';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { findDocument } from '../../components/document/api.ts';
import { useReleasedTemplates, useSuppliers } from './inspection-api.ts';

/**
 * The supplier and template pickers of a new inspection or sample (inside the DocumentForm): the buyer's
 * linked suppliers and its released templates; picking a template fills the lines with its items.
 */
export function SupplierTemplatePickers({
  templateDef,
  toLine,
}: {
  templateDef: DocumentDefinition;
  toLine: (item: Record<string, unknown>) => Record<string, unknown>;
}) {
  const { t } = useTranslation();
  // The DocumentForm's form (rendered inside it).
  const form = Form.useFormInstance();
  const suppliers = useSuppliers();
  const templates = useReleasedTemplates(templateDef);
  const released = templates.data?.records ?? [];
  return (
    <>
      <Form.Item
        name="toElsAccount"
        label={t('inspection:form.supplier')}
        rules={[{ required: true, message: t('inspection:form.pickSupplier') }]}
      >
        <Select
          aria-label={t('inspection:form.supplier')}
          showSearch
          optionFilterProp="label"
          loading={suppliers.isPending}
          placeholder={t('inspection:form.pickSupplier')}
          style={{ maxWidth: 420 }}
          options={(suppliers.data ?? []).map((s) => ({
            value: s.elsAccount,
            label: `${s.elsAccount} ${s.companyName}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="templateId"
        label={t('inspection:form.template')}
        rules={[{ required: true, message: t('inspection:form.pickTemplate') }]}
        extra={templates.isSuccess && released.length === 0 ? t('inspection:form.noTemplate') : undefined}
      >
        <Select
          aria-label={t('inspection:form.template')}
          loading={templates.isPending}
          placeholder={t('inspection:form.pickTemplate')}
          style={{ maxWidth: 420 }}
          options={released.map((r) => ({
            value: r.id,
            label: `${String(r[templateDef.numberField])} ${String(r.templateName)}`,
          }))}
          onChange={async (id: string) => {
            const detail = await findDocument(templateDef, 'purchase', id);
            form.setFieldValue(
              'lines',
              detail.lines.map((item) => toLine(item)),
            );
          }}
        />
      </Form.Item>
    </>
  );
}
