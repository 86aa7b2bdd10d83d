import { randomBytes } from 'node:crypto';
import type { Locale } from '@srm/contracts/constants';
import {
  CONVERSION_TYPES,
  type ConversionType,
  conversionsFrom,
  conversionTarget,
  STATUS_CHANGE_STATUS,
  STATUS_CHANGE_TITLE,
  type StatusChangeSave,
  SUPPLIER_CONVERSIONS,
  SUPPLIER_STAGES,
  type SupplierStage,
} from '@srm/contracts/supplier-lifecycle';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { findAuditTrail, recordAudit } from '../../platform/audit-trail.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { ApproverNotice } from '../../platform/ports.ts';
import { accountRelation, company, role, subaccount, subaccountRole } from '../account/tables.ts';
import {
  cancelFlow,
  findDocumentTasks,
  notifyApprovers,
  registerAuditHandler,
  startFlow,
} from '../audit/service.ts';
import { defaultKindActions } from '../company-admin/kind-actions.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { fillText, notify } from '../message/index.ts';
import { nextSupplierAccount } from '../register/routes.ts';
import { supplierStatusChange } from './tables.ts';

/** Document-kind actions of a new supplier company's default roles (issue #19). */
const saleActions = defaultKindActions('sale');

/**
 * Supplier status change requests, kind `supplierStatusChange` (issue #16, seed 001 §4 conversions, §2
 * task links supplierView1…6). The buyer asks for a conversion of one of its suppliers with a reason;
 * submitting starts the request type's own approval flow (CommonAuditService kind = the request type);
 * the last approval applies it to supplier_master in the same transaction with an audit row
 * (documentKind 'supplierMasterData', fromStatus → toStatus), re-checking that the supplier is still in
 * a state the conversion starts from. No configured step: applied at submit.
 */

export const KIND = 'supplierStatusChange';
export const PREFIX = 'SC';

type Row = typeof supplierStatusChange.$inferSelect;
type MasterRow = typeof supplierMaster.$inferSelect;

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

function assertBuyer(auth: AuthContext) {
  if (auth.station !== 'purchase') throw forbidden();
}

const stageLabel = (stage: string, locale: Locale) =>
  SUPPLIER_STAGES[stage as SupplierStage]?.[locale] ?? stage;

/** '400' "Supplier 200004 is now “Blacklisted”, so “Direct to qualified” is not allowed". */
function fromStateError(account: string, stage: string, frozen: boolean, type: ConversionType) {
  return new AppError('400', 'statusChangeFromState', { account }, null, (locale) => ({
    stage: `${stageLabel(stage, locale)}${frozen ? (locale === 'en' ? ', frozen' : '，已冻结') : ''}`,
    conversion: SUPPLIER_CONVERSIONS[type].label[locale],
  }));
}

/** A request as the API answers it. */
export function toRequest(row: Row) {
  return {
    id: row.id,
    elsAccount: row.elsAccount,
    toElsAccount: row.toElsAccount,
    requestNumber: row.requestNumber,
    requestType: row.requestType,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    toFrozen: row.toFrozen === null ? null : row.toFrozen === 'true',
    reason: row.reason,
    status: row.status,
    supplierName: row.supplierName,
    company: row.company,
    approvalRemark: row.approvalRemark,
    createUser: row.createUser,
    createDate: row.createDate.toISOString(),
    lastUpdateDate: row.lastUpdateDate.toISOString(),
    version: row.version,
  };
}

async function findMaster(tx: Queryable, elsAccount: string, toElsAccount: string, lock = false) {
  const q = tx
    .select()
    .from(supplierMaster)
    .where(and(eq(supplierMaster.elsAccount, elsAccount), eq(supplierMaster.toElsAccount, toElsAccount)));
  const [row] = (lock ? await q.for('update') : await q) as MasterRow[];
  return row ?? null;
}

async function assertLinked(tx: Queryable, elsAccount: string, toElsAccount: string) {
  const [link] = await tx
    .select({ n: count() })
    .from(accountRelation)
    .where(and(eq(accountRelation.elsAccount, elsAccount), eq(accountRelation.toElsAccount, toElsAccount)));
  if (Number(link.n) === 0) throw badRequest('supplierNotLinked', { account: toElsAccount });
}

async function findRequest(tx: Queryable, auth: AuthContext, id: string, lock = false): Promise<Row> {
  const q = tx
    .select()
    .from(supplierStatusChange)
    .where(and(eq(supplierStatusChange.id, id), eq(supplierStatusChange.elsAccount, auth.elsAccount)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('404', 'statusChangeNotFound');
  return row;
}

/**
 * Creates a conversion request (a draft; with `submit: true` submitted at once). Checks: a buyer; a
 * supplier linked to the buyer (except a replacement registration, which names the company to register);
 * the conversion allowed from the supplier's current state (a linked supplier without a master row is a
 * stranger); no other request of the supplier under approval. '400' naming the rule otherwise.
 */
export async function saveRequest(db: Queryable, env: string, auth: AuthContext, body: StatusChangeSave) {
  assertBuyer(auth);
  const type = body.requestType;
  const row = await db.transaction(async (tx) => {
    let fromStatus: string | null = null;
    let toStatus: string;
    let toFrozen: string | null = null;
    let supplierName: string | null = null;
    if (type === 'supplierReplacement') {
      if (!body.company) throw badRequest('statusChangeNeedsCompany');
      const [taken] = await tx
        .select({ n: count() })
        .from(company)
        .where(eq(company.companyName, body.company.companyName));
      if (Number(taken.n) > 0) throw badRequest('companyTaken');
      toStatus = 'potential';
      supplierName = body.company.companyName;
    } else {
      const account = body.toElsAccount;
      if (!account) throw badRequest('statusChangeNeedsSupplier');
      await assertLinked(tx, auth.elsAccount, account);
      const master = await findMaster(tx, auth.elsAccount, account);
      const state = { stage: master?.supplierStatus ?? 'stranger', frozen: master?.frozen ?? false };
      if (type === 'supplierGrade' && (!body.toStatus || body.toStatus === state.stage)) {
        if (SUPPLIER_CONVERSIONS.supplierGrade.from.includes(state.stage as SupplierStage))
          throw badRequest('statusChangeNeedsGrade');
      }
      const target = conversionTarget(type, state, body.toStatus);
      if (!target) throw fromStateError(account, state.stage, state.frozen, type);
      const pending = await pendingFor(tx, auth.elsAccount, account);
      if (pending) throw badRequest('statusChangePending', { account, number: pending.requestNumber });
      fromStatus = state.stage;
      toStatus = target;
      const frozen = SUPPLIER_CONVERSIONS[type] as { frozen?: { to: boolean } };
      if (frozen.frozen) toFrozen = String(frozen.frozen.to);
      if (master) supplierName = master.fullName;
      else {
        const [c] = await tx
          .select({ name: company.companyName })
          .from(company)
          .where(eq(company.elsAccount, account));
        supplierName = c?.name ?? null;
      }
    }
    const [created] = await tx
      .insert(supplierStatusChange)
      .values({
        elsAccount: auth.elsAccount,
        toElsAccount: body.toElsAccount && type !== 'supplierReplacement' ? body.toElsAccount : null,
        requestNumber: await nextDocumentNumber(tx, auth.elsAccount, PREFIX),
        requestType: type,
        fromStatus,
        toStatus,
        toFrozen,
        reason: body.reason,
        supplierName,
        company: type === 'supplierReplacement' ? (body.company as Record<string, string>) : null,
        createUser: userKey(auth),
        lastUpdateUser: userKey(auth),
      })
      .returning();
    await recordAudit(tx, {
      elsAccount: auth.elsAccount,
      documentKind: KIND,
      documentId: created.id,
      action: 'create',
      fromStatus: null,
      toStatus: 'draft',
      remark: body.reason,
      createUser: userKey(auth),
    });
    return body.submit ? submitInTx(tx, env, auth, created) : created;
  });
  return toRequest(row);
}

async function pendingFor(tx: Queryable, elsAccount: string, toElsAccount: string) {
  const [row] = await tx
    .select({ requestNumber: supplierStatusChange.requestNumber })
    .from(supplierStatusChange)
    .where(
      and(
        eq(supplierStatusChange.elsAccount, elsAccount),
        eq(supplierStatusChange.toElsAccount, toElsAccount),
        eq(supplierStatusChange.status, 'underApproval'),
      ),
    );
  return row ?? null;
}

/** Writes a request's new status at its version with one audit row ('409' when stale). */
async function setStatus(
  tx: Tx,
  row: Row,
  status: string,
  user: string,
  action: string,
  extra: Partial<Row> = {},
  remark?: string | null,
): Promise<Row> {
  const [updated] = await tx
    .update(supplierStatusChange)
    .set({
      ...extra,
      status,
      lastUpdateUser: user,
      lastUpdateDate: sql`now()`,
      version: sql`${supplierStatusChange.version} + 1`,
    })
    .where(and(eq(supplierStatusChange.id, row.id), eq(supplierStatusChange.version, row.version)))
    .returning();
  if (!updated) throw conflict();
  await recordAudit(tx, {
    elsAccount: row.elsAccount,
    documentKind: KIND,
    documentId: row.id,
    action,
    fromStatus: row.status,
    toStatus: status,
    remark: remark ?? null,
    createUser: user,
  });
  return updated;
}

async function submitInTx(tx: Tx, env: string, auth: AuthContext, row: Row): Promise<Row> {
  if (row.status !== 'draft' && row.status !== 'rejected')
    throw badRequest('statusChangeNotDraft', { number: row.requestNumber });
  if (row.toElsAccount) {
    const pending = await pendingFor(tx, row.elsAccount, row.toElsAccount);
    if (pending)
      throw badRequest('statusChangePending', { account: row.toElsAccount, number: pending.requestNumber });
  }
  const flow = await startFlow(tx, {
    elsAccount: row.elsAccount,
    documentKind: row.requestType,
    documentId: row.id,
    documentNumber: row.requestNumber,
    amount: '0',
    promoter: userKey(auth),
  });
  const submitted = await setStatus(tx, row, 'underApproval', userKey(auth), 'submit');
  if (flow.state === 'approved') return applyRequest(tx, env, submitted, userKey(auth));
  await notifyApprovers(tx, env, row.elsAccount, row.requestType, row.id, approverNotice(row));
  return submitted;
}

/** What a request's approvers are told, on submit and at each next step (issue #33). */
function approverNotice(row: typeof supplierStatusChange.$inferSelect): ApproverNotice {
  return {
    title: STATUS_CHANGE_TITLE,
    number: row.requestNumber,
    content: `${row.toElsAccount ?? row.supplierName ?? ''} · ${SUPPLIER_CONVERSIONS[row.requestType as ConversionType].label.zh_cn}`,
  };
}

/** Submits a draft or rejected request for approval (applied at once without an approval step). */
export async function submitRequest(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  version: number,
) {
  assertBuyer(auth);
  return toRequest(
    await db.transaction(async (tx) => {
      const row = await findRequest(tx, auth, id, true);
      if (row.version !== version) throw conflict();
      return submitInTx(tx, env, auth, row);
    }),
  );
}

/** Withdraws a request under approval back to draft (its pending tasks cancelled). */
export async function withdrawRequest(db: Queryable, auth: AuthContext, id: string, version: number) {
  assertBuyer(auth);
  return toRequest(
    await db.transaction(async (tx) => {
      const row = await findRequest(tx, auth, id, true);
      if (row.version !== version) throw conflict();
      if (row.status !== 'underApproval')
        throw badRequest('statusChangeNotDraft', { number: row.requestNumber });
      await cancelFlow(tx, row.elsAccount, row.requestType, row.id);
      return setStatus(tx, row, 'draft', userKey(auth), 'withdraw');
    }),
  );
}

/** Deletes a draft or rejected request. */
export async function deleteRequest(db: Queryable, auth: AuthContext, id: string, version: number) {
  assertBuyer(auth);
  await db.transaction(async (tx) => {
    const row = await findRequest(tx, auth, id, true);
    if (row.version !== version) throw conflict();
    if (row.status !== 'draft' && row.status !== 'rejected')
      throw badRequest('statusChangeNotDraft', { number: row.requestNumber });
    await tx.delete(supplierStatusChange).where(eq(supplierStatusChange.id, id));
    await recordAudit(tx, {
      elsAccount: row.elsAccount,
      documentKind: KIND,
      documentId: id,
      action: 'delete',
      fromStatus: row.status,
      toStatus: null,
      createUser: userKey(auth),
    });
  });
}

/**
 * Applies an approved request to supplier_master (the approval's transaction): re-checks that the
 * supplier is still in a state the conversion starts from ('400' naming the rule: the approval does not
 * go through), sets the stage / frozen flag with an audit row (documentKind 'supplierMasterData'),
 * marks the request approved and tells its creator. A replacement registration first registers the
 * company (admin sub-account `admin` with a random password — the supplier sets its own by SMS reset),
 * links it to the buyer and creates its master row as potential.
 */
async function applyRequest(tx: Tx, env: string, row: Row, user: string): Promise<Row> {
  const type = row.requestType as ConversionType;
  let account = row.toElsAccount;
  let master: MasterRow | null;
  let fromStage: string | null;
  if (type === 'supplierReplacement') {
    const c = row.company as { companyName: string; contactName: string; mobile: string; email?: string };
    account = await registerOnBehalf(tx, row.elsAccount, c);
    master = await insertMaster(tx, row.elsAccount, account, c.companyName, 'stranger', user, [
      { name: c.contactName, telphone: c.mobile },
    ]);
    fromStage = null;
  } else {
    if (!account) throw badRequest('statusChangeNeedsSupplier');
    master = await findMaster(tx, row.elsAccount, account, true);
    const state = { stage: master?.supplierStatus ?? 'stranger', frozen: master?.frozen ?? false };
    const target = conversionTarget(type, state, row.toStatus);
    if (!target || state.stage !== row.fromStatus)
      throw fromStateError(account, state.stage, state.frozen, type);
    fromStage = state.stage;
    if (!master) {
      const [c] = await tx
        .select({ name: company.companyName })
        .from(company)
        .where(eq(company.elsAccount, account));
      master = await insertMaster(tx, row.elsAccount, account, c?.name ?? account, 'stranger', user);
    }
  }
  const [updated] = await tx
    .update(supplierMaster)
    .set({
      supplierStatus: row.toStatus,
      ...(row.toFrozen === null ? {} : { frozen: row.toFrozen === 'true' }),
      lastUpdateUser: user,
      lastUpdateDate: sql`now()`,
      version: sql`${supplierMaster.version} + 1`,
    })
    .where(eq(supplierMaster.id, master.id))
    .returning();
  await recordAudit(tx, {
    elsAccount: row.elsAccount,
    documentKind: 'supplierMasterData',
    documentId: updated.id,
    action: type,
    fromStatus: fromStage,
    toStatus: updated.supplierStatus,
    remark: `${row.requestNumber}${row.toFrozen === null ? '' : row.toFrozen === 'true' ? ' frozen' : ' unfrozen'}: ${row.reason}`,
    createUser: user,
  });
  const done = await setStatus(tx, row, 'approved', user, 'approve', { toElsAccount: account });
  await tellCreator(tx, env, done, true);
  return done;
}

async function insertMaster(
  tx: Tx,
  elsAccount: string,
  toElsAccount: string,
  fullName: string,
  stage: string,
  user: string,
  contacts: MasterRow['contacts'] = [],
): Promise<MasterRow> {
  const [row] = await tx
    .insert(supplierMaster)
    .values({
      elsAccount,
      toElsAccount,
      supplierCode: `S${toElsAccount}`,
      fullName,
      supplierStatus: stage,
      contacts,
      createUser: user,
      lastUpdateUser: user,
    })
    .returning();
  return row;
}

/** Registers a supplier company on a buyer's behalf: company, admin sub-account, roles, link. */
async function registerOnBehalf(
  tx: Tx,
  buyer: string,
  c: { companyName: string; contactName: string; mobile: string; email?: string },
): Promise<string> {
  const [taken] = await tx.select({ n: count() }).from(company).where(eq(company.companyName, c.companyName));
  if (Number(taken.n) > 0) throw badRequest('companyTaken');
  const elsAccount = await nextSupplierAccount(tx);
  await tx.insert(company).values({ elsAccount, companyName: c.companyName });
  const [user] = await tx
    .insert(subaccount)
    .values({
      elsAccount,
      elsSubAccount: 'admin',
      name: c.contactName,
      station: 'sale',
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      permission: 'admin',
      mobile: c.mobile,
      email: c.email ?? null,
    })
    .returning({ id: subaccount.id });
  const roles = await tx
    .insert(role)
    .values([
      // A new supplier's roles may use every document kind of its station (issue #19), as its menu shows.
      {
        elsAccount,
        roleCode: 'admin',
        roleName: '管理员',
        roleNameEn: 'Administrator',
        actions: saleActions,
      },
      { elsAccount, roleCode: 'sales', roleName: '销售员', roleNameEn: 'Sales', actions: saleActions },
    ])
    .returning({ id: role.id });
  await tx.insert(subaccountRole).values(roles.map((r) => ({ subaccountId: user.id, roleId: r.id })));
  await tx.insert(accountRelation).values({ elsAccount: buyer, toElsAccount: elsAccount });
  return elsAccount;
}

async function tellCreator(tx: Tx, env: string, row: Row, approved: boolean, remark?: string) {
  const [elsAccount, ...rest] = row.createUser.split('_');
  const type = SUPPLIER_CONVERSIONS[row.requestType as ConversionType].label;
  await notify(tx, env, {
    receivers: { users: [{ elsAccount, elsSubAccount: rest.join('_') }] },
    msgTitle: fillText(
      approved
        ? {
            zh_cn: '审批通过：供应商状态变更申请 {number}（{type}）',
            en: 'Approved: supplier status change {number} ({type})',
          }
        : {
            zh_cn: '审批拒绝：供应商状态变更申请 {number}（{type}）',
            en: 'Rejected: supplier status change {number} ({type})',
          },
      { number: row.requestNumber, type: type.zh_cn },
    ),
    msgContent: remark,
    businessType: KIND,
    businessId: row.id,
    linkUrl: `/masterdata/#/v2/${SUPPLIER_CONVERSIONS[row.requestType as ConversionType].view}?id=${row.id}`,
  });
}

/** Registers the approval handlers of every conversion type (one flow per type). */
export function registerLifecycleApprovals(env: string) {
  for (const type of CONVERSION_TYPES)
    registerAuditHandler(type, {
      async notice(tx, elsAccount, documentId) {
        const [row] = await tx
          .select()
          .from(supplierStatusChange)
          .where(
            and(eq(supplierStatusChange.id, documentId), eq(supplierStatusChange.elsAccount, elsAccount)),
          );
        return row ? approverNotice(row) : null;
      },
      async onApproved(tx, elsAccount, documentId, user) {
        const [row] = await tx
          .select()
          .from(supplierStatusChange)
          .where(
            and(eq(supplierStatusChange.id, documentId), eq(supplierStatusChange.elsAccount, elsAccount)),
          )
          .for('update');
        if (row?.status !== 'underApproval') return;
        await applyRequest(tx, env, row, user);
      },
      async onRejected(tx, elsAccount, documentId, user, remark) {
        const [row] = await tx
          .select()
          .from(supplierStatusChange)
          .where(
            and(eq(supplierStatusChange.id, documentId), eq(supplierStatusChange.elsAccount, elsAccount)),
          )
          .for('update');
        if (row?.status !== 'underApproval') return;
        const done = await setStatus(tx, row, 'rejected', user, 'reject', { approvalRemark: remark }, remark);
        await tellCreator(tx, env, done, false, remark);
      },
    });
}

/** The buyer's requests, newest first, optionally of one supplier, type or status. */
export async function listRequests(
  db: Queryable,
  auth: AuthContext,
  filter: {
    currentPage: number;
    pageSize: number;
    toElsAccount?: string;
    requestType?: string;
    status?: string;
  },
) {
  assertBuyer(auth);
  const where = and(
    eq(supplierStatusChange.elsAccount, auth.elsAccount),
    filter.toElsAccount ? eq(supplierStatusChange.toElsAccount, filter.toElsAccount) : undefined,
    filter.requestType ? eq(supplierStatusChange.requestType, filter.requestType) : undefined,
    filter.status ? eq(supplierStatusChange.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supplierStatusChange)
      .where(where)
      .orderBy(desc(supplierStatusChange.createDate), desc(supplierStatusChange.id))
      .limit(filter.pageSize)
      .offset((filter.currentPage - 1) * filter.pageSize),
    db.select({ n: count() }).from(supplierStatusChange).where(where),
  ]);
  return { total: Number(total.n), records: rows.map(toRequest) };
}

/** One request with its trail and approval tasks, and the supplier's current state. */
export async function requestDetail(db: Queryable, auth: AuthContext, id: string) {
  assertBuyer(auth);
  const row = await findRequest(db, auth, id);
  const [trail, tasks, master] = await Promise.all([
    findAuditTrail(db, row.elsAccount, KIND, id),
    findDocumentTasks(db, row.elsAccount, row.requestType, id),
    row.toElsAccount ? findMaster(db, row.elsAccount, row.toElsAccount) : Promise.resolve(null),
  ]);
  return {
    record: toRequest(row),
    supplier: row.toElsAccount
      ? {
          toElsAccount: row.toElsAccount,
          supplierStatus: master?.supplierStatus ?? 'stranger',
          frozen: master?.frozen ?? false,
        }
      : null,
    trail: trail.map((t) => ({
      action: t.action,
      fromStatus: t.fromStatus,
      toStatus: t.toStatus,
      remark: t.remark,
      createUser: t.createUser,
      createUserName: t.createUserName,
      createDate: t.createDate.toISOString(),
    })),
    tasks: tasks.map((t) => ({
      id: t.id,
      stepName: t.stepName,
      stepNameEn: t.stepNameEn,
      candidates: t.candidates,
      candidateCount: t.candidateCount,
      status: t.status,
      approvers: t.approvers,
      handledBy: t.handledBy,
      handledByName: t.handledByName,
      handledOnBehalfOf: t.handledOnBehalfOf,
      handledOnBehalfOfName: t.handledOnBehalfOfName,
      remark: t.remark,
      createDate: t.createDate.toISOString(),
    })),
  };
}

/** The conversions a supplier of the buyer may be asked for now (the list's "Change stage" menu). */
export async function allowedConversions(db: Queryable, auth: AuthContext, toElsAccount: string) {
  assertBuyer(auth);
  await assertLinked(db, auth.elsAccount, toElsAccount);
  const master = await findMaster(db, auth.elsAccount, toElsAccount);
  const stage = master?.supplierStatus ?? 'stranger';
  const frozen = master?.frozen ?? false;
  return { toElsAccount, supplierStatus: stage, frozen, conversions: conversionsFrom(stage, frozen) };
}

export { STATUS_CHANGE_STATUS };
