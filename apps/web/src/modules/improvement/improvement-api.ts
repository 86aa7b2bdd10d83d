import { improvementDefinition, improvementTemplateDefinition } from '@srm/contracts/improvement';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { basePath, documentKeys, findDocuments } from '../../components/document/api.ts';
import { call } from '../../lib/http.ts';

/** A linked supplier of the buyer (account_relation, through the finance module's counterpart list). */
export type Supplier = { elsAccount: string; companyName: string };

/** `GET /apis/finance/PurchaseReconService/findCounterparts` — the buyer's linked suppliers. */
export function useSuppliers() {
  return useQuery({
    queryKey: ['improvement', 'suppliers'],
    queryFn: () => call<Supplier[]>({ url: '/finance/PurchaseReconService/findCounterparts' }),
  });
}

/** The buyer's released improvement item templates (at most 100, newest first). */
export function useReleasedTemplates() {
  return useQuery({
    queryKey: ['improvement', 'released'],
    queryFn: () =>
      findDocuments(improvementTemplateDefinition, 'purchase', {
        currentPage: 1,
        pageSize: 100,
        templateStatus: 'RELEASE',
      }),
  });
}

/**
 * `POST …/SaleImprovementService/answer/{id}` (body { version, answers: [{ lineId, rootCause,
 * correctiveAction, dueDate }] }) or `…/PurchaseImprovementService/reopen/{id}` (body { version, remark,
 * lineIds }); the sheet's queries are refreshed afterwards.
 */
export function useSheetCall(call_: 'answer' | 'reopen') {
  const client = useQueryClient();
  const side = call_ === 'answer' ? 'sale' : 'purchase';
  return async (id: string, body: Record<string, unknown>) => {
    try {
      return await call<Record<string, unknown>>({
        url: `${basePath(improvementDefinition, side)}/${call_}/${encodeURIComponent(id)}`,
        method: 'POST',
        data: body,
      });
    } finally {
      await client.invalidateQueries({ queryKey: documentKeys.all(improvementDefinition) });
    }
  };
}

/** Where a sheet came from (`GET …/{Purchase|Sale}ImprovementService/findSource/{id}`). */
export type SheetSource = {
  sourceType: string;
  sourceNumber: string | null;
  appraisal: null | {
    runId: string | null;
    resultId: string | null;
    appraisalNumber: string;
    periodFrom: string;
    periodTo: string;
    runStatus: string;
  };
};

/** The sheet's source (the appraisal run and scorecard it was issued from), when it has one. */
export function useSheetSource(side: 'purchase' | 'sale', id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...documentKeys.all(improvementDefinition), 'source', side, id],
    enabled,
    queryFn: () =>
      call<SheetSource>({
        url: `${basePath(improvementDefinition, side)}/findSource/${encodeURIComponent(id)}`,
      }),
  });
}
