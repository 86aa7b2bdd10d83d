import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { errorText } from '../../lib/http.ts';
import { TEMPLATE_DEFINITIONS, type TemplateKind } from './inspection-api.ts';
import './i18n-inspection.ts';

/**
 * #/v2/{inspectTemplate|sampleTemplate}/edit[?id=…] — a template's name (≤ 50), pass score (inspection
 * templates) and items: review items with max score and guidance, or test items with their standard. Item
 * names must not repeat (the server answers "duplicate item names rejected").
 */
export default function InspectionTemplateEdit({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const def = TEMPLATE_DEFINITIONS[kind];
  const detail = useDocumentDetail(def, 'purchase', id);
  const common = { def, side: 'purchase' as const, newLine: () => ({}), hideLineCustomFields: true };
  if (!id)
    return (
      <DocumentForm
        {...common}
        title={t('inspection:form.newTemplate')}
        initial={{ lines: [{}] }}
        onCancel={() => navigate(`/v2/${kind}/list`)}
        onSaved={(record) => navigate(`/v2/${kind}/detail?id=${record.id}`, { replace: true })}
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
      title={t('inspection:form.editTemplate', { number: record[def.numberField] })}
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      onCancel={() => navigate(`/v2/${kind}/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/${kind}/detail?id=${id}`, { replace: true })}
    />
  );
}
