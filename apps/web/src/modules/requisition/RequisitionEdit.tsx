import { purchaseRequestDefinition } from '@srm/contracts/purchase-request';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { today, todayIso } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import './i18n-requisition.ts';

export const REQUEST_HEADER = [
  'requestType',
  'requestDate',
  'applicant',
  'applyDept',
  'purchaseFactory',
  'purchasePerson',
  'purchaseType',
  'costCenter',
  'isPlaned',
  'remark',
] as const;
/** Seed 001 §5: the request type is required on save. */
export const REQUEST_REQUIRED = ['requestType'] as const;
export const REQUEST_LINE_FIELDS = [
  'materialNumber',
  'materialDesc',
  'unit',
  'quantity',
  'budgetPrice',
  'deliveryDate',
  'expectSupplierEls',
] as const;

/** A new empty line: wanted in two weeks. */
export const newRequestLine = () => ({ deliveryDate: today(14).format('YYYY-MM-DD') });

/**
 * #/v2/requisition/new and #/v2/requisition/edit?id=… — a requisition's header and lines (material number
 * from the material master: description, unit and category default from it on the server).
 */
export default function RequisitionEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const detail = useDocumentDetail(purchaseRequestDefinition, 'purchase', id);
  const common = {
    def: purchaseRequestDefinition,
    side: 'purchase' as const,
    headerFields: REQUEST_HEADER,
    required: REQUEST_REQUIRED,
    lineFields: REQUEST_LINE_FIELDS,
    newLine: newRequestLine,
  };
  if (!id)
    return (
      <DocumentForm
        {...common}
        title={t('requisition:form.newTitle')}
        initial={{
          requestDate: todayIso(),
          purchaseType: '0',
          isPlaned: 'N',
          lines: [newRequestLine()],
        }}
        onCancel={() => navigate('/v2/requisition/list')}
        onSaved={(record) => navigate(`/v2/requisition/detail?id=${record.id}`, { replace: true })}
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
      title={t('requisition:form.editTitle', { number: record.purchaseRequestNumber })}
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      onCancel={() => navigate(`/v2/requisition/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/requisition/detail?id=${id}`, { replace: true })}
    />
  );
}
