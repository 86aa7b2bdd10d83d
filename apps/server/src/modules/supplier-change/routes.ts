import { approvalTaskFields } from '@srm/contracts/approval-task';
import { elsAccountSchema } from '@srm/contracts/auth';
import { PAGE_SIZES } from '@srm/contracts/constants';
import { envelopeSchema } from '@srm/contracts/envelope';
import { oneOfNumbers } from '@srm/contracts/message';
import { certificationSchema } from '@srm/contracts/supplier-certification';
import {
  APPLY_STATUS,
  bankSchema,
  changeSaveSchema,
  contactSchema,
  profileSchema,
} from '@srm/contracts/supplier-change';
import { z } from 'zod';
import { forbidden, notFound } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import {
  approveChange,
  deleteChange,
  findBuyers,
  findDetail,
  findHistory,
  findMyMaster,
  listChanges,
  registerSupplierChangeApproval,
  rejectChange,
  saveChange,
  submitChange,
  withdrawChange,
} from './service.ts';

const BASE = '/apis/supplierdatamodify';
const SALE = `${BASE}/SaleSupplierChangeService`;
const PURCHASE = `${BASE}/PurchaseSupplierChangeService`;
const idParams = z.object({ id: z.uuid() });
const versionBody = z.object({ version: z.number().int().min(0) });
const STATUS_CODES = Object.keys(APPLY_STATUS) as [
  keyof typeof APPLY_STATUS,
  ...(keyof typeof APPLY_STATUS)[],
];

const text = z.string().nullable();
const requestSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  toElsAccount: z.string(),
  supplierMasterId: z.string(),
  changeNumber: z.string(),
  applyStatus: z.string(),
  snapshot: profileSchema,
  proposed: profileSchema,
  touched: z.array(z.string()),
  remark: text,
  rejectReason: text,
  submitDate: text,
  auditDate: text,
  auditUser: text,
  buyerName: text,
  supplierName: text,
  createUser: z.string(),
  createDate: z.string(),
  lastUpdateUser: z.string(),
  lastUpdateDate: z.string(),
  version: z.number(),
});
const listDiff = <T extends z.ZodType>(item: T) =>
  z.object({ added: z.array(item), removed: z.array(item), kept: z.array(item) });
const detailSchema = requestSchema.extend({
  diff: z.object({
    company: z.array(z.object({ field: z.string(), from: text, to: text })),
    contacts: listDiff(contactSchema),
    banks: listDiff(bankSchema),
    certifications: listDiff(certificationSchema),
  }),
  tasks: z.array(
    z.object({
      id: z.string(),
      /** Issue #33: the step's name in both languages; who may approve it while it waits. */
      ...approvalTaskFields,
      status: z.string(),
      handledBy: text,
      /** The handler's sub-account name (issue #19); null when the code names none. */
      handledByName: text,
      /** Delegation (issue #19): the sub-account the handler acted for; null when for themselves. */
      handledOnBehalfOf: text,
      /** That sub-account's name; null when none. */
      handledOnBehalfOfName: text,
      remark: text,
    }),
  ),
});
const pageSchema = z.object({
  records: z.array(requestSchema),
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
});
const listBody = z.object({
  currentPage: z.number().int().min(1).max(100_000).default(1),
  pageSize: z
    .number()
    .int()
    .refine(...oneOfNumbers(PAGE_SIZES))
    .default(10),
  applyStatus: z.enum(STATUS_CODES).optional(),
  changeNumber: z.string().trim().max(30).optional(),
});
const tags = ['supplierdatamodify'];

/**
 * Supplier information change (issue #16, kind `supplierChange`, seed 001 §2 "information change"):
 * the supplier's (sale) calls under `SaleSupplierChangeService`, the buyer's (purchase) under
 * `PurchaseSupplierChangeService`. Another company's request answers '404'; the wrong station '403'.
 */
export function registerSupplierChangeRoutes(app: App, deps: AppDeps): void {
  const env = deps.config.ENV_NAME;
  registerSupplierChangeApproval(env);
  const r = zod(app);
  const kick = () => void deps.outbox.kick();

  /** GET …/SaleSupplierChangeService/findBuyers — the caller's linked buyers: elsAccount, companyName, supplierMasterId (null: no record, no change possible). */
  r.get(
    `${SALE}/findBuyers`,
    {
      schema: {
        tags,
        summary: 'Linked buyers of the calling supplier',
        response: {
          200: envelopeSchema(
            z.array(z.object({ elsAccount: z.string(), companyName: z.string(), supplierMasterId: text })),
          ),
        },
      },
    },
    async (request) => ok(await findBuyers(deps.db, requireAuth(request.auth))),
  );

  /**
   * GET …/SaleSupplierChangeService/findMaster?elsAccount= — the caller's own supplier record at that buyer
   * (company data, contacts, banks, certifications, version); '404' when the buyer keeps none.
   */
  r.get(
    `${SALE}/findMaster`,
    {
      schema: {
        tags,
        summary: "The supplier's own master record at a buyer",
        querystring: z.object({ elsAccount: elsAccountSchema }),
        response: {
          200: envelopeSchema(
            z.object({
              elsAccount: z.string(),
              supplierMasterId: z.string(),
              supplierCode: z.string(),
              version: z.number(),
              profile: profileSchema,
            }),
          ),
        },
      },
    },
    async (request) => ok(await findMyMaster(deps.db, requireAuth(request.auth), request.query.elsAccount)),
  );

  /**
   * POST …/SaleSupplierChangeService/save — body { id?+version? | elsAccounts[1..50], profile { company
   * { fullName 3–40, shortName?, legalRepresentative?, registerCapital? (decimal, 2 places), registerDate?
   * (yyyy-mm-dd), nature?, isListed? Y/N, industry?, countryCode? (2 capitals), taxCode? (15–20 of 0–9 A–Z) },
   * contacts[], banks[], certifications[] (§5 date ≤ effectiveDate ≤ expiryDate, else '400' naming the
   * field) }, remark?, submit? }. New: one request per buyer ('400' when a buyer keeps no record of the
   * caller, or the proposal changes nothing). data: the saved requests with their diffs.
   */
  r.post(
    `${SALE}/save`,
    {
      schema: {
        tags,
        summary: 'Save (and optionally submit) information change requests',
        body: changeSaveSchema,
        response: { 200: envelopeSchema(z.array(detailSchema)) },
      },
    },
    async (request) => {
      const data = await saveChange(deps.db, env, requireAuth(request.auth), request.body);
      kick();
      return ok(data);
    },
  );

  /**
   * POST …/SaleSupplierChangeService/submit/{id} — body { version }. Draft or rejected only. Starts the buyer's
   * "information change" flow; without steps a bank change waits for the buyer (status 1), others apply.
   */
  r.post(
    `${SALE}/submit/:id`,
    {
      schema: {
        tags,
        summary: 'Submit an information change',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const data = await submitChange(
        deps.db,
        env,
        requireAuth(request.auth),
        request.params.id,
        request.body.version,
      );
      kick();
      return ok(data);
    },
  );

  /**
   * POST …/SaleSupplierChangeService/withdraw/{id} — body { version }. The supplier takes back a request still
   * waiting for the buyer (submitted or under approval): pending approval tasks cancelled, status draft
   * again, a `withdraw` audit row, the buyer told. '400' naming the status otherwise, '409' stale, '404'
   * another company's request.
   */
  r.post(
    `${SALE}/withdraw/:id`,
    {
      schema: {
        tags,
        summary: 'Withdraw an information change still waiting for the buyer',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const data = await withdrawChange(
        deps.db,
        env,
        requireAuth(request.auth),
        request.params.id,
        request.body.version,
      );
      kick();
      return ok(data);
    },
  );

  /** POST …/SaleSupplierChangeService/delete/{id} — body { version }; drafts only. */
  r.post(
    `${SALE}/delete/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a draft information change',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteChange(deps.db, requireAuth(request.auth), request.params.id, request.body.version);
      return ok(null);
    },
  );

  for (const [side, base] of [
    ['sale', SALE],
    ['purchase', PURCHASE],
  ] as const) {
    /**
     * POST …/{Sale|Purchase}SupplierChangeService/findPageList — body { currentPage, pageSize, applyStatus?,
     * changeNumber? (prefix) }; the supplier's own requests, or the buyer's (drafts excluded), newest first.
     */
    r.post(
      `${base}/findPageList`,
      {
        schema: {
          tags,
          summary: `Information change requests (${side})`,
          body: listBody,
          response: { 200: envelopeSchema(pageSchema) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        if (auth.station !== side) throw forbidden();
        return ok(await listChanges(deps.db, auth, request.body));
      },
    );

    /**
     * GET …/{Sale|Purchase}SupplierChangeService/findDetail/{id} — a request with its diff and approval steps;
     * each step carries handledOnBehalfOf (issue #19 delegation: whom a delegate acted for; null otherwise).
     */
    r.get(
      `${base}/findDetail/:id`,
      {
        schema: {
          tags,
          summary: `One information change with its diff (${side})`,
          params: idParams,
          response: { 200: envelopeSchema(detailSchema) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        if (auth.station !== side) throw notFound('scNotFound');
        return ok(await findDetail(deps.db, auth, request.params.id));
      },
    );
  }

  /**
   * POST …/PurchaseSupplierChangeService/approve/{id} — body { version, remark? }. Applies a submitted request
   * to the supplier record in the same transaction, or approves the caller's step of the flow. '409' when
   * the record changed since the snapshot on a touched field (named in the message).
   */
  r.post(
    `${PURCHASE}/approve/:id`,
    {
      schema: {
        tags,
        summary: 'Approve an information change',
        params: idParams,
        body: versionBody.extend({ remark: z.string().trim().max(500).optional() }),
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const data = await approveChange(
        deps.db,
        env,
        auth,
        request.params.id,
        request.body.version,
        request.body.remark,
      );
      kick();
      return ok(data);
    },
  );

  /** POST …/PurchaseSupplierChangeService/reject/{id} — body { version, remark (the reason, required) }. */
  r.post(
    `${PURCHASE}/reject/:id`,
    {
      schema: {
        tags,
        summary: 'Reject an information change',
        params: idParams,
        body: versionBody.extend({ remark: z.string().trim().min(1).max(500) }),
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const data = await rejectChange(
        deps.db,
        env,
        auth,
        request.params.id,
        request.body.version,
        request.body.remark,
      );
      kick();
      return ok(data);
    },
  );

  /** GET …/PurchaseSupplierChangeService/findHistory/{id} — approved changes of one supplier record (id), newest first. */
  r.get(
    `${PURCHASE}/findHistory/:id`,
    {
      schema: {
        tags,
        summary: "A supplier record's change history",
        params: idParams,
        response: { 200: envelopeSchema(z.array(requestSchema)) },
      },
    },
    async (request) => ok(await findHistory(deps.db, requireAuth(request.auth), request.params.id)),
  );
}
