import { approvalTaskFields } from '@srm/contracts/approval-task';
import { elsAccountSchema } from '@srm/contracts/auth';
import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import {
  CONVERSION_TYPES,
  STATUS_CHANGE_STATUS,
  SUPPLIER_STAGE_VALUES,
  statusChangeSaveSchema,
} from '@srm/contracts/supplier-lifecycle';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import {
  allowedConversions,
  deleteRequest,
  listRequests,
  registerLifecycleApprovals,
  requestDetail,
  saveRequest,
  submitRequest,
  withdrawRequest,
} from './service.ts';

const BASE = '/apis/masterdata/PurchaseSupplierStatusChangeService';
const idParams = z.object({ id: z.uuid() });
const versionBody = z.object({ version: z.number().int().min(0) });
const STATUS_VALUES = Object.keys(STATUS_CHANGE_STATUS) as [string, ...string[]];

const requestSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  toElsAccount: z.string().nullable(),
  requestNumber: z.string(),
  requestType: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  toFrozen: z.boolean().nullable(),
  reason: z.string(),
  status: z.string(),
  supplierName: z.string().nullable(),
  company: z.record(z.string(), z.string()).nullable(),
  approvalRemark: z.string().nullable(),
  createUser: z.string(),
  createDate: z.string(),
  lastUpdateDate: z.string(),
  version: z.number(),
});

/**
 * Supplier lifecycle (issue #16): the buyer's supplier status change requests
 * (`/apis/masterdata/PurchaseSupplierStatusChangeService/…`), each request type approved by its own flow.
 */
export function registerSupplierLifecycleRoutes(app: App, deps: AppDeps): void {
  registerLifecycleApprovals(deps.config.ENV_NAME);
  const r = zod(app);
  const tags = ['supplierLifecycle'];

  /**
   * POST …/save — a new conversion request. Body { requestType (unfamiliarToPotential | directToQualified |
   * qualifiedToBlack | blackToQualified | supplierReplacement | supplierFreeze | supplierUnfreeze |
   * supplierEliminate | supplierGrade), toElsAccount (a linked supplier; not for a replacement
   * registration), toStatus (grade changes: the new grade), reason (required, ≤ 500), company (replacement
   * registration: companyName 3–100, contactName, mobile, email?), submit? (submit at once) }. '400' when
   * the conversion is not allowed from the supplier's stage (naming stage and conversion), when the
   * supplier is not linked, or another request of the supplier is under approval. data: the request.
   */
  r.post(
    `${BASE}/save`,
    {
      schema: {
        tags,
        summary: 'Create a supplier status change request',
        body: statusChangeSaveSchema,
        response: { 200: envelopeSchema(requestSchema) },
      },
    },
    async (request) =>
      ok(await saveRequest(deps.db, deps.config.ENV_NAME, requireAuth(request.auth), request.body)),
  );

  /**
   * POST …/submit/{id} — submits a draft or rejected request to its type's approval flow (body {version});
   * without an applicable step it is applied at once. '409' stale version; '400' not a draft, or the
   * supplier no longer in a state the conversion starts from (when applied at once).
   */
  r.post(
    `${BASE}/submit/:id`,
    {
      schema: {
        tags,
        summary: 'Submit a status change request for approval',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(requestSchema) },
      },
    },
    async (request) => {
      const data = await submitRequest(
        deps.db,
        deps.config.ENV_NAME,
        requireAuth(request.auth),
        request.params.id,
        request.body.version,
      );
      deps.outbox.kick();
      return ok(data);
    },
  );

  /** POST …/withdraw/{id} — a request under approval back to draft (tasks cancelled). Body {version}. */
  r.post(
    `${BASE}/withdraw/:id`,
    {
      schema: {
        tags,
        summary: 'Withdraw a status change request',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(requestSchema) },
      },
    },
    async (request) =>
      ok(await withdrawRequest(deps.db, requireAuth(request.auth), request.params.id, request.body.version)),
  );

  /** POST …/delete/{id} — deletes a draft or rejected request. Body {version}. */
  r.post(
    `${BASE}/delete/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a status change request',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteRequest(deps.db, requireAuth(request.auth), request.params.id, request.body.version);
      return ok(null);
    },
  );

  /**
   * POST …/findPageList — the buyer's requests, newest first. Body { currentPage, pageSize,
   * toElsAccount?, requestType?, status? (draft | underApproval | approved | rejected) }.
   */
  r.post(
    `${BASE}/findPageList`,
    {
      schema: {
        tags,
        summary: 'Supplier status change requests',
        body: pagingSchema.extend({
          toElsAccount: elsAccountSchema.optional(),
          requestType: z.enum(CONVERSION_TYPES).optional(),
          status: z.enum(STATUS_VALUES).optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              total: z.number(),
              records: z.array(requestSchema),
              currentPage: z.number(),
              pageSize: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const page = await listRequests(deps.db, requireAuth(request.auth), request.body);
      return ok({ ...page, currentPage: request.body.currentPage, pageSize: request.body.pageSize });
    },
  );

  /**
   * GET …/findDetail/{id} — one request with its trail, approval tasks and the supplier's state now. Each task
   * carries handledOnBehalfOf (issue #19 delegation: the sub-account a delegate acted for; null otherwise).
   */
  r.get(
    `${BASE}/findDetail/:id`,
    {
      schema: {
        tags,
        summary: 'One supplier status change request',
        params: idParams,
        response: {
          200: envelopeSchema(
            z.object({
              record: requestSchema,
              supplier: z
                .object({ toElsAccount: z.string(), supplierStatus: z.string(), frozen: z.boolean() })
                .nullable(),
              trail: z.array(
                z.object({
                  action: z.string(),
                  fromStatus: z.string().nullable(),
                  toStatus: z.string().nullable(),
                  remark: z.string().nullable(),
                  createUser: z.string(),
                  /** The acting user's name; null when the actor is no sub-account (show createUser). */
                  createUserName: z.string().nullable(),
                  createDate: z.string(),
                }),
              ),
              tasks: z.array(
                z.object({
                  id: z.string(),
                  /** Issue #33: the step's name in both languages; who may approve it while it waits. */
                  ...approvalTaskFields,
                  status: z.string(),
                  approvers: z.array(z.string()),
                  handledBy: z.string().nullable(),
                  /** The handler's sub-account name (issue #19); null when the code names none. */
                  handledByName: z.string().nullable(),
                  /** Delegation (issue #19): the sub-account the handler acted for; null: themselves. */
                  handledOnBehalfOf: z.string().nullable(),
                  /** That sub-account's name; null when none. */
                  handledOnBehalfOfName: z.string().nullable(),
                  remark: z.string().nullable(),
                  createDate: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ok(await requestDetail(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * GET …/conversions/{toElsAccount} — a linked supplier's stage, frozen flag and the conversions that
   * may be asked for from them (a supplier without a master row is a stranger). '400' not linked.
   */
  r.get(
    `${BASE}/conversions/:toElsAccount`,
    {
      schema: {
        tags,
        summary: 'Conversions allowed for a supplier now',
        params: z.object({ toElsAccount: elsAccountSchema }),
        response: {
          200: envelopeSchema(
            z.object({
              toElsAccount: z.string(),
              supplierStatus: z.enum(SUPPLIER_STAGE_VALUES).or(z.string()),
              frozen: z.boolean(),
              conversions: z.array(z.enum(CONVERSION_TYPES)),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(await allowedConversions(deps.db, requireAuth(request.auth), request.params.toElsAccount)),
  );
}
