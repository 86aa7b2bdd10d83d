import { contractDefinition } from '@srm/contracts/contract';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { errorText } from '../../lib/http.ts';
import './i18n-contract.ts';

const def = contractDefinition;

/**
 * #/v2/contract/edit[?id=…] — the buyer's contract form (draft or sent back): header, lines, clauses (at least
 * one, each with a title) and payment stages (a ratio or an amount); the server names a refused field.
 */
export default function ContractEdit() {
  const { t } = useTranslation();
  const { search, state } = useLocation();
  // From "New from template" (FromTemplate.tsx): the type, the template and its clauses.
  const fromTemplate = (state ?? {}) as { contractType?: string; templateCode?: string; clauses?: unknown[] };
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const detail = useDocumentDetail(def, 'purchase', id);
  if (!id)
    return (
      <DocumentForm
        def={def}
        side="purchase"
        title={t('contract:form.newContract')}
        initial={{
          lines: [{}],
          clauses: fromTemplate.clauses ?? [{}],
          ...(fromTemplate.contractType ? { contractType: fromTemplate.contractType } : {}),
          ...(fromTemplate.templateCode ? { templateCode: fromTemplate.templateCode } : {}),
        }}
        onCancel={() => navigate('/v2/contract/list')}
        onSaved={(record) => navigate(`/v2/contract/detail?id=${record.id}`, { replace: true })}
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
  const { record, lines, collections } = detail.data;
  return (
    <DocumentForm
      def={def}
      side="purchase"
      title={t('contract:form.editContract', { number: record.contractNumber })}
      existing={{ id: record.id, version: record.version }}
      initial={{ ...record, lines, ...collections }}
      onCancel={() => navigate(`/v2/contract/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/contract/detail?id=${id}`, { replace: true })}
    />
  );
}
