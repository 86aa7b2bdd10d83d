import { addDays, improvementDefinition, improvementTemplateDefinition } from '@srm/contracts/improvement';
import { Button, Form, Result, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findDocument, useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { todayIso } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { useReleasedTemplates, useSuppliers } from './improvement-api.ts';
import './i18n-improvement.ts';

const def = improvementDefinition;
const HEADER = ['subject', 'problemDesc', 'sourceType', 'sourceNumber', 'remark'];
const LINE_FIELDS = ['itemName', 'guidance', 'requiredDate'];

/**
 * The supplier and template pickers (inside the DocumentForm): the buyer's linked suppliers and its released
 * templates; picking a template fills the items (required date = today + the item's default due days).
 */
function Pickers() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const suppliers = useSuppliers();
  const templates = useReleasedTemplates();
  const released = templates.data?.records ?? [];
  return (
    <>
      <Form.Item
        name="toElsAccount"
        label={t('improvement:form.supplier')}
        rules={[{ required: true, message: t('improvement:form.pickSupplier') }]}
      >
        <Select
          aria-label={t('improvement:form.supplier')}
          showSearch
          optionFilterProp="label"
          loading={suppliers.isPending}
          placeholder={t('improvement:form.pickSupplier')}
          style={{ maxWidth: 420 }}
          options={(suppliers.data ?? []).map((s) => ({
            value: s.elsAccount,
            label: `${s.elsAccount} ${s.companyName}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="templateId"
        label={t('improvement:form.template')}
        extra={templates.isSuccess && released.length === 0 ? t('improvement:form.noTemplate') : undefined}
      >
        <Select
          aria-label={t('improvement:form.template')}
          allowClear
          loading={templates.isPending}
          placeholder={t('improvement:form.pickTemplate')}
          style={{ maxWidth: 420 }}
          options={released.map((r) => ({
            value: r.id,
            label: `${String(r.templateNumber)} ${String(r.templateName)}`,
          }))}
          onChange={async (id?: string) => {
            if (!id) return;
            const detail = await findDocument(improvementTemplateDefinition, 'purchase', id);
            const today = todayIso();
            form.setFieldValue(
              'lines',
              detail.lines.map((item) => ({
                itemName: item.itemName,
                guidance: item.guidance ?? undefined,
                requiredDate: addDays(today, Number(item.dueDays)),
              })),
            );
          }}
        />
      </Form.Item>
    </>
  );
}

/**
 * #/v2/improvement/edit[?id=…] — a new improvement sheet (supplier, optional template whose items fill the
 * lines, subject, problem, source: by hand, a return number of the same supplier or an appraisal number) or
 * a draft's edit. Items: name (unique, ≤ 50), guidance, required date.
 */
export default function ImprovementEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const detail = useDocumentDetail(def, 'purchase', id);
  const common = {
    def,
    side: 'purchase' as const,
    headerFields: HEADER,
    lineFields: LINE_FIELDS,
    newLine: () => ({}),
    hideLineCustomFields: true,
    before: <Pickers />,
  };
  if (!id)
    return (
      <DocumentForm
        {...common}
        title={t('improvement:form.newSheet')}
        initial={{ sourceType: 'manual', lines: [{}] }}
        onCancel={() => navigate('/v2/improvement/list')}
        onSaved={(record) => navigate(`/v2/improvement/detail?id=${record.id}`, { replace: true })}
      />
    );
  if (detail.isPending) return <Spin className="tab-loading" />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('document:detail.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{t('document:detail.reload')}</Button>}
      />
    );
  const { record } = detail.data;
  return (
    <DocumentForm
      {...common}
      title={t('improvement:form.editSheet', { number: record.improvementNumber })}
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      onCancel={() => navigate(`/v2/improvement/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/improvement/detail?id=${id}`, { replace: true })}
    />
  );
}
