import { sampleDefinition, sampleTemplateDefinition } from '@srm/contracts/inspection';
import { Button, Descriptions, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { SupplierTemplatePickers } from './inspection-parts.tsx';
import './i18n-inspection.ts';

const REQUEST_FIELDS = ['materialNumber', 'materialDesc', 'quantity', 'requiredDate', 'remark'];
const RESULT_FIELDS = ['testResult', 'testValue', 'testRemark'];

/**
 * #/v2/sample/edit[?id=…] — a sample request (supplier, released sample template — its test items become the
 * lines — material or description, quantity, required date), or, once the supplier sent the sample, the
 * result entry: per test item pass/fail, value and remark (the request itself stays as sent).
 */
export default function SampleEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const detail = useDocumentDetail(sampleDefinition, 'purchase', id);
  const info = (['itemName', 'standard'] as const).map((key) => ({
    key,
    title: sampleDefinition.lines.fields[key].label[locale],
  }));
  const common = {
    def: sampleDefinition,
    side: 'purchase' as const,
    lineInfo: info,
    hideLineCustomFields: true,
  };
  if (!id)
    return (
      <DocumentForm
        {...common}
        title={t('inspection:form.newSample')}
        headerFields={REQUEST_FIELDS}
        lineFields={[]}
        before={
          <SupplierTemplatePickers
            templateDef={sampleTemplateDefinition}
            toLine={(item) => ({ itemName: item.itemName, standard: item.standard })}
          />
        }
        initial={{ lines: [] }}
        onCancel={() => navigate('/v2/sample/list')}
        onSaved={(record) => navigate(`/v2/sampleAudit/view?id=${record.id}`, { replace: true })}
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
  const recording = record.sampleStatus === '2';
  return (
    <DocumentForm
      {...common}
      title={t(recording ? 'inspection:form.recordResults' : 'inspection:form.editSample', {
        number: record.sampleNumber,
      })}
      headerFields={recording ? [] : REQUEST_FIELDS}
      lineFields={recording ? RESULT_FIELDS : []}
      before={
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 's',
              label: t('inspection:form.supplier'),
              children: `${record.toElsAccount} ${record.supplierName}`,
            },
            { key: 't', label: t('inspection:form.template'), children: String(record.templateName) },
            ...(recording
              ? [
                  {
                    key: 'm',
                    label: sampleDefinition.header.materialDesc.label[locale],
                    children: String(record.materialDesc),
                  },
                  {
                    key: 'n',
                    label: sampleDefinition.header.trackingNumber.label[locale],
                    children: String(record.trackingNumber ?? ''),
                  },
                ]
              : []),
          ]}
        />
      }
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      onCancel={() => navigate(`/v2/sampleAudit/view?id=${id}`)}
      onSaved={() => navigate(`/v2/sampleAudit/view?id=${id}`, { replace: true })}
    />
  );
}
