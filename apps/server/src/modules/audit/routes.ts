import { approvalTaskFields } from '@srm/contracts/approval-task';
import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import { APPROVAL_KIND_CODES, taskLink } from '@srm/contracts/task-links';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { conditionOffer } from './conditions.ts';
import { cancelDelegation, createDelegation, listDelegations } from './delegation.ts';
import {
  approveTask,
  findConfig,
  listCopies,
  listTasks,
  rejectTask,
  saveConfig,
  setAuditMessageEnv,
  type TaskList,
} from './service.ts';
import type { auditCc, auditTask } from './tables.ts';

/** The approval flows a company configures (task types with a page; contracts' APPROVAL_KINDS). */
const DOCUMENT_KINDS = APPROVAL_KIND_CODES;

const taskSchema = z.object({
  id: z.string(),
  documentKind: z.string(),
  documentId: z.string(),
  documentNumber: z.string(),
  stepIndex: z.number(),
  status: z.string(),
  promoter: z.string(),
  /** The submitter's sub-account name (issue #19); null when none is known (show promoter). */
  promoterName: z.string().nullable(),
  amount: z.string().nullable(),
  handledBy: z.string().nullable(),
  /** The handler's sub-account name; null when none is known (show handledBy). */
  handledByName: z.string().nullable(),
  remark: z.string().nullable(),
  createDate: z.string(),
  handledDate: z.string().nullable(),
  /** Where the shell's /audit page opens the document (spec 000 §2 task links). */
  link: z.string().nullable(),
  /**
   * Delegation (issue #19): for a waiting task in the caller's to-dos, the sub-account the caller acts for;
   * for a handled task, the one its handler acted for. Null: for themselves.
   */
  onBehalfOf: z.string().nullable(),
  onBehalfOfName: z.string().nullable(),
  /** Issue #33: stepName, stepNameEn (screens show the reader's language), candidates, candidateCount. */
  ...approvalTaskFields,
});
const copySchema = z.object({
  id: z.string(),
  documentKind: z.string(),
  documentId: z.string(),
  documentNumber: z.string(),
  /** approved, rejected. */
  result: z.string(),
  promoter: z.string(),
  /** The submitter's sub-account name (issue #19); null when none is known (show promoter). */
  promoterName: z.string().nullable(),
  amount: z.string().nullable(),
  createDate: z.string(),
  link: z.string().nullable(),
});
const delegationSchema = z.object({
  id: z.string(),
  delegator: z.string(),
  delegatorName: z.string(),
  delegate: z.string(),
  delegateName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** active, cancelled. */
  status: z.string(),
  remark: z.string().nullable(),
  /** The caller is the delegator (may cancel); false: the caller is the delegate. */
  mine: z.boolean(),
  createDate: z.string(),
  version: z.number(),
});
const organisationCodes = z.array(z.string().trim().min(1).max(40)).max(100).optional();
const organisationsSchema = z.strictObject({ purchaseOrg: organisationCodes, factory: organisationCodes });
const stepSchema = z.object({
  /**
   * The step's name in Chinese and in English (issue #33): at least one of them (saveConfig: '400' naming
   * body.steps.{i}.name); screens show the reader's language and fall back to the other.
   */
  name: z.string().trim().max(50),
  nameEn: z.string().trim().max(50).optional(),
  approverType: z.enum(['user', 'role']),
  approvers: z.array(z.string().trim().min(1).max(64)).min(1).max(20),
  minAmount: z.number().min(0).max(1e12).optional(),
  /**
   * Conditions (issue #19): the amount is below maxAmount; the document's type, one of its categories, one
   * of its organisations is in the list. Empty or absent: any. What a flow offers: conditionOptions.
   */
  maxAmount: z.number().min(0).max(1e12).optional(),
  documentTypes: z.array(z.string().trim().min(1).max(20)).max(50).optional(),
  categories: z.array(z.string().trim().min(1).max(40)).max(100).optional(),
  /**
   * Per organisation item the flow offers (conditionOptions' `organisations`): codes of the company's
   * organisation masters of that item (purchaseOrg: purchase organisations, factory: factories).
   */
  organisations: organisationsSchema.optional(),
  /** Carbon copy (issue #19): told when the approval ends; sub-accounts (user) or role codes (role). */
  ccType: z.enum(['user', 'role']).optional(),
  cc: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
});
/** A step as stored: a plain organisation list is a step saved before migration 0062 (see AuditStep). */
const storedStepSchema = stepSchema.extend({
  organisations: z.union([organisationsSchema, z.array(z.string())]).optional(),
});
const pageSchema = (record: z.ZodType) =>
  envelopeSchema(
    z.object({ records: z.array(record), total: z.number(), currentPage: z.number(), pageSize: z.number() }),
  );

function toTask(
  row: typeof auditTask.$inferSelect & {
    candidates?: Array<{ elsSubAccount: string; name: string }> | null;
    candidateCount?: number;
    onBehalfOf?: string | null;
    onBehalfOfName?: string | null;
    promoterName?: string | null;
    handledByName?: string | null;
  },
) {
  return {
    id: row.id,
    documentKind: row.documentKind,
    documentId: row.documentId,
    documentNumber: row.documentNumber,
    stepIndex: row.stepIndex,
    stepName: row.stepName,
    stepNameEn: row.stepNameEn,
    status: row.status,
    promoter: row.promoter,
    promoterName: row.promoterName ?? null,
    amount: row.amount,
    handledBy: row.handledBy,
    handledByName: row.handledByName ?? null,
    remark: row.remark,
    createDate: row.createDate.toISOString(),
    handledDate: row.handledDate?.toISOString() ?? null,
    link: taskLink(row.documentKind, row.documentId, row.id),
    onBehalfOf: row.onBehalfOf ?? row.handledOnBehalfOf ?? null,
    onBehalfOfName: row.onBehalfOfName ?? row.onBehalfOf ?? row.handledOnBehalfOf ?? null,
    candidates: row.candidates ?? null,
    candidateCount: row.candidateCount ?? 0,
  };
}

function toCopy(row: typeof auditCc.$inferSelect & { promoterName?: string | null }) {
  const link = taskLink(row.documentKind, row.documentId, row.id);
  return {
    id: row.id,
    documentKind: row.documentKind,
    documentId: row.documentId,
    documentNumber: row.documentNumber,
    result: row.result,
    promoter: row.promoter,
    promoterName: row.promoterName ?? null,
    amount: row.amount,
    createDate: row.createDate.toISOString(),
    link: link ? `${link.split('?')[0]}?id=${row.documentId}` : null,
  };
}

function toDelegation(row: Awaited<ReturnType<typeof listDelegations>>[number]) {
  return {
    id: row.id,
    delegator: row.delegator,
    delegatorName: row.delegatorName,
    delegate: row.delegate,
    delegateName: row.delegateName,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    status: row.status,
    remark: row.remark,
    mine: row.mine,
    createDate: row.createDate.toISOString(),
    version: row.version,
  };
}

/** Approvals (spec 000 §7 CommonAuditService, ElsTodoService; issue #5). */
export function registerAuditRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  setAuditMessageEnv(deps.config.ENV_NAME);
  const lists: Array<[string, TaskList, string]> = [
    ['todoPagelist', 'todo', 'Tasks waiting for the caller'],
    ['donePagelist', 'done', 'Tasks the caller handled'],
    ['findAuditUnComplete', 'unComplete', "The caller's submissions still under approval"],
    ['findAuditCompleteByPromoter', 'completeByPromoter', "The caller's submissions whose approval finished"],
  ];
  for (const [action, list, summary] of lists) {
    /**
     * POST /apis/CommonAuditService/{todoPagelist | donePagelist | findAuditUnComplete |
     * findAuditCompleteByPromoter} (spec 000 §7). Body { currentPage, pageSize, documentKind?,
     * elsAccount?, elsSubAccount? (the shell adds them; ignored — the token decides) }.
     * data { records: task[] (with link), total, currentPage, pageSize }.
     */
    r.post(
      `/apis/CommonAuditService/${action}`,
      {
        schema: {
          tags: ['audit'],
          summary,
          body: pagingSchema.extend({
            documentKind: z.enum(DOCUMENT_KINDS).optional(),
            elsAccount: z.string().max(32).optional(),
            elsSubAccount: z.string().max(64).optional(),
          }),
          response: { 200: pageSchema(taskSchema) },
        },
      },
      async (request) => {
        const { rows, total } = await listTasks(deps.db, requireAuth(request.auth), list, request.body);
        return ok({
          records: rows.map(toTask),
          total,
          currentPage: request.body.currentPage,
          pageSize: request.body.pageSize,
        });
      },
    );
  }

  /** POST /apis/CommonAuditService/approve/{taskId} — body { remark? }. The next step starts, or the document is approved. */
  r.post(
    '/apis/CommonAuditService/approve/:taskId',
    {
      schema: {
        tags: ['audit'],
        summary: 'Approve a task',
        params: z.object({ taskId: z.uuid() }),
        body: z.object({ remark: z.string().trim().max(500).optional() }),
        response: { 200: envelopeSchema(z.object({ complete: z.boolean(), task: taskSchema })) },
      },
    },
    async (request) => {
      const result = await approveTask(
        deps.db,
        requireAuth(request.auth),
        request.params.taskId,
        request.body.remark,
      );
      void deps.outbox.kick();
      return ok({ complete: result.complete, task: toTask(result.task) });
    },
  );

  /** POST /apis/CommonAuditService/reject/{taskId} — body { remark (required) }. The document is rejected. */
  r.post(
    '/apis/CommonAuditService/reject/:taskId',
    {
      schema: {
        tags: ['audit'],
        summary: 'Reject a task',
        params: z.object({ taskId: z.uuid() }),
        body: z.object({ remark: z.string().trim().min(1).max(500) }),
        response: { 200: envelopeSchema(z.object({ task: taskSchema })) },
      },
    },
    async (request) => {
      const result = await rejectTask(
        deps.db,
        requireAuth(request.auth),
        request.params.taskId,
        request.body.remark,
      );
      void deps.outbox.kick();
      return ok({ task: toTask(result.task) });
    },
  );

  /** GET /apis/CommonAuditService/findConfig/{documentKind} — the company's approval steps (or none). */
  r.get(
    '/apis/CommonAuditService/findConfig/:documentKind',
    {
      schema: {
        tags: ['audit'],
        summary: 'Approval configuration of a document kind',
        params: z.object({ documentKind: z.enum(DOCUMENT_KINDS) }),
        response: {
          200: envelopeSchema(
            z
              .object({ documentKind: z.string(), steps: z.array(storedStepSchema), version: z.number() })
              .nullable(),
          ),
        },
      },
    },
    async (request) => {
      const row = await findConfig(
        deps.db,
        requireAuth(request.auth).elsAccount,
        request.params.documentKind,
      );
      return ok(row ? { documentKind: row.documentKind, steps: row.steps, version: row.version } : null);
    },
  );

  /**
   * GET /apis/CommonAuditService/conditionOptions/{documentKind} (issue #19) — the conditions the flow's
   * steps may carry besides the amount: the document type field with its codes (labels in both languages),
   * whether its documents have material categories, and its organisation items (purchase organisation,
   * factory). A flow of no document kind (supplier lifecycle …) offers none: `documentType` null.
   */
  const label = z.object({ zh_cn: z.string(), en: z.string() });
  r.get(
    '/apis/CommonAuditService/conditionOptions/:documentKind',
    {
      schema: {
        tags: ['audit'],
        summary: 'Conditions an approval flow offers',
        params: z.object({ documentKind: z.enum(DOCUMENT_KINDS) }),
        response: {
          200: envelopeSchema(
            z.object({
              documentType: z
                .object({
                  field: z.string(),
                  label,
                  options: z.array(z.object({ value: z.string(), label })),
                })
                .nullable(),
              categories: z.boolean(),
              organisations: z.array(z.object({ item: z.string(), label })),
            }),
          ),
        },
      },
    },
    async (request) => {
      requireAuth(request.auth);
      const offer = conditionOffer(request.params.documentKind);
      return ok({
        documentType: offer.documentType
          ? {
              field: offer.documentType.field,
              label: offer.documentType.label,
              options: Object.entries(offer.documentType.codes).map(([value, l]) => ({ value, label: l })),
            }
          : null,
        categories: offer.categories,
        organisations: offer.organisations,
      });
    },
  );

  /**
   * POST /apis/CommonAuditService/saveConfig — an admin sets the ordered steps of a document kind.
   * Body { documentKind, steps: [{ name (Chinese), nameEn? (English; issue #33: at least one), approverType 'user' | 'role', approvers, minAmount?, maxAmount?
   * (local currency; minAmount ≤ amount < maxAmount), documentTypes?, categories?, organisations?
   * ({ purchaseOrg?, factory? }: per item, codes of the company's organisation masters of that item) (issue
   * #19: empty = any), ccType?, cc? }], version? (required when a configuration exists; '409' when stale) }.
   * '400' naming `body.steps.{i}.{field}` for a condition the flow does not offer or a value it does not know
   * (`body.steps.{i}.organisations.{item}` for an item the flow does not offer or a code the masters lack).
   */
  r.post(
    '/apis/CommonAuditService/saveConfig',
    {
      schema: {
        tags: ['audit'],
        summary: 'Save the approval steps of a document kind (admin)',
        body: z.object({
          documentKind: z.enum(DOCUMENT_KINDS),
          steps: z.array(stepSchema).max(10),
          version: z.number().int().min(0).max(2_000_000_000).optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({ documentKind: z.string(), steps: z.array(storedStepSchema), version: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const row = await saveConfig(deps.db, requireAuth(request.auth), request.body);
      return ok({ documentKind: row.documentKind, steps: row.steps, version: row.version });
    },
  );

  /**
   * POST /apis/CommonAuditService/findCopiedToMe (issue #19) — the caller's carbon copies ("Copied to me"),
   * read-only. Body { currentPage, pageSize, documentKind? }. data { records: copy[] (with the document's
   * link), total, currentPage, pageSize }.
   */
  r.post(
    '/apis/CommonAuditService/findCopiedToMe',
    {
      schema: {
        tags: ['audit'],
        summary: 'Approvals copied to the caller',
        body: pagingSchema.extend({
          documentKind: z.enum(DOCUMENT_KINDS).optional(),
          elsAccount: z.string().max(32).optional(),
          elsSubAccount: z.string().max(64).optional(),
        }),
        response: { 200: pageSchema(copySchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listCopies(deps.db, requireAuth(request.auth), request.body);
      return ok({
        records: rows.map(toCopy),
        total,
        currentPage: request.body.currentPage,
        pageSize: request.body.pageSize,
      });
    },
  );

  /**
   * GET /apis/CommonAuditService/delegations (issue #19) — the caller's approval delegations and those
   * naming the caller as delegate, newest first (at most 200).
   */
  r.get(
    '/apis/CommonAuditService/delegations',
    {
      schema: {
        tags: ['audit'],
        summary: "The caller's approval delegations",
        response: { 200: envelopeSchema(z.array(delegationSchema)) },
      },
    },
    async (request) => ok((await listDelegations(deps.db, requireAuth(request.auth))).map(toDelegation)),
  );

  /**
   * POST /apis/CommonAuditService/delegations (issue #19) — "while I am away, my approvals go to X".
   * Body { delegate (sub-account of the caller's company), startDate, endDate (ISO date-times, end after
   * start and in the future), remark? }. '400' naming the field: unknown or inactive delegate, oneself, a
   * delegate who has delegated in the period (no chains), an overlap with the caller's own delegation.
   */
  r.post(
    '/apis/CommonAuditService/delegations',
    {
      schema: {
        tags: ['audit'],
        summary: 'Delegate my approvals for a period',
        body: z.object({
          delegate: z.string().trim().min(1).max(64),
          startDate: z.iso.datetime({ offset: true }),
          endDate: z.iso.datetime({ offset: true }),
          remark: z.string().trim().max(200).optional(),
        }),
        response: { 200: envelopeSchema(delegationSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const row = await createDelegation(deps.db, auth, request.body);
      const [listed] = (await listDelegations(deps.db, auth)).filter((d) => d.id === row.id);
      return ok(toDelegation(listed));
    },
  );

  /** POST /apis/CommonAuditService/delegations/{id}/cancel — body { version }; '404' not the caller's, '409' stale. */
  r.post(
    '/apis/CommonAuditService/delegations/:id/cancel',
    {
      schema: {
        tags: ['audit'],
        summary: 'Cancel one of my approval delegations',
        params: z.object({ id: z.uuid() }),
        // Bounded like the column (an integer): a larger number is a '400', not a failed comparison.
        body: z.object({ version: z.number().int().min(0).max(2_000_000_000) }),
        response: {
          200: envelopeSchema(z.object({ id: z.string(), status: z.string(), version: z.number() })),
        },
      },
    },
    async (request) => {
      const row = await cancelDelegation(
        deps.db,
        requireAuth(request.auth),
        request.params.id,
        request.body.version,
      );
      return ok({ id: row.id, status: row.status, version: row.version });
    },
  );

  /** GET /apis/ElsTodoService/selectTodoList (spec 000 §7) — the caller's to-dos: pending approval tasks. */
  r.get(
    '/apis/ElsTodoService/selectTodoList',
    {
      schema: {
        tags: ['audit'],
        summary: 'To-do items of the caller',
        response: {
          200: envelopeSchema(
            z.object({ available: z.boolean(), records: z.array(taskSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { rows, total } = await listTasks(deps.db, auth, 'todo', { currentPage: 1, pageSize: 10 });
      return ok({ available: true, records: rows.map(toTask), total });
    },
  );
}
