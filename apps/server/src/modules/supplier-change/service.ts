import type { Locale } from '@srm/contracts/constants';
import {
  APPLY_STATUS,
  type ApplyStatus,
  type ChangeSave,
  diffProfiles,
  EXTEND_COMPANY_FIELDS,
  PART_LABELS,
  type ProfileDiff,
  profileDateProblem,
  type SupplierProfile,
  samePart,
  type TouchedPart,
  touchedParts,
} from '@srm/contracts/supplier-change';
import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit-trail.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import type { DocumentTask } from '../../platform/ports.ts';
import { accountRelation, company } from '../account/tables.ts';
import {
  approveTask,
  cancelFlow,
  findDocumentTasks,
  notifyApprovers,
  registerAuditHandler,
  rejectTask,
  startFlow,
} from '../audit/service.ts';
import { auditTask } from '../audit/tables.ts';
import type { SupplierRow } from '../masterdata/index.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { fillText, notify } from '../message/index.ts';
import { type SupplierChangeRow, supplierChange } from './tables.ts';

/** The approval flow (APPROVAL_KINDS) and document kind of a change request. */
export const KIND = 'supplierChange';
const TITLE = { zh_cn: '信息变更', en: 'Information change' } as const;
const LINK = '/supplierdatamodify/#/v2/views';

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

/** The profile a supplier_master row holds (company fields from columns and extendFields, the three lists). */
export function masterProfile(row: SupplierRow): SupplierProfile {
  const extend = row.extendFields ?? {};
  const company: Record<string, string> = { fullName: row.fullName };
  if (row.shortName) company.shortName = row.shortName;
  for (const field of EXTEND_COMPANY_FIELDS) {
    const value = extend[field];
    if (value !== undefined && value !== null && value !== '') company[field] = String(value);
  }
  return {
    company: company as SupplierProfile['company'],
    contacts: row.contacts,
    banks: row.banks,
    certifications: row.certifications ?? [],
  };
}

/** A request as both sides read it (dates as ISO strings). */
export type ChangeRequest = Omit<
  SupplierChangeRow,
  'createDate' | 'lastUpdateDate' | 'submitDate' | 'auditDate'
> & {
  createDate: string;
  lastUpdateDate: string;
  submitDate: string | null;
  auditDate: string | null;
  buyerName: string | null;
  supplierName: string | null;
};

function toRequest(row: SupplierChangeRow, names: Map<string, string>): ChangeRequest {
  return {
    ...row,
    createDate: row.createDate.toISOString(),
    lastUpdateDate: row.lastUpdateDate.toISOString(),
    submitDate: row.submitDate?.toISOString() ?? null,
    auditDate: row.auditDate?.toISOString() ?? null,
    buyerName: names.get(row.elsAccount) ?? null,
    supplierName: names.get(row.toElsAccount) ?? null,
  };
}

async function companyNames(db: Queryable, accounts: string[]): Promise<Map<string, string>> {
  if (accounts.length === 0) return new Map();
  const rows = await db
    .select({ elsAccount: company.elsAccount, companyName: company.companyName })
    .from(company)
    .where(inArray(company.elsAccount, [...new Set(accounts)]));
  return new Map(rows.map((r) => [r.elsAccount, r.companyName]));
}

/** The side's own scope: the buyer reads its rows except drafts, the supplier the rows it proposed. */
function scope(auth: AuthContext): SQL {
  return auth.station === 'purchase'
    ? and(eq(supplierChange.elsAccount, auth.elsAccount), ne(supplierChange.applyStatus, '0'))!
    : eq(supplierChange.toElsAccount, auth.elsAccount);
}

async function findForSide(tx: Queryable, auth: AuthContext, id: string, lock = false) {
  const query = tx
    .select()
    .from(supplierChange)
    .where(and(eq(supplierChange.id, id), scope(auth)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('scNotFound');
  return row;
}

function statusError(row: SupplierChangeRow, action: Readonly<Record<Locale, string>>) {
  return new AppError('400', 'scStatusNotAllowed', { number: row.changeNumber }, null, (locale) => ({
    status: APPLY_STATUS[row.applyStatus][locale],
    action: action[locale],
  }));
}

const ACTIONS = {
  edit: { zh_cn: '修改', en: 'Edit' },
  submit: { zh_cn: '提交', en: 'Submit' },
  delete: { zh_cn: '删除', en: 'Delete' },
  withdraw: { zh_cn: '撤回', en: 'Withdraw' },
  approve: { zh_cn: '审批通过', en: 'Approve' },
  reject: { zh_cn: '审批拒绝', en: 'Reject' },
} as const;

function checkVersion(row: SupplierChangeRow, version: number) {
  if (row.version !== version) throw new AppError('409', 'staleVersion');
}

// ---------------------------------------------------------------- supplier side

/** The buyers linked to the calling supplier, with whether each keeps a master record of it. */
export async function findBuyers(db: Queryable, auth: AuthContext) {
  if (auth.station !== 'sale') throw forbidden();
  const rows = await db
    .select({
      elsAccount: accountRelation.elsAccount,
      companyName: company.companyName,
      supplierMasterId: supplierMaster.id,
    })
    .from(accountRelation)
    .innerJoin(company, eq(company.elsAccount, accountRelation.elsAccount))
    .leftJoin(
      supplierMaster,
      and(
        eq(supplierMaster.elsAccount, accountRelation.elsAccount),
        eq(supplierMaster.toElsAccount, accountRelation.toElsAccount),
      ),
    )
    .where(eq(accountRelation.toElsAccount, auth.elsAccount))
    .orderBy(accountRelation.elsAccount);
  return rows.map((r) => ({ ...r, supplierMasterId: r.supplierMasterId ?? null }));
}

async function masterOf(tx: Queryable, buyer: string, supplier: string, lock = false) {
  const query = tx
    .select()
    .from(supplierMaster)
    .where(and(eq(supplierMaster.elsAccount, buyer), eq(supplierMaster.toElsAccount, supplier)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The calling supplier's own master record at one buyer (only its own row: the buyer's record whose
 * toElsAccount is the caller), as a profile with the record's version. '404' when there is none.
 */
export async function findMyMaster(db: Queryable, auth: AuthContext, buyer: string) {
  if (auth.station !== 'sale') throw forbidden();
  const row = await masterOf(db, buyer, auth.elsAccount);
  if (!row) throw notFound('mdSupplierNotFound');
  return {
    elsAccount: row.elsAccount,
    supplierMasterId: row.id,
    supplierCode: row.supplierCode,
    version: row.version,
    profile: masterProfile(row),
  };
}

function assertDates(profile: SupplierProfile) {
  const field = profileDateProblem(profile);
  if (field) throw badRequest('scCertDateOrder', { field });
}

/**
 * Saves the supplier's proposal: new requests (one per buyer of `elsAccounts`, each with a snapshot of that
 * buyer's master record) or an edit of a draft or rejected request (`id` + `version`, snapshot taken
 * again). With `submit` each saved request is submitted in the same transaction. Returns the requests.
 */
export async function saveChange(db: Queryable, env: string, auth: AuthContext, body: ChangeSave) {
  if (auth.station !== 'sale') throw forbidden();
  assertDates(body.profile);
  const saved = await db.transaction(async (tx) => {
    const ids: string[] = [];
    if (body.id) {
      const row = await findForSide(tx, auth, body.id, true);
      if (body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
      checkVersion(row, body.version);
      if (row.applyStatus !== '0' && row.applyStatus !== '4') throw statusError(row, ACTIONS.edit);
      const master = await masterOf(tx, row.elsAccount, auth.elsAccount);
      if (!master) throw badRequest('scNoMaster', { account: row.elsAccount });
      await tx
        .update(supplierChange)
        .set({
          applyStatus: '0',
          proposed: body.profile,
          snapshot: masterProfile(master),
          remark: body.remark ?? null,
          lastUpdateUser: userKey(auth),
          lastUpdateDate: sql`now()`,
          version: sql`${supplierChange.version} + 1`,
        })
        .where(eq(supplierChange.id, row.id));
      ids.push(row.id);
    } else {
      const buyers = [...new Set(body.elsAccounts ?? [])];
      if (buyers.length === 0) throw badRequest('rule.required', { field: 'body.elsAccounts' });
      for (const buyer of buyers) {
        const master = await masterOf(tx, buyer, auth.elsAccount);
        if (!master) throw badRequest('scNoMaster', { account: buyer });
        const snapshot = masterProfile(master);
        if (touchedParts(diffProfiles(snapshot, body.profile)).length === 0)
          throw badRequest('scNothingChanged');
        const [row] = await tx
          .insert(supplierChange)
          .values({
            elsAccount: buyer,
            toElsAccount: auth.elsAccount,
            supplierMasterId: master.id,
            changeNumber: await nextDocumentNumber(tx, buyer, 'SC'),
            snapshot,
            proposed: body.profile,
            remark: body.remark ?? null,
            createUser: userKey(auth),
            lastUpdateUser: userKey(auth),
          })
          .returning();
        await recordAudit(tx, {
          elsAccount: buyer,
          documentKind: KIND,
          documentId: row.id,
          action: 'create',
          fromStatus: null,
          toStatus: '0',
          createUser: userKey(auth),
        });
        ids.push(row.id);
      }
    }
    if (body.submit) for (const id of ids) await submitInTx(tx, env, auth, id);
    return ids;
  });
  return Promise.all(saved.map((id) => findDetail(db, auth, id)));
}

/**
 * Submits a draft or rejected request. The touched parts are fixed now. The buyer's "information change"
 * flow starts (status 2, approvers told); without an applicable step a bank-account change still waits for
 * the buyer's approve (status 1, the buyer told) and any other change is applied at once (status 3).
 */
async function submitInTx(tx: Tx, env: string, auth: AuthContext, id: string, version?: number) {
  const row = await findForSide(tx, auth, id, true);
  if (version !== undefined) checkVersion(row, version);
  if (row.applyStatus !== '0' && row.applyStatus !== '4') throw statusError(row, ACTIONS.submit);
  const touched = touchedParts(diffProfiles(row.snapshot, row.proposed));
  if (touched.length === 0) throw badRequest('scNothingChanged');
  const flow = await startFlow(tx, {
    elsAccount: row.elsAccount,
    documentKind: KIND,
    documentId: row.id,
    documentNumber: row.changeNumber,
    amount: '0',
    promoter: userKey(auth),
  });
  const status: ApplyStatus = flow.state === 'pending' ? '2' : touched.includes('banks') ? '1' : '3';
  await tx
    .update(supplierChange)
    .set({
      applyStatus: status === '3' ? '1' : status,
      touched,
      rejectReason: null,
      submitDate: sql`now()`,
      lastUpdateUser: userKey(auth),
      lastUpdateDate: sql`now()`,
      version: sql`${supplierChange.version} + 1`,
    })
    .where(eq(supplierChange.id, row.id));
  await recordAudit(tx, {
    elsAccount: row.elsAccount,
    documentKind: KIND,
    documentId: row.id,
    action: 'submit',
    fromStatus: row.applyStatus,
    toStatus: status === '3' ? '1' : status,
    createUser: userKey(auth),
  });
  const content = touched.map((p) => PART_LABELS[p]);
  if (status === '2') {
    await notifyApprovers(tx, env, row.elsAccount, KIND, row.id, { title: TITLE, number: row.changeNumber });
  } else if (status === '1') {
    await notify(tx, env, {
      receivers: { companies: [row.elsAccount] },
      msgTitle: fillText(
        { zh_cn: '供应商信息变更待审批：{number}', en: 'Supplier information change to approve: {number}' },
        { number: row.changeNumber },
      ),
      msgContent: {
        zh_cn: content.map((c) => c.zh_cn).join('、'),
        en: content.map((c) => c.en).join(', '),
      },
      businessType: KIND,
      businessId: row.id,
      linkUrl: `${LINK}?id=${row.id}`,
    });
  } else {
    await applyChange(tx, env, row.id, userKey(auth));
  }
}

/** Submits a request (the supplier): see submitInTx. '409' on a stale version. */
export async function submitChange(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  version: number,
) {
  if (auth.station !== 'sale') throw forbidden();
  await db.transaction((tx) => submitInTx(tx, env, auth, id, version));
  return findDetail(db, auth, id);
}

/** Deletes a draft (the supplier). */
export async function deleteChange(db: Queryable, auth: AuthContext, id: string, version: number) {
  if (auth.station !== 'sale') throw forbidden();
  await db.transaction(async (tx) => {
    const row = await findForSide(tx, auth, id, true);
    checkVersion(row, version);
    if (row.applyStatus !== '0') throw statusError(row, ACTIONS.delete);
    await tx.delete(supplierChange).where(eq(supplierChange.id, row.id));
  });
}

/**
 * The supplier withdraws a request still waiting for the buyer (status 1 submitted, or 2 under approval):
 * the flow's pending tasks are cancelled, the request is a draft again (the buyer no longer lists it; the
 * supplier edits, submits again or deletes it), one `withdraw` audit row, and the buyer is told in each
 * receiver's language. '400' naming the status otherwise (an approved or rejected request stays), '409'
 * stale version, '404' another company's request, '403' the buyer's station.
 */
export async function withdrawChange(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  version: number,
) {
  if (auth.station !== 'sale') throw forbidden();
  await db.transaction(async (tx) => {
    const row = await findForSide(tx, auth, id, true);
    checkVersion(row, version);
    if (row.applyStatus !== '1' && row.applyStatus !== '2') throw statusError(row, ACTIONS.withdraw);
    await cancelFlow(tx, row.elsAccount, KIND, row.id);
    await tx
      .update(supplierChange)
      .set({
        applyStatus: '0',
        submitDate: null,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
        version: sql`${supplierChange.version} + 1`,
      })
      .where(eq(supplierChange.id, row.id));
    await recordAudit(tx, {
      elsAccount: row.elsAccount,
      documentKind: KIND,
      documentId: row.id,
      action: 'withdraw',
      fromStatus: row.applyStatus,
      toStatus: '0',
      createUser: userKey(auth),
    });
    const [supplier] = await tx
      .select({ companyName: company.companyName })
      .from(company)
      .where(eq(company.elsAccount, row.toElsAccount));
    await notify(tx, env, {
      receivers: { companies: [row.elsAccount] },
      msgTitle: fillText(
        {
          zh_cn: '供应商已撤回信息变更：{number}（{supplier}）',
          en: 'Supplier withdrew its information change: {number} ({supplier})',
        },
        { number: row.changeNumber, supplier: supplier?.companyName ?? row.toElsAccount },
      ),
      businessType: KIND,
      businessId: row.id,
      linkUrl: `${LINK}?id=${row.id}`,
    });
  });
  return findDetail(db, auth, id);
}

// ---------------------------------------------------------------- applying and the approval's end

/**
 * Applies an approved request to the master record in the caller's transaction: the record is locked;
 * when a part the request touches differs from the snapshot (someone changed the record since) → '409'
 * naming it. Only touched parts are written (fullName/shortName columns, the other company fields in
 * extendFields, contacts, banks, certifications); the record's version moves and the master's trail gets
 * a `supplierChange` row. The request becomes approved and the supplier is told in its language.
 */
async function applyChange(tx: Tx, env: string, id: string, user: string) {
  const [row] = await tx.select().from(supplierChange).where(eq(supplierChange.id, id)).for('update');
  if (!row) throw notFound('scNotFound');
  const [master] = await tx
    .select()
    .from(supplierMaster)
    .where(and(eq(supplierMaster.id, row.supplierMasterId), eq(supplierMaster.elsAccount, row.elsAccount)))
    .for('update');
  if (!master) throw notFound('mdSupplierNotFound');
  const current = masterProfile(master);
  for (const part of row.touched) {
    if (!samePart(current, row.snapshot, part)) {
      throw new AppError('409', 'scStaleMaster', { number: row.changeNumber }, null, (locale) => ({
        field: PART_LABELS[part][locale],
      }));
    }
  }
  const set: Partial<typeof supplierMaster.$inferInsert> = {};
  const extend: Record<string, unknown> = { ...master.extendFields };
  const proposed = row.proposed;
  for (const part of row.touched as TouchedPart[]) {
    if (part === 'contacts') set.contacts = proposed.contacts;
    else if (part === 'banks') set.banks = proposed.banks;
    else if (part === 'certifications') set.certifications = proposed.certifications;
    else if (part === 'fullName') set.fullName = proposed.company.fullName;
    else if (part === 'shortName') set.shortName = proposed.company.shortName ?? null;
    else if (proposed.company[part] === undefined) delete extend[part];
    else extend[part] = proposed.company[part];
  }
  await tx
    .update(supplierMaster)
    .set({
      ...set,
      extendFields: extend,
      lastUpdateUser: user,
      lastUpdateDate: sql`now()`,
      version: sql`${supplierMaster.version} + 1`,
    })
    .where(eq(supplierMaster.id, master.id));
  await recordAudit(tx, {
    elsAccount: row.elsAccount,
    documentKind: 'supplierMasterData',
    documentId: master.id,
    action: 'supplierChange',
    fromStatus: master.supplierStatus,
    toStatus: master.supplierStatus,
    remark: row.changeNumber,
    createUser: user,
  });
  await finish(tx, env, row, '3', user, null);
}

async function finish(
  tx: Tx,
  env: string,
  row: SupplierChangeRow,
  status: '3' | '4',
  user: string,
  reason: string | null,
) {
  await tx
    .update(supplierChange)
    .set({
      applyStatus: status,
      rejectReason: reason,
      auditDate: sql`now()`,
      auditUser: user,
      lastUpdateUser: user,
      lastUpdateDate: sql`now()`,
      version: sql`${supplierChange.version} + 1`,
    })
    .where(eq(supplierChange.id, row.id));
  await recordAudit(tx, {
    elsAccount: row.elsAccount,
    documentKind: KIND,
    documentId: row.id,
    action: status === '3' ? 'approve' : 'reject',
    fromStatus: row.applyStatus,
    toStatus: status,
    remark: reason,
    createUser: user,
  });
  const [buyer] = await tx
    .select({ companyName: company.companyName })
    .from(company)
    .where(eq(company.elsAccount, row.elsAccount));
  await notify(tx, env, {
    receivers: { companies: [row.toElsAccount] },
    msgTitle: fillText(
      status === '3'
        ? {
            zh_cn: '信息变更已通过：{number}（{buyer}）',
            en: 'Information change approved: {number} ({buyer})',
          }
        : {
            zh_cn: '信息变更被拒绝：{number}（{buyer}）',
            en: 'Information change rejected: {number} ({buyer})',
          },
      { number: row.changeNumber, buyer: buyer?.companyName ?? row.elsAccount },
    ),
    msgContent: reason ?? undefined,
    sender: { elsAccount: row.elsAccount, elsSubAccount: user.slice(row.elsAccount.length + 1) },
    businessType: KIND,
    businessId: row.id,
    linkUrl: `${LINK}?id=${row.id}`,
  });
}

/** The approval flow's end (modules/audit): approved → applied; rejected → status 4 with the remark. */
export function registerSupplierChangeApproval(env: string): void {
  registerAuditHandler(KIND, {
    // Each next step's approvers get the submit's notice (issue #33).
    notice: async (tx, elsAccount, documentId) => {
      const [row] = await tx
        .select({ changeNumber: supplierChange.changeNumber })
        .from(supplierChange)
        .where(and(eq(supplierChange.id, documentId), eq(supplierChange.elsAccount, elsAccount)));
      return row ? { title: TITLE, number: row.changeNumber } : null;
    },
    onApproved: (tx, _els, documentId, user) => applyChange(tx, env, documentId, user),
    onRejected: async (tx, _els, documentId, user, remark) => {
      const [row] = await tx
        .select()
        .from(supplierChange)
        .where(eq(supplierChange.id, documentId))
        .for('update');
      if (row) await finish(tx, env, row, '4', user, remark);
    },
  });
}

// ---------------------------------------------------------------- buyer side

async function pendingTaskFor(db: Queryable, auth: AuthContext, row: SupplierChangeRow) {
  const [task] = await db
    .select({ id: auditTask.id })
    .from(auditTask)
    .where(
      and(
        eq(auditTask.elsAccount, auth.elsAccount),
        eq(auditTask.documentKind, KIND),
        eq(auditTask.documentId, row.id),
        eq(auditTask.status, 'pending'),
      ),
    );
  if (!task) throw statusError(row, ACTIONS.approve);
  return task.id;
}

/**
 * The buyer approves: a submitted request (no flow; a bank change) is applied now; one under approval
 * approves the caller's pending step (the last step applies it). '409' stale version or stale master.
 */
export async function approveChange(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  version: number,
  remark?: string,
) {
  if (auth.station !== 'purchase') throw forbidden();
  const row = await findForSide(db, auth, id);
  checkVersion(row, version);
  if (row.applyStatus === '1') {
    await db.transaction(async (tx) => {
      const locked = await findForSide(tx, auth, id, true);
      checkVersion(locked, version);
      if (locked.applyStatus !== '1') throw statusError(locked, ACTIONS.approve);
      await applyChange(tx, env, id, userKey(auth));
    });
  } else if (row.applyStatus === '2') {
    await approveTask(db, auth, await pendingTaskFor(db, auth, row), remark);
  } else throw statusError(row, ACTIONS.approve);
  return findDetail(db, auth, id);
}

/** The buyer rejects with a required reason (status 4; the supplier is told the reason). */
export async function rejectChange(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  version: number,
  remark: string,
) {
  if (auth.station !== 'purchase') throw forbidden();
  if (!remark.trim()) throw badRequest('rule.required', { field: 'body.remark' });
  const row = await findForSide(db, auth, id);
  checkVersion(row, version);
  if (row.applyStatus === '1') {
    await db.transaction(async (tx) => {
      const locked = await findForSide(tx, auth, id, true);
      checkVersion(locked, version);
      if (locked.applyStatus !== '1') throw statusError(locked, ACTIONS.reject);
      await finish(tx, env, locked, '4', userKey(auth), remark.trim());
    });
  } else if (row.applyStatus === '2') {
    await rejectTask(db, auth, await pendingTaskFor(db, auth, row), remark.trim());
  } else throw statusError(row, ACTIONS.reject);
  return findDetail(db, auth, id);
}

// ---------------------------------------------------------------- reading

export type ChangeDetail = ChangeRequest & {
  diff: ProfileDiff;
  /** The approval steps as the kernel's detail answers them (without the flow kind and the date). */
  tasks: Array<Omit<DocumentTask, 'documentKind' | 'createDate'>>;
};

/** One request with its diff (snapshot → proposal) and approval steps; '404' outside the caller's scope. */
export async function findDetail(db: Queryable, auth: AuthContext, id: string): Promise<ChangeDetail> {
  const row = await findForSide(db, auth, id);
  const [names, tasks] = await Promise.all([
    companyNames(db, [row.elsAccount, row.toElsAccount]),
    // Who may approve a waiting step is the buyer's own staff: not shown to the supplier (issue #33).
    findDocumentTasks(db, row.elsAccount, KIND, row.id, { candidates: auth.elsAccount === row.elsAccount }),
  ]);
  return {
    ...toRequest(row, names),
    diff: diffProfiles(row.snapshot, row.proposed),
    tasks: tasks
      .filter((t) => t.status !== 'cancelled')
      .map((t) => ({
        id: t.id,
        stepName: t.stepName,
        stepNameEn: t.stepNameEn,
        candidates: t.candidates,
        candidateCount: t.candidateCount,
        status: t.status,
        handledBy: t.handledBy,
        handledByName: t.handledByName,
        handledOnBehalfOf: t.handledOnBehalfOf,
        handledOnBehalfOfName: t.handledOnBehalfOfName,
        remark: t.remark,
      })),
  };
}

/** A page of the caller's side's requests, newest first; filters applyStatus and changeNumber prefix. */
export async function listChanges(
  db: Queryable,
  auth: AuthContext,
  body: { currentPage: number; pageSize: number; applyStatus?: ApplyStatus; changeNumber?: string },
) {
  const where = and(
    scope(auth),
    body.applyStatus ? eq(supplierChange.applyStatus, body.applyStatus) : undefined,
    body.changeNumber
      ? sql`${supplierChange.changeNumber} like ${`${body.changeNumber.replace(/[\\%_]/g, '\\$&')}%`}`
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(supplierChange)
      .where(where)
      .orderBy(desc(supplierChange.createDate), desc(supplierChange.id))
      .limit(body.pageSize)
      .offset((body.currentPage - 1) * body.pageSize),
    db.select({ n: count() }).from(supplierChange).where(where),
  ]);
  const names = await companyNames(
    db,
    rows.flatMap((r) => [r.elsAccount, r.toElsAccount]),
  );
  return {
    records: rows.map((r) => toRequest(r, names)),
    total: Number(n),
    currentPage: body.currentPage,
    pageSize: body.pageSize,
  };
}

/** The change history of one of the buyer's supplier records: its approved requests, newest first. */
export async function findHistory(db: Queryable, auth: AuthContext, supplierMasterId: string) {
  if (auth.station !== 'purchase') throw forbidden();
  const rows = await db
    .select()
    .from(supplierChange)
    .where(
      and(
        eq(supplierChange.elsAccount, auth.elsAccount),
        eq(supplierChange.supplierMasterId, supplierMasterId),
        eq(supplierChange.applyStatus, '3'),
      ),
    )
    .orderBy(desc(supplierChange.auditDate));
  const names = await companyNames(
    db,
    rows.map((r) => r.toElsAccount),
  );
  return rows.map((r) => toRequest(r, names));
}
