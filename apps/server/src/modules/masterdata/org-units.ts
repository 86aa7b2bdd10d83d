import type { Locale } from '@srm/contracts/constants';
import { DATA_ITEM_LABELS } from '@srm/contracts/data-permission';
import {
  ORG_OPTIONS_LIMIT,
  ORG_UNITS,
  type OrgUnit,
  type OrgUnitFilter,
  type OrgUnitOption,
  type OrgUnitOptionsQuery,
  type OrgUnitSave,
  type OrgUnitStatus,
  type OrgUnitType,
  orgUnitFilterSchema,
} from '@srm/contracts/org-master';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit-trail.ts';
import { cappedTotal } from '../../platform/capped-total.ts';
import { nowDate } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { subaccount } from '../account/tables.ts';
import { subaccountDataPermission } from '../company-admin/tables.ts';
import { purchaseOrder } from '../order/tables.ts';
import { purchaseRequest } from '../purchase-request/tables.ts';
import { orgUnit } from './tables.ts';

/**
 * Organisation master data (issue #19, contracts org-master.ts): purchase organisations, purchase groups,
 * factories and cost centres of the caller's buyer company. Every query is scoped by the caller's
 * elsAccount (another company's id: '404'); saves and status changes check the version read ('409' when
 * stale) and write one audit-trail row. Own rules: a code is unique per company and type and fixed once
 * created; a group or factory names an enabled organisation of the company, a cost centre an enabled
 * factory or none; a record that documents, data permissions or records below it use cannot be deleted
 * (disable it instead); pickers offer enabled records only.
 */

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

function assertBuyer(auth: AuthContext) {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
}

/** A type's title in the singular sense used by messages (the data item's label: 采购组织, Factory …). */
const titleOf = (type: OrgUnitType, locale: Locale) => DATA_ITEM_LABELS[ORG_UNITS[type].dataItem][locale];

type Row = typeof orgUnit.$inferSelect;

function toOrgUnit(row: Row, parentName: string | null): OrgUnit {
  return {
    id: row.id,
    unitType: row.unitType,
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    parentCode: row.parentCode,
    parentName,
    status: row.status,
    version: row.version,
    createUser: row.createUser,
    createDate: row.createDate.toISOString(),
    lastUpdateUser: row.lastUpdateUser,
    lastUpdateDate: row.lastUpdateDate.toISOString(),
  };
}

const parent = alias(orgUnit, 'parent');

/** Rows of a type with their parent's name (the company's record of the parent type with that code). */
function selectWithParent(db: Queryable, type: OrgUnitType) {
  const parentType = ORG_UNITS[type].parent ?? type;
  return db
    .select({ row: orgUnit, parentName: parent.name })
    .from(orgUnit)
    .leftJoin(
      parent,
      and(
        eq(parent.elsAccount, orgUnit.elsAccount),
        eq(parent.unitType, parentType),
        eq(parent.code, orgUnit.parentCode),
      ),
    );
}

/**
 * One page of a type's records, by code: { records, total, totalExact, currentPage, pageSize } (total
 * capped like the kernel's lists, platform/capped-total.ts). Filters: keyword (code,
 * name or English name contains, case-insensitive), status, parentCode.
 */
export async function listOrgUnits(db: Queryable, auth: AuthContext, type: OrgUnitType, body: OrgUnitFilter) {
  assertBuyer(auth);
  const f = orgUnitFilterSchema.parse(body);
  const conditions: Array<SQL | undefined> = [
    eq(orgUnit.elsAccount, auth.elsAccount),
    eq(orgUnit.unitType, type),
  ];
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(orgUnit.code, like), ilike(orgUnit.name, like), ilike(orgUnit.nameEn, like)));
  }
  if (f.status) conditions.push(eq(orgUnit.status, f.status));
  if (f.parentCode) conditions.push(eq(orgUnit.parentCode, f.parentCode));
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    selectWithParent(db, type)
      .where(where)
      .orderBy(asc(orgUnit.code))
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
    cappedTotal(db, db.select({ one: sql`1` }).from(orgUnit).where(where)),
  ]);
  return {
    records: rows.map((r) => toOrgUnit(r.row, r.parentName)),
    ...counted,
    currentPage: f.currentPage,
    pageSize: f.pageSize,
  };
}

/** One record of the caller's company, or '404'. */
async function findOwn(db: Queryable, auth: AuthContext, type: OrgUnitType, id: string, lock = false) {
  const query = db
    .select()
    .from(orgUnit)
    .where(and(eq(orgUnit.id, id), eq(orgUnit.elsAccount, auth.elsAccount), eq(orgUnit.unitType, type)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('orgUnitNotFound');
  return row;
}

async function withParentName(db: Queryable, type: OrgUnitType, row: Row): Promise<OrgUnit> {
  const [found] = await selectWithParent(db, type).where(eq(orgUnit.id, row.id));
  return toOrgUnit(row, found?.parentName ?? null);
}

/** '400' naming the field, the rule and the type in the reader's language. */
function refuse(
  key: 'orgUnitCodeTaken' | 'orgUnitParentRequired' | 'orgUnitParentUnknown' | 'orgUnitNoParent',
  field: string,
  type: OrgUnitType,
  code = '',
) {
  const parentType = ORG_UNITS[type].parent ?? type;
  return new AppError('400', key, { field, code }, null, (locale) => ({
    title: titleOf(type, locale),
    parent: titleOf(parentType, locale),
  }));
}

/** The parent rule: required for groups and factories, none for organisations, an enabled record. */
async function checkParent(tx: Queryable, auth: AuthContext, type: OrgUnitType, code: string | null) {
  const meta = ORG_UNITS[type];
  if (!meta.parent) {
    if (code) throw refuse('orgUnitNoParent', 'body.parentCode', type);
    return;
  }
  if (!code) {
    if (meta.parentRequired) throw refuse('orgUnitParentRequired', 'body.parentCode', type);
    return;
  }
  const [found] = await tx
    .select({ status: orgUnit.status })
    .from(orgUnit)
    .where(
      and(eq(orgUnit.elsAccount, auth.elsAccount), eq(orgUnit.unitType, meta.parent), eq(orgUnit.code, code)),
    );
  if (found?.status !== 'enabled') throw refuse('orgUnitParentUnknown', 'body.parentCode', type, code);
}

/**
 * Creates (no id: `code` required and unique in the company for the type) or edits (id + version: name,
 * nameEn, parentCode; a different `code` is refused, the code is fixed) a record. '400' naming the field,
 * '404' another company's or unknown id, '409' stale version. Returns the record.
 */
export async function saveOrgUnit(
  db: Db,
  auth: AuthContext,
  type: OrgUnitType,
  body: OrgUnitSave,
): Promise<OrgUnit> {
  assertBuyer(auth);
  const parentCode = body.parentCode ?? null;
  const row = await db.transaction(async (tx) => {
    await checkParent(tx, auth, type, parentCode);
    if (body.id) {
      const current = await findOwn(tx, auth, type, body.id, true);
      if (body.version === undefined || body.version !== current.version) throw conflict();
      if (body.code !== undefined && body.code !== current.code)
        throw new AppError('400', 'orgUnitCodeFixed', { field: 'body.code' });
      const [updated] = await tx
        .update(orgUnit)
        .set({
          name: body.name,
          nameEn: body.nameEn ?? null,
          parentCode,
          lastUpdateUser: userKey(auth),
          lastUpdateDate: nowDate(),
          version: current.version + 1,
        })
        .where(eq(orgUnit.id, current.id))
        .returning();
      await audit(tx, auth, type, updated.id, 'update');
      return updated;
    }
    if (!body.code) throw new AppError('400', 'rule.required', { field: 'body.code' });
    const code = body.code;
    const [taken] = await tx
      .select({ id: orgUnit.id })
      .from(orgUnit)
      .where(
        and(eq(orgUnit.elsAccount, auth.elsAccount), eq(orgUnit.unitType, type), eq(orgUnit.code, code)),
      );
    if (taken) throw refuse('orgUnitCodeTaken', 'body.code', type, code);
    const inserted = await tx
      .insert(orgUnit)
      .values({
        elsAccount: auth.elsAccount,
        unitType: type,
        code,
        name: body.name,
        nameEn: body.nameEn ?? null,
        parentCode,
        createUser: userKey(auth),
        lastUpdateUser: userKey(auth),
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent create of the same code between the check and the insert.
    if (inserted.length === 0) throw refuse('orgUnitCodeTaken', 'body.code', type, code);
    await audit(tx, auth, type, inserted[0].id, 'create');
    return inserted[0];
  });
  return withParentName(db, type, row);
}

function audit(tx: Queryable, auth: AuthContext, type: OrgUnitType, id: string, action: string) {
  return recordAudit(tx, {
    elsAccount: auth.elsAccount,
    documentKind: type,
    documentId: id,
    action,
    fromStatus: null,
    toStatus: null,
    createUser: userKey(auth),
  });
}

/** Enables or disables a record (version → '409'); a disabled one is no longer offered in pickers. */
export async function setOrgUnitStatus(
  db: Db,
  auth: AuthContext,
  type: OrgUnitType,
  id: string,
  version: number,
  status: OrgUnitStatus,
): Promise<OrgUnit> {
  assertBuyer(auth);
  const row = await db.transaction(async (tx) => {
    const current = await findOwn(tx, auth, type, id, true);
    if (current.version !== version) throw conflict();
    const [updated] = await tx
      .update(orgUnit)
      .set({
        status,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: nowDate(),
        version: current.version + 1,
      })
      .where(eq(orgUnit.id, id))
      .returning();
    await audit(tx, auth, type, id, status === 'enabled' ? 'enable' : 'disable');
    return updated;
  });
  return withParentName(db, type, row);
}

/** Who uses a code: the first user found, in the reader's language, or null. */
async function firstReference(
  tx: Queryable,
  auth: AuthContext,
  type: OrgUnitType,
  code: string,
): Promise<((locale: Locale) => string) | null> {
  const els = auth.elsAccount;
  const documentColumn = {
    purchaseOrganization: [purchaseOrder, purchaseOrder.purchaseOrganization, purchaseOrder.orderNumber],
    purchaseGroup: [purchaseOrder, purchaseOrder.purchaseGroup, purchaseOrder.orderNumber],
    factory: [purchaseRequest, purchaseRequest.purchaseFactory, purchaseRequest.purchaseRequestNumber],
    costCenter: [purchaseRequest, purchaseRequest.costCenter, purchaseRequest.purchaseRequestNumber],
  } as const;
  const [table, column, number] = documentColumn[type];
  const [doc] = await tx
    .select({ number })
    .from(table)
    .where(and(eq(table.elsAccount, els), eq(column, code)))
    .limit(1);
  if (doc) {
    const kind =
      table === purchaseOrder
        ? { zh_cn: '采购订单', en: 'purchase order' }
        : { zh_cn: '采购申请', en: 'purchase requisition' };
    return (locale) => `${kind[locale]} ${doc.number}`;
  }
  const [permission] = await tx
    .select({ name: subaccount.elsSubAccount })
    .from(subaccountDataPermission)
    .innerJoin(subaccount, eq(subaccount.id, subaccountDataPermission.subaccountId))
    .where(
      and(
        eq(subaccountDataPermission.elsAccount, els),
        eq(subaccountDataPermission.item, ORG_UNITS[type].dataItem),
        sql`${code} = any(${subaccountDataPermission.values})`,
      ),
    )
    .limit(1);
  if (permission)
    return (locale) =>
      locale === 'en'
        ? `the data permissions of account ${permission.name}`
        : `账号 ${permission.name} 的数据权限`;
  const childTypes = (Object.keys(ORG_UNITS) as OrgUnitType[]).filter((t) => ORG_UNITS[t].parent === type);
  if (childTypes.length > 0) {
    const [child] = await tx
      .select({ unitType: orgUnit.unitType, code: orgUnit.code })
      .from(orgUnit)
      .where(
        and(eq(orgUnit.elsAccount, els), inArray(orgUnit.unitType, childTypes), eq(orgUnit.parentCode, code)),
      )
      .limit(1);
    if (child) return (locale) => `${titleOf(child.unitType, locale)} ${child.code}`;
  }
  return null;
}

/**
 * Deletes a record nothing uses (version → '409'). '400' naming what uses it — a document (order,
 * requisition), a sub-account's data permissions or a record below it (a group, factory or cost centre)
 * — with the advice to disable it instead.
 */
export async function removeOrgUnit(
  db: Db,
  auth: AuthContext,
  type: OrgUnitType,
  id: string,
  version: number,
): Promise<void> {
  assertBuyer(auth);
  await db.transaction(async (tx) => {
    const current = await findOwn(tx, auth, type, id, true);
    if (current.version !== version) throw conflict();
    const user = await firstReference(tx, auth, type, current.code);
    if (user)
      throw new AppError('400', 'orgUnitInUse', { code: current.code }, null, (locale) => ({
        title: titleOf(type, locale),
        user: user(locale),
      }));
    await tx.delete(orgUnit).where(eq(orgUnit.id, id));
    await audit(tx, auth, type, id, 'delete');
  });
}

/**
 * The pickers' options: enabled records whose code or name contains `keyword`, first ORG_OPTIONS_LIMIT by
 * code, plus the records named in `codes` whatever their status (a saved value keeps its label). Any buyer
 * user of the company.
 */
export async function orgUnitOptions(
  db: Queryable,
  auth: AuthContext,
  type: OrgUnitType,
  query: OrgUnitOptionsQuery,
): Promise<OrgUnitOption[]> {
  assertBuyer(auth);
  const base = and(eq(orgUnit.elsAccount, auth.elsAccount), eq(orgUnit.unitType, type));
  const columns = { code: orgUnit.code, name: orgUnit.name, nameEn: orgUnit.nameEn, status: orgUnit.status };
  const keyword = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const [hits, named] = await Promise.all([
    db
      .select(columns)
      .from(orgUnit)
      .where(
        and(
          base,
          eq(orgUnit.status, 'enabled'),
          keyword
            ? or(ilike(orgUnit.code, keyword), ilike(orgUnit.name, keyword), ilike(orgUnit.nameEn, keyword))
            : undefined,
        ),
      )
      .orderBy(asc(orgUnit.code))
      .limit(ORG_OPTIONS_LIMIT),
    query.codes?.length
      ? db
          .select(columns)
          .from(orgUnit)
          .where(and(base, inArray(orgUnit.code, query.codes)))
      : Promise.resolve([]),
  ]);
  const byCode = new Map([...named, ...hits].map((o) => [o.code, o] as const));
  return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** The codes among `codes` that the company has no record of, for the type (data permission check). */
export async function unknownOrgCodes(
  db: Queryable,
  elsAccount: string,
  type: OrgUnitType,
  codes: readonly string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: orgUnit.code })
    .from(orgUnit)
    .where(
      and(eq(orgUnit.elsAccount, elsAccount), eq(orgUnit.unitType, type), inArray(orgUnit.code, [...codes])),
    );
  const known = new Set(rows.map((r) => r.code));
  return codes.filter((c) => !known.has(c));
}
