import { improvementTemplateDefinition } from '@srm/contracts/improvement';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { errorText } from '../../lib/http.ts';
import './i18n-improvement.ts';

const def = improvementTemplateDefinition;

/**
 * #/v2/template/edit[?id=…] — a template's name (≤ 50) and improvement items (name ≤ 50, guidance, default
 * due days). Item names must not repeat (the server answers "duplicate item names rejected").
 */
export default function TemplateEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const detail = useDocumentDetail(def, 'purchase', id);
  const common = {
    def,
    side: 'purchase' as const,
    newLine: () => ({ dueDays: 7 }),
    hideLineCustomFields: true,
  };
  if (!id)
    return (
      <DocumentForm
        {...common}
        title={t('improvement:form.newTemplate')}
        initial={{ lines: [{ dueDays: 7 }] }}
        onCancel={() => navigate('/v2/template/list')}
        onSaved={(record) => navigate(`/v2/template/detail?id=${record.id}`, { replace: true })}
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
      title={t('improvement:form.editTemplate', { number: record.templateNumber })}
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      onCancel={() => navigate(`/v2/template/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/template/detail?id=${id}`, { replace: true })}
    />
  );
}
