import {
  facInsDefinition,
  facInsTemplateDefinition,
  inspectionResult,
  maxTotal,
} from '@srm/contracts/inspection';
import { Alert, Button, Descriptions, Form, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { todayIso } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { SupplierTemplatePickers } from './inspection-parts.tsx';
import './i18n-inspection.ts';

const HEADER = ['inspectionDate', 'inspectors', 'remark'];
const LINE_FIELDS = ['score', 'scoreRemark'];

/** The running total of the scores × weights in the form (exact, as the server will compute it). */
function RunningTotal({ passScore }: { passScore: string }) {
  const { t } = useTranslation();
  // Inside the DocumentForm: its form's lines as they are typed.
  const lines = (Form.useWatch('lines', { preserve: true }) ?? []) as Array<Record<string, unknown>>;
  const items = lines.map((l) => ({
    score: typeof l.score === 'string' ? l.score : null,
    maxScore: String(l.maxScore ?? '0'),
    weight: l.weight ? String(l.weight) : null,
  }));
  const { total } = inspectionResult(
    items.map((i) => ({
      score: i.score && /^\d{1,4}(\.\d{1,2})?$/.test(i.score.trim()) ? i.score.trim() : null,
      weight: i.weight,
    })),
    passScore,
  );
  return (
    <Alert
      type="info"
      showIcon
      message={t('inspection:form.runningTotal', { total, max: maxTotal(items), pass: passScore })}
    />
  );
}

/**
 * #/v2/inspectTable/edit[?id=…] — a new factory inspection (supplier, released template — its review items
 * become the lines — date, inspectors as buyer sub-accounts, comma-separated) or the scoring of one: per
 * review item a score from 0 to its max score and a remark, with the running total. The server checks every
 * score again and computes the total when the result is approved.
 */
export default function InspectionEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const detail = useDocumentDetail(facInsDefinition, 'purchase', id);
  const common = {
    def: facInsDefinition,
    side: 'purchase' as const,
    headerFields: HEADER,
    required: ['inspectors'],
    lineFields: LINE_FIELDS,
    lineInfo: (['itemName', 'maxScore', 'weight', 'guidance'] as const).map((key) => ({
      key,
      title: facInsDefinition.lines.fields[key].label[locale],
    })),
    lineMax: {
      score: (line: Record<string, unknown>) => (line.maxScore ? String(line.maxScore) : undefined),
    },
    hideLineCustomFields: true,
  };
  if (!id)
    return (
      <DocumentForm
        {...common}
        title={t('inspection:form.newInspection')}
        before={
          <SupplierTemplatePickers
            templateDef={facInsTemplateDefinition}
            toLine={(item) => ({
              itemName: item.itemName,
              maxScore: item.maxScore,
              weight: item.weight,
              guidance: item.guidance,
            })}
          />
        }
        initial={{ inspectionDate: todayIso(), lines: [] }}
        onCancel={() => navigate('/v2/inspectTable/list')}
        onSaved={(record) => navigate(`/v2/inspectTableAudit/detail?id=${record.id}`, { replace: true })}
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
  const { record, lines: saved } = detail.data;
  return (
    <DocumentForm
      {...common}
      title={t('inspection:form.scoreInspection', { number: record.facInsNumber })}
      before={
        <>
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
            ]}
          />
          <RunningTotal passScore={String(record.passScore)} />
        </>
      }
      existing={{ id: record.id, version: record.version }}
      initial={{ ...editInitial(detail.data), lines: saved }}
      onCancel={() => navigate(`/v2/inspectTableAudit/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/inspectTableAudit/detail?id=${id}`, { replace: true })}
    />
  );
}
