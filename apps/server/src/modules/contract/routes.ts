import {
  clauseSaveSchema,
  contractTypeSaveSchema,
  templateItemSchema,
  templateSaveSchema,
} from '@srm/contracts/contract-library';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { registerDocumentRoutes } from '../../platform/document/routes.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { contractKind } from './contract.ts';
import {
  buildFromTemplate,
  changeClause,
  clauseStandings,
  listClauses,
  listContractTypes,
  listTemplates,
  saveClause,
  saveContractType,
  saveTemplate,
} from './library.ts';

const tags = ['contract'];
const idParams = z.object({ id: z.uuid() });
const versionBody = z.strictObject({ version: z.number().int().min(0).max(2_000_000_000) });
const yn = z.enum(['Y', 'N']);

const typeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  defaultTemplate: z.string().nullable(),
  numberPrefix: z.string().nullable(),
  amountControl: yn,
  status: z.enum(['enabled', 'disabled']),
  version: z.number(),
});
const clauseSchema = z.object({
  id: z.string(),
  code: z.string(),
  clauseVersion: z.number(),
  title: z.string(),
  body: z.string(),
  category: z.string(),
  status: z.enum(['draft', 'published', 'retired']),
  locked: yn,
  version: z.number(),
});
const templateSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  items: z.array(templateItemSchema),
  headerText: z.string().nullable(),
  footerText: z.string().nullable(),
  endContent: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  version: z.number(),
});
const builtSchema = z.object({
  templateCode: z.string(),
  clauses: z.array(
    z.object({
      clauseTitle: z.string(),
      clauseBody: z.string().optional(),
      clauseCode: z.string().optional(),
      clauseVersion: z.number().optional(),
    }),
  ),
});
const standingSchema = z.object({
  lineNumber: z.number(),
  clauseCode: z.string(),
  clauseVersion: z.number(),
  newerVersion: z.number().nullable(),
  libraryBody: z.string(),
  changed: z.boolean(),
  locked: yn,
});

/**
 * Contracts (issue #36): the kernel's calls of kind `contract` (`/apis/contract/{Purchase|Sale}ContractService/…`)
 * and the buyer's contract administration (modules/contract/library.ts; buyer station only, '403' for a
 * supplier; another company's id '404'; a stale version '409'; refusals '400' naming the field):
 * - `PurchaseContractTypeService/list` → the types; `save` { id?, version?, code (A–Z, 0–9), name, nameEn,
 *   defaultTemplate?, numberPrefix? (1–4 letters), amountControl Y|N, status } → the type;
 * - `PurchaseContractClauseService/list` → every clause version; `save` { id?, version?, code, title, body,
 *   category, locked } → a new clause (version 1, draft) or an edited draft; `publish|newVersion|retire/{id}`
 *   { version } → the version published, the next draft, or retired; `status/{contractId}` → the contract's
 *   library clauses against the library (newer version, changed from the library text);
 * - `PurchaseContractTemplateService/list` → the templates; `save` { id?, version?, code, name, items
 *   [heading | clause], headerText ≤ 500, footerText ≤ 500, endContent ≤ 2,000 characters, validFrom,
 *   validTo? } → the template; `build/{id}` → a new contract's clauses (latest published versions).
 * Function permissions (issue #19): reading needs `contract.read`, changing `contract.save`.
 */
export function registerContractRoutes(app: App, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, contractKind);
  const r = zod(app);
  const read = { action: 'contract.read', station: 'purchase' } as const;
  const edit = { action: 'contract.save', station: 'purchase' } as const;
  const base = '/apis/contract';
  const empty = z.strictObject({});

  r.post(
    `${base}/PurchaseContractTypeService/list`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Contract types',
        body: empty,
        response: { 200: envelopeSchema(z.array(typeSchema)) },
      },
    },
    async (request) => ok(await listContractTypes(deps.db, requireAuth(request.auth))),
  );
  r.post(
    `${base}/PurchaseContractTypeService/save`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Create or edit a contract type',
        body: contractTypeSaveSchema,
        response: { 200: envelopeSchema(typeSchema) },
      },
    },
    async (request) => ok(await saveContractType(deps.db, requireAuth(request.auth), request.body)),
  );

  r.post(
    `${base}/PurchaseContractClauseService/list`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Clause library (every version)',
        body: empty,
        response: { 200: envelopeSchema(z.array(clauseSchema)) },
      },
    },
    async (request) => ok(await listClauses(deps.db, requireAuth(request.auth))),
  );
  r.post(
    `${base}/PurchaseContractClauseService/save`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Create a clause or edit a draft version',
        body: clauseSaveSchema,
        response: { 200: envelopeSchema(clauseSchema) },
      },
    },
    async (request) => ok(await saveClause(deps.db, requireAuth(request.auth), request.body)),
  );
  for (const change of ['publish', 'newVersion', 'retire'] as const)
    r.post(
      `${base}/PurchaseContractClauseService/${change}/:id`,
      {
        config: edit,
        schema: {
          tags,
          summary: `Clause version: ${change}`,
          params: idParams,
          body: versionBody,
          response: { 200: envelopeSchema(clauseSchema) },
        },
      },
      async (request) =>
        ok(
          await changeClause(
            deps.db,
            requireAuth(request.auth),
            request.params.id,
            request.body.version,
            change,
          ),
        ),
    );
  r.post(
    `${base}/PurchaseContractClauseService/status/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: "A contract's clauses against the library",
        params: idParams,
        body: empty,
        response: { 200: envelopeSchema(z.array(standingSchema)) },
      },
    },
    async (request) => ok(await clauseStandings(deps.db, requireAuth(request.auth), request.params.id)),
  );

  r.post(
    `${base}/PurchaseContractTemplateService/list`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Contract templates',
        body: empty,
        response: { 200: envelopeSchema(z.array(templateSchema)) },
      },
    },
    async (request) => ok(await listTemplates(deps.db, requireAuth(request.auth))),
  );
  r.post(
    `${base}/PurchaseContractTemplateService/save`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Create or edit a contract template',
        body: templateSaveSchema,
        response: { 200: envelopeSchema(templateSchema) },
      },
    },
    async (request) => ok(await saveTemplate(deps.db, requireAuth(request.auth), request.body)),
  );
  r.post(
    `${base}/PurchaseContractTemplateService/build/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: "A new contract's clauses from a template",
        params: idParams,
        body: empty,
        response: { 200: envelopeSchema(builtSchema) },
      },
    },
    async (request) => ok(await buildFromTemplate(deps.db, requireAuth(request.auth), request.params.id)),
  );
}
