import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import { APPROVAL_KIND_CODES, taskLink } from '@srm/contracts/task-links';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { approveTask, findConfig, listTasks, rejectTask, saveConfig, type TaskList } from './service.ts';
import type { auditTask } from './tables.ts';

/** The approval flows a company configures (task types with a page; contracts' APPROVAL_KINDS). */
const DOCUMENT_KINDS = APPROVAL_KIND_CODES;

const taskSchema = z.object({
  id: z.string(),
  documentKind: z.string(),
  documentId: z.string(),
  documentNumber: z.string(),
  stepIndex: z.number(),
  stepName: z.string(),
  status: z.string(),
  promoter: z.string(),
  amount: z.string().nullable(),
  handledBy: z.string().nullable(),
  remark: z.string().nullable(),
  createDate: z.string(),
  handledDate: z.string().nullable(),
  /** Where the shell's /audit page opens the document (spec 000 §2 task links). */
  link: z.string().nullable(),
});
const stepSchema = z.object({
  name: z.string().trim().min(1).max(50),
  approverType: z.enum(['user', 'role']),
  approvers: z.array(z.string().trim().min(1).max(64)).min(1).max(20),
  minAmount: z.number().min(0).max(1e12).optional(),
});
const pageSchema = (record: z.ZodType) =>
  envelopeSchema(
    z.object({ records: z.array(record), total: z.number(), currentPage: z.number(), pageSize: z.number() }),
  );

function toTask(row: typeof auditTask.$inferSelect) {
  return {
    id: row.id,
    documentKind: row.documentKind,
    documentId: row.documentId,
    documentNumber: row.documentNumber,
    stepIndex: row.stepIndex,
    stepName: row.stepName,
    status: row.status,
    promoter: row.promoter,
    amount: row.amount,
    handledBy: row.handledBy,
    remark: row.remark,
    createDate: row.createDate.toISOString(),
    handledDate: row.handledDate?.toISOString() ?? null,
    link: taskLink(row.documentKind, row.documentId, row.id),
  };
}

/** Approvals (spec 000 §7 CommonAuditService, ElsTodoService; issue #5). */
export function registerAuditRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
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
              .object({ documentKind: z.string(), steps: z.array(stepSchema), version: z.number() })
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
   * POST /apis/CommonAuditService/saveConfig — an admin sets the ordered steps of a document kind.
   * Body { documentKind, steps: [{ name, approverType 'user' | 'role', approvers, minAmount? (local
   * currency) }], version? (required when a configuration exists; '409' when stale) }.
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
          version: z.number().int().min(0).optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({ documentKind: z.string(), steps: z.array(stepSchema), version: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const row = await saveConfig(deps.db, requireAuth(request.auth), request.body);
      return ok({ documentKind: row.documentKind, steps: row.steps, version: row.version });
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
