import {
  accessSectionsSchema,
  admitBodySchema,
  findTemplateQuerySchema,
  qualTemplateSaveSchema,
  qualTemplateSchema,
  supplierAccessDefinition,
  TEMPLATE_STATUS,
} from '@srm/contracts/admission';
import { servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ownRouteAction, recordSchemaOf, registerDocumentRoutes } from '../../platform/document/routes.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { accountRelation, company } from '../account/tables.ts';
import { admit, registerAdmitApproval, supplierAccessKind } from './supplier-access.ts';
import {
  categoryNames,
  deleteTemplate,
  getTemplate,
  listTemplates,
  moveTemplate,
  releasedTemplate,
  releasedTemplates,
  saveTemplate,
  toTemplate,
} from './templates.ts';

const TEMPLATES = '/apis/admission/PurchaseQualificationTemplateService';
const idParams = z.object({ id: z.uuid() });
const versionBody = z.object({ version: z.number().int().min(0) });

/**
 * Supplier admission, qualification part (issue #16): the buyer's qualification templates
 * (`/apis/admission/PurchaseQualificationTemplateService/…`), the kernel's calls of the admission form
 * (`/apis/admission/{Purchase|Sale}SupplierAccessService/…`), its sections, the supplier's choice of buyer
 * and category, and the review (`admit`, under the approval flow "qualification").
 */
export function registerAdmissionRoutes(app: App, deps: AppDeps): void {
  const env = deps.config.ENV_NAME;
  registerDocumentRoutes(app, deps, supplierAccessKind);
  registerAdmitApproval(env);
  const r = zod(app);
  const tags = ['qualification'];
  const templateAnswer = { 200: envelopeSchema(qualTemplateSchema) };

  /**
   * POST …/findPageList — the caller's (buyer's) qualification templates, newest first. Body { currentPage,
   * pageSize, templateStatus? (DRAFT|APPLY|REVOKE|RELEASE|FAIL), templateName? (contains) }. '403' supplier.
   */
  r.post(
    `${TEMPLATES}/findPageList`,
    {
      schema: {
        tags,
        summary: 'Qualification templates of the buyer',
        body: pagingSchema.extend({
          templateStatus: z.enum(Object.keys(TEMPLATE_STATUS) as [string, ...string[]]).optional(),
          templateName: z.string().trim().max(50).optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              records: z.array(qualTemplateSchema),
              total: z.number(),
              currentPage: z.number(),
              pageSize: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await listTemplates(deps.db, requireAuth(request.auth), request.body)),
  );

  /** GET …/findDetail/{id} — one template of the caller's company; '404' otherwise. */
  r.get(
    `${TEMPLATES}/findDetail/:id`,
    { schema: { tags, summary: 'One qualification template', params: idParams, response: templateAnswer } },
    async (request) =>
      ok(toTemplate(await getTemplate(deps.db, requireAuth(request.auth), request.params.id))),
  );

  /**
   * POST …/save — create (no id) or edit a DRAFT template (id + version). Body: qualTemplateSaveSchema
   * (templateName ≤ 50, categories = the buyer's material category codes, items { itemName ≤ 50, answerType
   * text|number|yesno|date|choice, required, options (choice: ≥ 2) }, attachmentTypes (unique), principal?).
   * '400' naming the field (duplicate item names, "attachment types cannot repeat"), '409' stale.
   */
  r.post(
    `${TEMPLATES}/save`,
    {
      schema: {
        tags,
        summary: 'Save a qualification template',
        body: qualTemplateSaveSchema,
        response: templateAnswer,
      },
    },
    async (request) => ok(await saveTemplate(deps.db, requireAuth(request.auth), request.body)),
  );

  const summaries = {
    apply: 'Apply a draft or revoked template to its categories (APPLY)',
    release: 'Release a draft or applied template',
    revoke: 'Revoke an applied or released template back (REVOKE: editable again)',
    invalidate: 'Invalidate a released or revoked template',
  } as const;
  for (const move of ['apply', 'release', 'revoke', 'invalidate'] as const) {
    /**
     * POST …/apply/{id} (DRAFT | REVOKE → APPLY), …/release/{id} (DRAFT | APPLY → RELEASE), …/revoke/{id}
     * (APPLY | RELEASE → REVOKE) and …/invalidate/{id} (RELEASE | REVOKE → FAIL), body { version }. '400'
     * from another status, '409' stale, '404' not the caller's.
     */
    r.post(
      `${TEMPLATES}/${move}/:id`,
      {
        schema: {
          tags,
          summary: summaries[move],
          params: idParams,
          body: versionBody,
          response: templateAnswer,
        },
      },
      async (request) =>
        ok(
          await moveTemplate(
            deps.db,
            requireAuth(request.auth),
            move,
            request.params.id,
            request.body.version,
          ),
        ),
    );
  }

  /** POST …/delete/{id} body { version } — deletes a DRAFT template. */
  r.post(
    `${TEMPLATES}/delete/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a draft template',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteTemplate(deps.db, requireAuth(request.auth), request.params.id, request.body.version);
      return ok(null);
    },
  );

  const sale = servicePath(supplierAccessDefinition, 'sale');
  const purchase = servicePath(supplierAccessDefinition, 'purchase');

  /**
   * GET /apis/admission/SaleSupplierAccessService/findOptions — for the caller (supplier): its linked buyers
   * and, per buyer, the material categories with a released qualification template (code, name, template
   * code and name). Only released templates can be chosen.
   * Function permission (issue #19): `supplierAccess.read`; without it '403'.
   */
  r.get(
    `${sale}/findOptions`,
    {
      config: { action: ownRouteAction(supplierAccessDefinition, 'read') },
      schema: {
        tags,
        summary: 'Buyers and categories a supplier can apply for',
        response: {
          200: envelopeSchema(
            z.array(
              z.object({
                elsAccount: z.string(),
                companyName: z.string(),
                categories: z.array(
                  z.object({
                    cateCode: z.string(),
                    cateName: z.string(),
                    templateCode: z.string(),
                    templateName: z.string(),
                  }),
                ),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (auth.station !== 'sale') throw forbidden();
      const buyers = await deps.db
        .select({ elsAccount: accountRelation.elsAccount, companyName: company.companyName })
        .from(accountRelation)
        .innerJoin(company, eq(company.elsAccount, accountRelation.elsAccount))
        .where(eq(accountRelation.toElsAccount, auth.elsAccount));
      const templates = await releasedTemplates(
        deps.db,
        buyers.map((b) => b.elsAccount),
      );
      const answer = [];
      for (const buyer of buyers) {
        const own = templates.filter((t) => t.elsAccount === buyer.elsAccount);
        const names = await categoryNames(
          deps.db,
          buyer.elsAccount,
          own.flatMap((t) => t.categories),
        );
        const seen = new Set<string>();
        const categories = [];
        for (const t of own)
          for (const code of t.categories)
            if (!seen.has(code)) {
              seen.add(code);
              categories.push({
                cateCode: code,
                cateName: names.get(code) ?? code,
                templateCode: t.templateCode,
                templateName: t.templateName,
              });
            }
        answer.push({ ...buyer, categories });
      }
      return ok(answer);
    },
  );

  /**
   * GET /apis/admission/SaleSupplierAccessService/findTemplate?elsAccount=&accessCategory= — the linked
   * buyer's released template for the category (questionnaire and required attachment types), or '404'.
   * Function permission (issue #19): `supplierAccess.read`; without it '403'.
   */
  r.get(
    `${sale}/findTemplate`,
    {
      config: { action: ownRouteAction(supplierAccessDefinition, 'read') },
      schema: {
        tags,
        summary: "A linked buyer's released qualification template for a category",
        querystring: findTemplateQuerySchema,
        response: templateAnswer,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (auth.station !== 'sale') throw forbidden();
      const { elsAccount, accessCategory } = request.query;
      const [link] = await deps.db
        .select({ id: accountRelation.elsAccount })
        .from(accountRelation)
        .where(
          and(eq(accountRelation.elsAccount, elsAccount), eq(accountRelation.toElsAccount, auth.elsAccount)),
        );
      const template = link ? await releasedTemplate(deps.db, elsAccount, accessCategory) : null;
      if (!template) throw notFound();
      return ok(toTemplate(template));
    },
  );

  const sectionsAnswer = {
    200: envelopeSchema(
      accessSectionsSchema.extend({
        attachmentTypes: z.array(z.string()),
      }),
    ),
  };
  for (const side of ['purchase', 'sale'] as const) {
    /**
     * GET …/{Purchase|Sale}SupplierAccessService/findSections/{id} — the form's contacts, banks,
     * certifications (ISO dates), typed attachments and the required attachment types; '404' when the caller's
     * side may not see the form (a buyer: a draft; another company: any).
     * Function permission (issue #19): `supplierAccess.read`; without it '403'.
     */
    r.get(
      `${side === 'purchase' ? purchase : sale}/findSections/:id`,
      {
        config: { action: ownRouteAction(supplierAccessDefinition, 'read') },
        schema: {
          tags,
          summary: 'Contacts, banks, certifications and typed attachments of an admission form',
          params: idParams,
          response: sectionsAnswer,
        },
      },
      async (request) => {
        const row = await supplierAccessKind.find(
          deps.db,
          requireAuth(request.auth),
          side,
          request.params.id,
        );
        return ok({
          contacts: row.contacts,
          banks: row.banks,
          certifications: row.certifications,
          attachments: row.attachments,
          attachmentTypes: row.attachmentTypes,
        });
      },
    );
  }

  /**
   * POST /apis/admission/PurchaseSupplierAccessService/admit/{id} body { version, remark? } — approve a form
   * waiting for review (its person in charge or an administrator). Under the flow "qualification" when the
   * buyer configured steps (pending true, auditStatus 1), else applied at once: the supplier is admitted,
   * master data written, stage stranger → potential. '403' another reviewer, '400' status, '409' stale.
   * Function permission (issue #19): `supplierAccess.admit`; without it '403'.
   */
  r.post(
    `${purchase}/admit/:id`,
    {
      config: { action: ownRouteAction(supplierAccessDefinition, 'admit') },
      schema: {
        tags,
        summary: 'Approve a supplier admission request',
        params: idParams,
        body: admitBodySchema,
        response: {
          200: envelopeSchema(z.object({ record: recordSchemaOf(supplierAccessKind), pending: z.boolean() })),
        },
      },
    },
    async (request) => {
      const result = await admit(deps.db, env, requireAuth(request.auth), request.params.id, request.body);
      void deps.outbox.kick();
      return ok({ record: supplierAccessKind.toRecord(result.row) as never, pending: result.pending });
    },
  );
}
