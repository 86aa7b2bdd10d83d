import type {
  BuiltClause,
  ClauseSave,
  ClauseStanding,
  ContractTemplate,
  ContractType,
  ContractTypeSave,
  LibraryClause,
  TemplateSave,
} from '@srm/contracts/contract-library';
import { call } from '../../lib/http.ts';

/**
 * Calls of the buyer's contract administration (issue #36; server modules/contract/routes.ts) under
 * /apis/contract/PurchaseContract{Type|Clause|Template}Service/. Errors reject with the server's message
 * ('400' naming the field, '409' stale version).
 */
const post = <T>(url: string, data: unknown = {}) =>
  call<T>({ url: `/contract/${url}`, method: 'POST', data });

export const LIBRARY_KEYS = {
  types: ['contract', 'types'] as const,
  clauses: ['contract', 'clauses'] as const,
  templates: ['contract', 'templates'] as const,
  standing: (id: string) => ['contract', 'standing', id] as const,
};

export const listContractTypes = () => post<ContractType[]>('PurchaseContractTypeService/list');
export const saveContractType = (body: ContractTypeSave) =>
  post<ContractType>('PurchaseContractTypeService/save', body);
export const listClauses = () => post<LibraryClause[]>('PurchaseContractClauseService/list');
export const saveClause = (body: ClauseSave) =>
  post<LibraryClause>('PurchaseContractClauseService/save', body);
/** Publishes a draft, copies a version as the next draft, or retires a published one. */
export const changeClause = (row: LibraryClause, change: 'publish' | 'newVersion' | 'retire') =>
  post<LibraryClause>(`PurchaseContractClauseService/${change}/${row.id}`, { version: row.version });
/** A contract's library clauses against the library (newer version, changed from the library text). */
export const clauseStandings = (contractId: string) =>
  post<ClauseStanding[]>(`PurchaseContractClauseService/status/${contractId}`);
export const listTemplates = () => post<ContractTemplate[]>('PurchaseContractTemplateService/list');
export const saveTemplate = (body: TemplateSave) =>
  post<ContractTemplate>('PurchaseContractTemplateService/save', body);
/** A new contract's clauses from a template (its latest published clause versions). */
export const buildFromTemplate = (id: string) =>
  post<{ templateCode: string; clauses: BuiltClause[] }>(`PurchaseContractTemplateService/build/${id}`);
