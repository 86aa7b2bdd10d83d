import { contractDefinition } from '@srm/contracts/contract';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail, useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { ClauseStandings } from './ClauseStandings.tsx';
import './i18n-contract.ts';

/**
 * #/v2/contract/detail?id=… — a contract with its lines, clauses and payment stages; the toolbar offers what
 * the side may do now (the kernel's transition table): edit, submit, send for signing, sign, send back with a
 * reason, terminate with a reason, close. The buyer sees above it where a library clause has a newer version
 * or was changed from the template's text (issue #36).
 */
export default function ContractDetail() {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const detail = useDocumentDetail(contractDefinition, side, id);
  const clauses = (detail.data?.collections?.clauses ?? []) as unknown as Array<{
    lineNumber: number;
    clauseBody?: string;
  }>;
  const bodies = Object.fromEntries(clauses.map((c) => [c.lineNumber, c.clauseBody ?? '']));
  return (
    <>
      {side === 'purchase' && id && detail.data && <ClauseStandings id={id} bodies={bodies} />}
      <DocumentDetail
        def={contractDefinition}
        side={side}
        id={id}
        onBack={() => navigate('/v2/contract/list')}
        onEdit={(d) => navigate(`/v2/contract/edit?id=${d.record.id}`)}
        onDeleted={() => navigate('/v2/contract/list')}
      />
    </>
  );
}
