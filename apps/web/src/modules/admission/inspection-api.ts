import type { DocumentDefinition } from '@srm/contracts/document/define';
import {
  type facInsDefinition,
  facInsTemplateDefinition,
  type sampleDefinition,
  sampleTemplateDefinition,
} from '@srm/contracts/inspection';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { basePath, documentKeys, findDocuments } from '../../components/document/api.ts';
import { call } from '../../lib/http.ts';

/** The two template kinds' screens are one set of screens, by their route name. */
export type TemplateKind = 'inspectTemplate' | 'sampleTemplate';
export const TEMPLATE_DEFINITIONS: Record<TemplateKind, DocumentDefinition> = {
  inspectTemplate: facInsTemplateDefinition,
  sampleTemplate: sampleTemplateDefinition,
};

/** A linked supplier of the buyer (the finance module's counterpart list: account_relation). */
export type Supplier = { elsAccount: string; companyName: string };

/** `GET /apis/finance/PurchaseReconService/findCounterparts` — the buyer's linked suppliers. */
export function useSuppliers() {
  return useQuery({
    queryKey: ['admission', 'suppliers'],
    queryFn: () => call<Supplier[]>({ url: '/finance/PurchaseReconService/findCounterparts' }),
  });
}

/** The buyer's released templates of a kind (at most 100, newest first). */
export function useReleasedTemplates(def: DocumentDefinition) {
  return useQuery({
    queryKey: ['admission', 'released', def.kind],
    queryFn: () =>
      findDocuments(def, 'purchase', { currentPage: 1, pageSize: 100, templateStatus: 'RELEASE' }),
  });
}

/**
 * `POST …/PurchaseFacInsService/conclude/{id}` or `…/PurchaseSampleService/conclude/{id}` — submits the
 * result under its approval; `pending` when approvers must decide first.
 */
export function useConclude(def: typeof facInsDefinition | typeof sampleDefinition) {
  const client = useQueryClient();
  return async (id: string, body: Record<string, unknown>) => {
    try {
      return await call<{ record: Record<string, unknown>; pending: boolean }>({
        url: `${basePath(def, 'purchase')}/conclude/${encodeURIComponent(id)}`,
        method: 'POST',
        data: body,
      });
    } finally {
      await client.invalidateQueries({ queryKey: documentKeys.all(def) });
    }
  };
}
