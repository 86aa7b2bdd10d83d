import type { Locale } from '@srm/contracts/constants';
import type { Page } from '@srm/contracts/envelope';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit-trail.ts';
import type { CappedTotal } from '../../platform/capped-total.ts';
import { companyTimeZone, nowDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { type MessageKey, t } from '../../platform/messages.ts';
import { withTenant } from '../../platform/tenant.ts';
import { compareDecimal, decimalPattern, priceIncludingTax } from './decimal.ts';
import {
  ladderCell,
  MATERIAL_COLUMNS,
  MAX_EXPORT_ROWS,
  PRICE_COLUMNS,
  PRICE_SOURCE_LABELS,
  readWorkbook,
  type SheetRow,
  SUPPLIER_COLUMNS,
  writeWorkbook,
} from './excel.ts';
import {
  type CategoryRow,
  countChildren,
  countMaterialsInCategory,
  countPricesOfMaterial,
  deleteCategory,
  deleteMaterial,
  deletePrice,
  findCategories,
  findCategory,
  findCategoryByCode,
  findEffectivePrice,
  findLinkedAccounts,
  findMaterial,
  findMaterialPage,
  findMaterialsByNumbers,
  findPrice,
  findPricePage,
  findPricesOfMaterials,
  findSiblingByName,
  findSupplier,
  findSupplierPage,
  findSuppliersByKeys,
  insertCategory,
  insertMaterial,
  insertPrice,
  insertSupplier,
  type MaterialRow,
  type PriceListRow,
  type PriceRow,
  renameCategoryOnMaterials,
  type SupplierRow,
  updateCategory,
  updateMaterial,
  updatePrice,
  updateSupplier,
} from './repository.ts';
import {
  addressSchema,
  bankSchema,
  type CategorySave,
  contactSchema,
  type MaterialFilter,
  type MaterialSave,
  materialFields,
  type PriceFilter,
  type PriceSave,
  priceFields,
  SUPPLIER_STATUSES,
  type SupplierFilter,
  type SupplierSave,
  supplierFields,
} from './schemas.ts';

/**
 * Master data (issue #5, seed 001 §3 and §5), buyer side only: material categories (≤ 3 levels),
 * materials, the supplier master and the price master, with Excel export and all-or-nothing import.
 * Every save and delete is one transaction with one audit-trail row per record.
 */

/** A broken rule: the field it concerns and its message. */
export type Problem = { field: string; key: MessageKey; params?: Record<string, string | number> };

/** The first problem as a '400' (a save reports one rule at a time). */
function assertNone(problems: Problem[]) {
  const [first] = problems;
  if (first) throw badRequest(first.key, { field: first.field, ...first.params });
}

function assertBuyer(auth: AuthContext) {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
}

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

/** A unique index hit by a concurrent writer between our check and our write: '409', reload. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') throw conflict();
    throw error;
  }
}

// ---------------------------------------------------------------- rules without the database

const PERCENT = decimalPattern(3, 2);

function percent(field: string, value: string | undefined): Problem[] {
  if (value === undefined) return [];
  if (!PERCENT.test(value)) return [{ field, key: 'mdPercentFormat' }];
  if (compareDecimal(value, '100') > 0) return [{ field, key: 'mdRange', params: { min: 0, max: 100 } }];
  return [];
}

function positive(field: string, value: string | undefined): Problem[] {
  if (value === undefined) return [];
  return compareDecimal(value, '0') > 0 ? [] : [{ field, key: 'mdPositive' }];
}

type MaterialInput = z.output<z.ZodObject<typeof materialFields>>;

/** Material rules of seed 001 §3/§5 that zod does not express. */
export function materialRules(m: MaterialInput): Problem[] {
  const problems = [
    ...percent('overTolerance', m.overTolerance),
    ...percent('lackTolerance', m.lackTolerance),
    ...positive('conversionNumerator', m.conversionNumerator),
    ...positive('conversionDenominator', m.conversionDenominator),
  ];
  if (
    m.grossWeight !== undefined &&
    m.netWeight !== undefined &&
    compareDecimal(m.netWeight, m.grossWeight) > 0
  )
    problems.push({ field: 'netWeight', key: 'mdNetAboveGross' });
  if (
    m.minShelfLife !== undefined &&
    m.minShelfLife !== null &&
    m.totalShelfLife !== undefined &&
    m.totalShelfLife !== null &&
    m.minShelfLife > m.totalShelfLife
  )
    problems.push({ field: 'minShelfLife', key: 'mdShelfLifeOrder' });
  return problems;
}

/** Supplier rules: full name 3–40 characters (seed 001 §5 "name length 3 to 40"). */
export function supplierRules(s: { fullName: string }): Problem[] {
  const length = [...s.fullName].length;
  return length < 3 || length > 40 ? [{ field: 'fullName', key: 'mdNameLength' }] : [];
}

type PriceInput = z.output<z.ZodObject<typeof priceFields>>;

/**
 * Price rules (seed 001 §5): price > 0, tax rate and quota 0–100, exchange rate 10.6 and > 0, price
 * base > 0, start before end, end after now, a given price including tax equal to the computed one.
 * Returns the problems and the price including tax (computed exactly).
 */
export function priceRules(p: PriceInput, now = nowDate()): { problems: Problem[]; including: string } {
  const problems = [
    ...positive('priceExcludingTax', p.priceExcludingTax),
    ...percent('taxRate', p.taxRate),
    ...percent('quota', p.quota),
    ...positive('priceBase', p.priceBase),
  ];
  if (!decimalPattern(4, 6).test(p.exchangeRate) || compareDecimal(p.exchangeRate, '0') <= 0)
    problems.push({ field: 'exchangeRate', key: 'mdExchangeRateFormat' });
  const start = Date.parse(p.validStartDate);
  const end = Date.parse(p.priceExpiryDate);
  if (start >= end) problems.push({ field: 'validStartDate', key: 'mdPriceDates' });
  if (end <= now.getTime()) problems.push({ field: 'priceExpiryDate', key: 'mdPriceExpired' });
  const taxOk = PERCENT.test(p.taxRate);
  const including = taxOk ? priceIncludingTax(p.priceExcludingTax, p.taxRate) : '0';
  if (taxOk && p.priceIncludingTax !== undefined && compareDecimal(p.priceIncludingTax, including) !== 0)
    problems.push({
      field: 'priceIncludingTax',
      key: 'mdPriceIncludingMismatch',
      params: { expected: including },
    });
  return { problems, including };
}

// ---------------------------------------------------------------- categories

export type Category = {
  id: string;
  parentId: string | null;
  cateLevel: number;
  cateCode: string;
  cateName: string;
  sortOrder: number;
  version: number;
  createDate: string;
  lastUpdateDate: string;
};
export type CategoryNode = Category & { children: CategoryNode[] };

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    parentId: row.parentId,
    cateLevel: row.cateLevel,
    cateCode: row.cateCode,
    cateName: row.cateName,
    sortOrder: row.sortOrder,
    version: row.version,
    createDate: row.createDate.toISOString(),
    lastUpdateDate: row.lastUpdateDate.toISOString(),
  };
}

/** All categories of the caller's company as a tree (level 1 roots, children by sort order, code). */
export async function categoryTree(db: Queryable, auth: AuthContext): Promise<CategoryNode[]> {
  assertBuyer(auth);
  const rows = await withTenant(db, auth.elsAccount, (tx) => findCategories(tx, auth.elsAccount));
  const nodes = new Map(rows.map((r) => [r.id, { ...toCategory(r), children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * Creates (no id) or renames (id + version) a category. Level = parent level + 1, at most 3; names
 * unique among siblings; codes unique in the company. A rename also renames the category on materials.
 */
export async function saveCategory(db: Queryable, auth: AuthContext, body: CategorySave): Promise<Category> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  return guarded(() =>
    withTenant(db, els, async (tx) => {
      const current = body.id ? await findCategory(tx, els, body.id) : null;
      if (body.id && !current) throw notFound('mdCategoryNotFound');
      let parentId = body.parentId ?? null;
      let level = 1;
      if (current) {
        if (body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
        if (body.parentId !== undefined && parentId !== current.parentId)
          throw badRequest('mdCategoryNoMove');
        parentId = current.parentId;
        level = current.cateLevel;
      } else if (parentId) {
        const parent = await findCategory(tx, els, parentId);
        if (!parent) throw notFound('mdCategoryNotFound');
        level = parent.cateLevel + 1;
        if (level > 3) throw badRequest('mdCategoryTooDeep');
      }
      const sameCode = await findCategoryByCode(tx, els, body.cateCode);
      if (sameCode && sameCode.id !== current?.id)
        throw badRequest('mdCategoryCodeTaken', { code: body.cateCode });
      const sibling = await findSiblingByName(tx, els, parentId, body.cateName);
      if (sibling && sibling.id !== current?.id)
        throw badRequest('mdCategoryNameRepeat', { name: body.cateName });
      let row: CategoryRow | null;
      if (current) {
        row = await updateCategory(tx, els, current.id, body.version as number, {
          cateCode: body.cateCode,
          cateName: body.cateName,
          ...(body.sortOrder !== undefined ? { sortOrder: body.sortOrder } : {}),
          lastUpdateUser: userKey(auth),
        });
        if (!row) throw conflict();
        if (current.cateCode !== row.cateCode || current.cateName !== row.cateName)
          await renameCategoryOnMaterials(
            tx,
            els,
            row.cateLevel,
            current.cateCode,
            row.cateCode,
            row.cateName,
          );
      } else {
        row = await insertCategory(tx, {
          elsAccount: els,
          parentId,
          cateLevel: level,
          cateCode: body.cateCode,
          cateName: body.cateName,
          sortOrder: body.sortOrder ?? 0,
          createUser: userKey(auth),
          lastUpdateUser: userKey(auth),
        });
      }
      await recordAudit(tx, {
        elsAccount: els,
        documentKind: 'materialCategory',
        documentId: row.id,
        action: current ? 'update' : 'create',
        fromStatus: null,
        toStatus: null,
        createUser: userKey(auth),
      });
      return toCategory(row);
    }),
  );
}

/** Deletes a category without children ("delete child nodes first") and without materials. */
export async function removeCategory(db: Queryable, auth: AuthContext, id: string): Promise<void> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  await withTenant(db, els, async (tx) => {
    const current = await findCategory(tx, els, id);
    if (!current) throw notFound('mdCategoryNotFound');
    if ((await countChildren(tx, els, id)) > 0) throw badRequest('mdCategoryHasChildren');
    if ((await countMaterialsInCategory(tx, els, id)) > 0) throw badRequest('mdCategoryInUse');
    await deleteCategory(tx, els, id);
    await recordAudit(tx, {
      elsAccount: els,
      documentKind: 'materialCategory',
      documentId: id,
      action: 'delete',
      fromStatus: null,
      toStatus: null,
      createUser: userKey(auth),
    });
  });
}

/** The category path (level 1 → the category) of a category, from a map or the database. */
async function categoryPath(
  tx: Queryable,
  els: string,
  category: CategoryRow,
  known?: Map<string, CategoryRow>,
) {
  const path = [category];
  let current = category;
  while (current.parentId && path.length < 3) {
    const parent = known?.get(current.parentId) ?? (await findCategory(tx, els, current.parentId));
    if (!parent) break;
    path.unshift(parent);
    current = parent;
  }
  return path;
}

/** cateCode1..3 / cateName1..3 of a material from its category path. */
function denormalise(path: CategoryRow[]) {
  const at = (level: number) => path.find((c) => c.cateLevel === level);
  return {
    cateCode1: at(1)?.cateCode ?? null,
    cateName1: at(1)?.cateName ?? null,
    cateCode2: at(2)?.cateCode ?? null,
    cateName2: at(2)?.cateName ?? null,
    cateCode3: at(3)?.cateCode ?? null,
    cateName3: at(3)?.cateName ?? null,
  };
}

// ---------------------------------------------------------------- materials

export type Material = Omit<MaterialRow, 'createDate' | 'lastUpdateDate'> & {
  createDate: string;
  lastUpdateDate: string;
};

function toMaterial(row: MaterialRow): Material {
  return {
    ...row,
    createDate: row.createDate.toISOString(),
    lastUpdateDate: row.lastUpdateDate.toISOString(),
  };
}

/** A page answer; `total` counted like the kernel's lists (exact up to 1,000, else an estimate, capped-total.ts). */
const pageOf = <T>(
  records: T[],
  { total, totalExact }: CappedTotal,
  body: { currentPage: number; pageSize: number },
): Page<T> & CappedTotal => ({
  records,
  total,
  totalExact,
  currentPage: body.currentPage,
  pageSize: body.pageSize,
});

async function materialRows(
  tx: Queryable,
  els: string,
  filter: MaterialFilter,
  offset: number,
  limit: number,
): Promise<{ records: MaterialRow[] } & CappedTotal> {
  let category: CategoryRow | null = null;
  if (filter.cateId) {
    category = await findCategory(tx, els, filter.cateId);
    if (!category) return { records: [], total: 0, totalExact: true };
  }
  return findMaterialPage(tx, els, { ...filter, category, offset, limit });
}

/** Materials of the caller's company, newest first; keyword = number prefix or name part. */
export async function listMaterials(
  db: Queryable,
  auth: AuthContext,
  body: MaterialFilter & { currentPage: number; pageSize: number },
): Promise<Page<Material> & CappedTotal> {
  assertBuyer(auth);
  const { records, ...total } = await withTenant(db, auth.elsAccount, (tx) =>
    materialRows(tx, auth.elsAccount, body, (body.currentPage - 1) * body.pageSize, body.pageSize),
  );
  return pageOf(records.map(toMaterial), total, body);
}

export async function getMaterial(db: Queryable, auth: AuthContext, id: string): Promise<Material> {
  assertBuyer(auth);
  const row = await withTenant(db, auth.elsAccount, (tx) => findMaterial(tx, auth.elsAccount, id));
  if (!row) throw notFound('mdMaterialNotFound');
  return toMaterial(row);
}

function materialValues(m: MaterialInput) {
  return {
    materialNumber: m.materialNumber,
    materialName: m.materialName,
    materialDesc: m.materialDesc,
    materialType: m.materialType,
    brand: m.brand ?? null,
    baseUnit: m.baseUnit,
    orderUnit: m.orderUnit ?? null,
    purchaseUnit: m.purchaseUnit ?? null,
    conversionNumerator: m.conversionNumerator,
    conversionDenominator: m.conversionDenominator,
    grossWeight: m.grossWeight ?? null,
    netWeight: m.netWeight ?? null,
    weightUnit: m.weightUnit ?? null,
    overTolerance: m.overTolerance,
    lackTolerance: m.lackTolerance,
    minOrderQuantity: m.minOrderQuantity,
    minPackingQuantity: m.minPackingQuantity,
    minShelfLife: m.minShelfLife ?? null,
    totalShelfLife: m.totalShelfLife ?? null,
    isCheckQuality: m.isCheckQuality,
    isFreeze: m.isFreeze,
  };
}

/**
 * Creates (no id) or edits (id + version) a material. A new material, or one moved to another
 * category, must sit under a level-3 category; the number is unique in the company; the category path
 * is copied into cateCode1..3/cateName1..3.
 */
export async function saveMaterial(db: Queryable, auth: AuthContext, body: MaterialSave): Promise<Material> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  assertNone(materialRules(body));
  return guarded(() =>
    withTenant(db, els, async (tx) => {
      const current = body.id ? await findMaterial(tx, els, body.id) : null;
      if (body.id && !current) throw notFound('mdMaterialNotFound');
      if (current && body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
      const category = await findCategory(tx, els, body.cateId);
      if (!category) throw notFound('mdCategoryNotFound');
      if (category.cateLevel !== 3 && category.id !== current?.cateId)
        throw badRequest('mdMaterialNotLevel3');
      const [same] = await findMaterialsByNumbers(tx, els, [body.materialNumber]);
      if (same && same.id !== current?.id)
        throw badRequest('mdMaterialNumberTaken', { number: body.materialNumber });
      const values = {
        ...materialValues(body),
        cateId: category.id,
        ...denormalise(await categoryPath(tx, els, category)),
        ...(body.extendFields ? { extendFields: body.extendFields } : {}),
        lastUpdateUser: userKey(auth),
      };
      let row: MaterialRow | null;
      if (current) {
        row = await updateMaterial(tx, els, current.id, body.version as number, values);
        if (!row) throw conflict();
      } else {
        row = await insertMaterial(tx, { ...values, elsAccount: els, createUser: userKey(auth) });
      }
      await recordAudit(tx, {
        elsAccount: els,
        documentKind: 'material',
        documentId: row.id,
        action: current ? 'update' : 'create',
        fromStatus: current?.isFreeze ?? null,
        toStatus: row.isFreeze,
        createUser: userKey(auth),
      });
      return toMaterial(row);
    }),
  );
}

/** Deletes a material that no price refers to. */
export async function removeMaterial(db: Queryable, auth: AuthContext, id: string): Promise<void> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  await withTenant(db, els, async (tx) => {
    const current = await findMaterial(tx, els, id);
    if (!current) throw notFound('mdMaterialNotFound');
    if ((await countPricesOfMaterial(tx, els, id)) > 0) throw badRequest('mdMaterialHasPrices');
    await deleteMaterial(tx, els, id);
    await recordAudit(tx, {
      elsAccount: els,
      documentKind: 'material',
      documentId: id,
      action: 'delete',
      fromStatus: current.isFreeze,
      toStatus: null,
      createUser: userKey(auth),
    });
  });
}

/** Matching materials as an .xlsx in the caller's language (at most MAX_EXPORT_ROWS). */
export async function exportMaterials(
  db: Queryable,
  auth: AuthContext,
  filter: MaterialFilter,
  locale: Locale,
) {
  assertBuyer(auth);
  const { records } = await withTenant(db, auth.elsAccount, (tx) =>
    materialRows(tx, auth.elsAccount, filter, 0, MAX_EXPORT_ROWS),
  );
  const rows = records.map((m) => ({
    ...materialValues({ ...m, brand: m.brand ?? undefined } as MaterialInput),
    cateCode: m.cateCode3,
    cateName: m.cateName3,
  }));
  return writeWorkbook(locale === 'en' ? 'Materials' : '物料', MATERIAL_COLUMNS, rows, locale);
}

// ---------------------------------------------------------------- import (shared)

export type RowError = { row: number; field: string; message: string };

/** Zod issues of one row as problems naming the column. */
function issueProblems(error: z.ZodError): Problem[] {
  return error.issues.map((issue): Problem => {
    const field = issue.path.map(String).join('.') || 'row';
    const p = issue as unknown as Record<string, unknown>;
    switch (issue.code) {
      case 'invalid_type':
        return p.input === undefined
          ? { field, key: 'rule.required' as const }
          : { field, key: 'rule.format' as const };
      case 'too_small':
        return p.origin === 'string' || p.origin === 'array'
          ? { field, key: 'rule.tooShort' as const, params: { min: String(p.minimum) } }
          : { field, key: 'rule.tooSmall' as const, params: { min: String(p.minimum) } };
      case 'too_big':
        return p.origin === 'string' || p.origin === 'array'
          ? { field, key: 'rule.tooLong' as const, params: { max: String(p.maximum) } }
          : { field, key: 'rule.tooBig' as const, params: { max: String(p.maximum) } };
      case 'invalid_value':
        return {
          field,
          key: 'rule.enum' as const,
          params: { values: Array.isArray(p.values) ? p.values.map(String).join(', ') : '' },
        };
      case 'invalid_format':
        return { field, key: 'rule.format' as const };
      default:
        return { field, key: 'rule.invalid' as const };
    }
  });
}

/** Collects problems per sheet row; the import refuses the whole file when any row has one. */
class RowErrors {
  readonly list: RowError[] = [];
  readonly rows = new Set<number>();
  constructor(private readonly locale: Locale) {}
  add(row: number, problems: Problem[]) {
    for (const p of problems) {
      this.rows.add(row);
      if (this.list.length < 1000)
        this.list.push({
          row,
          field: p.field,
          message: t(this.locale, p.key, { field: p.field, ...p.params }),
        });
    }
  }
  /** '400' with data { errors } when any row is bad. */
  assertNone() {
    if (this.rows.size > 0)
      throw new AppError('400', 'mdImportRejected', { count: this.rows.size }, { errors: this.list });
  }
}

/** Parses every row with `schema`; rows that fail are recorded and left out. */
function parseRows<S extends z.ZodType>(rows: SheetRow[], schema: S, errors: RowErrors) {
  const parsed: Array<{ row: number; input: z.output<S> }> = [];
  for (const r of rows) {
    const result = schema.safeParse(r.values, { reportInput: true });
    if (result.success) parsed.push({ row: r.row, input: result.data });
    else errors.add(r.row, issueProblems(result.error));
  }
  return parsed;
}

/** Problems for values repeated inside the file (the first occurrence wins). */
function repeats<T>(
  items: Array<{ row: number; input: T }>,
  field: string,
  key: (input: T) => string,
  errors: RowErrors,
) {
  const seen = new Map<string, number>();
  for (const item of items) {
    const k = key(item.input);
    const first = seen.get(k);
    if (first !== undefined)
      errors.add(item.row, [{ field, key: 'mdDuplicateInFile', params: { row: first } }]);
    else seen.set(k, item.row);
  }
}

export type ImportResult = { created: number; updated: number };

const materialImportSchema = () =>
  z.object({ cateCode: z.string().trim().min(1).max(30), ...materialFields });

/**
 * Imports materials (export layout; matched by materialNumber: new numbers are created, known ones
 * updated). Every row is checked first; any bad row → '400' with data { errors: [{ row, field,
 * message }] } and nothing written. Otherwise all rows in one transaction. dryRun checks only.
 */
export async function importMaterials(
  db: Queryable,
  auth: AuthContext,
  bytes: Buffer,
  locale: Locale,
  dryRun = false,
): Promise<ImportResult> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  const rows = await readWorkbook(bytes, MATERIAL_COLUMNS);
  const errors = new RowErrors(locale);
  const parsed = parseRows(rows, materialImportSchema(), errors);
  repeats(parsed, 'materialNumber', (m) => m.materialNumber, errors);
  return guarded(() =>
    withTenant(db, els, async (tx) => {
      const categories = await findCategories(tx, els);
      const byId = new Map(categories.map((c) => [c.id, c]));
      const byCode = new Map(categories.map((c) => [c.cateCode, c]));
      const existing = new Map(
        (
          await findMaterialsByNumbers(
            tx,
            els,
            parsed.map((p) => p.input.materialNumber),
          )
        ).map((m) => [m.materialNumber, m]),
      );
      const plan: Array<{ input: MaterialInput; category: CategoryRow; current?: MaterialRow }> = [];
      for (const { row, input } of parsed) {
        const problems = materialRules(input);
        const category = byCode.get(input.cateCode);
        if (!category) problems.push({ field: 'cateCode', key: 'mdCategoryNotFound' });
        else if (category.cateLevel !== 3) problems.push({ field: 'cateCode', key: 'mdMaterialNotLevel3' });
        errors.add(row, problems);
        if (category && problems.length === 0)
          plan.push({ input, category, current: existing.get(input.materialNumber) });
      }
      errors.assertNone();
      const result = { created: 0, updated: 0 };
      if (dryRun) {
        for (const p of plan) result[p.current ? 'updated' : 'created']++;
        return result;
      }
      for (const { input, category, current } of plan) {
        const values = {
          ...materialValues(input),
          cateId: category.id,
          ...denormalise(await categoryPath(tx, els, category, byId)),
          lastUpdateUser: userKey(auth),
        };
        const row = current
          ? await updateMaterial(tx, els, current.id, current.version, values)
          : await insertMaterial(tx, { ...values, elsAccount: els, createUser: userKey(auth) });
        if (!row) throw conflict();
        result[current ? 'updated' : 'created']++;
        await recordAudit(tx, {
          elsAccount: els,
          documentKind: 'material',
          documentId: row.id,
          action: current ? 'update' : 'create',
          fromStatus: current?.isFreeze ?? null,
          toStatus: row.isFreeze,
          remark: 'import',
          createUser: userKey(auth),
        });
      }
      return result;
    }),
  );
}

// ---------------------------------------------------------------- suppliers

export type Supplier = Omit<SupplierRow, 'createDate' | 'lastUpdateDate'> & {
  createDate: string;
  lastUpdateDate: string;
};

function toSupplier(row: SupplierRow): Supplier {
  return {
    ...row,
    createDate: row.createDate.toISOString(),
    lastUpdateDate: row.lastUpdateDate.toISOString(),
  };
}

export async function listSuppliers(
  db: Queryable,
  auth: AuthContext,
  body: SupplierFilter & { currentPage: number; pageSize: number },
): Promise<Page<Supplier> & CappedTotal> {
  assertBuyer(auth);
  const { records, ...total } = await withTenant(db, auth.elsAccount, (tx) =>
    findSupplierPage(tx, auth.elsAccount, {
      ...body,
      offset: (body.currentPage - 1) * body.pageSize,
      limit: body.pageSize,
    }),
  );
  return pageOf(records.map(toSupplier), total, body);
}

export async function getSupplier(db: Queryable, auth: AuthContext, id: string): Promise<Supplier> {
  assertBuyer(auth);
  const row = await withTenant(db, auth.elsAccount, (tx) => findSupplier(tx, auth.elsAccount, id));
  if (!row) throw notFound('mdSupplierNotFound');
  return toSupplier(row);
}

async function assertLinked(tx: Tx, els: string, account: string) {
  const linked = await findLinkedAccounts(tx, els, [account]);
  if (linked.length === 0) throw badRequest('mdNotYourSupplier', { account });
}

type SupplierValues = Omit<SupplierSave, 'id' | 'version' | 'extendFields' | 'supplierStatus'> & {
  supplierStatus: string;
};

/**
 * The stage a save or import row gives a record (issue #16): an edit keeps the current one (another answers
 * supplierStatusNotEditable), a new record is a stranger (another answers supplierStatusNewStranger) — a
 * linked supplier without a record already is one, so any other stage would be a conversion without its
 * request. Answers the stage, or the message key of the broken rule.
 */
export function initialStage(
  given: string | undefined,
  current: { supplierStatus: string } | null | undefined,
): { stage: string } | { problem: 'supplierStatusNotEditable' | 'supplierStatusNewStranger' } {
  if (current)
    return given === undefined || given === current.supplierStatus
      ? { stage: current.supplierStatus }
      : { problem: 'supplierStatusNotEditable' };
  return given === undefined || given === 'stranger'
    ? { stage: 'stranger' }
    : { problem: 'supplierStatusNewStranger' };
}

function supplierValues(s: SupplierValues) {
  return {
    toElsAccount: s.toElsAccount,
    supplierCode: s.supplierCode,
    fullName: s.fullName,
    shortName: s.shortName ?? null,
    socialCreditCode: s.socialCreditCode ?? null,
    supplierType: s.supplierType ?? null,
    supplierStatus: s.supplierStatus,
    currency: s.currency,
    paymentClause: s.paymentClause ?? null,
    contacts: s.contacts,
    banks: s.banks,
    addresses: s.addresses,
  };
}

/**
 * Creates (no id) or edits (id + version) a supplier record. The supplier must be a company linked to
 * the buyer; one record per supplier; codes unique in the company; fullName 3–40 characters.
 */
export async function saveSupplier(db: Queryable, auth: AuthContext, body: SupplierSave): Promise<Supplier> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  assertNone(supplierRules(body));
  return guarded(() =>
    withTenant(db, els, async (tx) => {
      const current = body.id ? await findSupplier(tx, els, body.id) : null;
      if (body.id && !current) throw notFound('mdSupplierNotFound');
      if (current && body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
      if (current && current.toElsAccount !== body.toElsAccount) throw badRequest('mdSupplierAccountFixed');
      // Issue #16: the stage changes only through conversion requests (modules/supplier-lifecycle).
      const stage = initialStage(body.supplierStatus, current);
      if ('problem' in stage) throw badRequest(stage.problem);
      await assertLinked(tx, els, body.toElsAccount);
      const others = (
        await findSuppliersByKeys(tx, els, { accounts: [body.toElsAccount], codes: [body.supplierCode] })
      ).filter((s) => s.id !== current?.id);
      if (others.some((s) => s.toElsAccount === body.toElsAccount))
        throw badRequest('mdSupplierExists', { account: body.toElsAccount });
      if (others.some((s) => s.supplierCode === body.supplierCode))
        throw badRequest('mdSupplierCodeTaken', { code: body.supplierCode });
      const values = {
        ...supplierValues({ ...body, supplierStatus: stage.stage }),
        ...(body.extendFields ? { extendFields: body.extendFields } : {}),
        lastUpdateUser: userKey(auth),
      };
      let row: SupplierRow | null;
      if (current) {
        row = await updateSupplier(tx, els, current.id, body.version as number, values);
        if (!row) throw conflict();
      } else {
        row = await insertSupplier(tx, { ...values, elsAccount: els, createUser: userKey(auth) });
      }
      await recordAudit(tx, {
        elsAccount: els,
        documentKind: 'supplierMasterData',
        documentId: row.id,
        action: current ? 'update' : 'create',
        fromStatus: current?.supplierStatus ?? null,
        toStatus: row.supplierStatus,
        createUser: userKey(auth),
      });
      return toSupplier(row);
    }),
  );
}

/** Matching supplier records as an .xlsx (first contact, bank and address in their own columns). */
export async function exportSuppliers(
  db: Queryable,
  auth: AuthContext,
  filter: SupplierFilter,
  locale: Locale,
) {
  assertBuyer(auth);
  const { records } = await withTenant(db, auth.elsAccount, (tx) =>
    findSupplierPage(tx, auth.elsAccount, { ...filter, offset: 0, limit: MAX_EXPORT_ROWS }),
  );
  const rows = records.map((s) => ({
    toElsAccount: s.toElsAccount,
    supplierCode: s.supplierCode,
    fullName: s.fullName,
    shortName: s.shortName,
    socialCreditCode: s.socialCreditCode,
    supplierType: s.supplierType,
    supplierStatus:
      SUPPLIER_STATUSES[s.supplierStatus as keyof typeof SUPPLIER_STATUSES]?.[locale] ?? s.supplierStatus,
    currency: s.currency,
    paymentClause: s.paymentClause,
    contactName: s.contacts[0]?.name,
    contactTelphone: s.contacts[0]?.telphone,
    contactWxNo: s.contacts[0]?.wxNo,
    bankCode: s.banks[0]?.bankCode,
    bankBranchName: s.banks[0]?.bankBranchName,
    bankAccount: s.banks[0]?.bankAccount,
    country: s.addresses[0]?.country,
    address: s.addresses[0]?.address,
  }));
  return writeWorkbook(locale === 'en' ? 'Suppliers' : '供应商', SUPPLIER_COLUMNS, rows, locale);
}

/** A status given as value or as label in either language → its value (unknown text passes through). */
function statusValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  for (const [key, labels] of Object.entries(SUPPLIER_STATUSES))
    if (value === key || value === labels.zh_cn || value.toLowerCase() === labels.en.toLowerCase())
      return key;
  return value;
}

const supplierImportSchema = () =>
  z.object({
    ...supplierFields,
    supplierStatus: z.preprocess(statusValue, supplierFields.supplierStatus),
    contactName: contactSchema.shape.name.optional(),
    contactTelphone: contactSchema.shape.telphone,
    contactWxNo: contactSchema.shape.wxNo,
    bankCode: bankSchema.shape.bankCode,
    bankBranchName: bankSchema.shape.bankBranchName,
    bankAccount: bankSchema.shape.bankAccount.optional(),
    country: addressSchema.shape.country,
    address: addressSchema.shape.address.optional(),
  });

/**
 * Imports supplier records (matched by supplier account: new ones created, known ones updated). The
 * contact, bank and address columns replace the first entry of each list and keep the others. Same
 * all-or-nothing rule as the material import.
 */
export async function importSuppliers(
  db: Queryable,
  auth: AuthContext,
  bytes: Buffer,
  locale: Locale,
  dryRun = false,
): Promise<ImportResult> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  const rows = await readWorkbook(bytes, SUPPLIER_COLUMNS);
  const errors = new RowErrors(locale);
  const parsed = parseRows(rows, supplierImportSchema(), errors);
  repeats(parsed, 'toElsAccount', (s) => s.toElsAccount, errors);
  repeats(parsed, 'supplierCode', (s) => s.supplierCode, errors);
  return guarded(() =>
    withTenant(db, els, async (tx) => {
      const accounts = parsed.map((p) => p.input.toElsAccount);
      const linked = new Set(await findLinkedAccounts(tx, els, accounts));
      const known = await findSuppliersByKeys(tx, els, {
        accounts,
        codes: parsed.map((p) => p.input.supplierCode),
      });
      const byAccount = new Map(known.map((s) => [s.toElsAccount, s]));
      const plan: Array<{ values: ReturnType<typeof supplierValues>; current?: SupplierRow }> = [];
      for (const { row, input } of parsed) {
        const current = byAccount.get(input.toElsAccount);
        const problems = supplierRules(input);
        if (!linked.has(input.toElsAccount))
          problems.push({
            field: 'toElsAccount',
            key: 'mdNotYourSupplier',
            params: { account: input.toElsAccount },
          });
        const stage = initialStage(input.supplierStatus, current);
        if ('problem' in stage) problems.push({ field: 'supplierStatus', key: stage.problem });
        const codeOwner = known.find((s) => s.supplierCode === input.supplierCode);
        if (codeOwner && codeOwner.toElsAccount !== input.toElsAccount)
          problems.push({
            field: 'supplierCode',
            key: 'mdSupplierCodeTaken',
            params: { code: input.supplierCode },
          });
        const hasContact = input.contactTelphone !== undefined || input.contactWxNo !== undefined;
        if (hasContact && input.contactName === undefined)
          problems.push({ field: 'contactName', key: 'rule.required' });
        if (
          (input.bankCode !== undefined || input.bankBranchName !== undefined) &&
          input.bankAccount === undefined
        )
          problems.push({ field: 'bankAccount', key: 'rule.required' });
        if (input.country !== undefined && input.address === undefined)
          problems.push({ field: 'address', key: 'rule.required' });
        errors.add(row, problems);
        if (problems.length > 0) continue;
        const replaceFirst = <T>(list: T[], entry: T | null) => (entry ? [entry, ...list.slice(1)] : list);
        plan.push({
          current,
          values: supplierValues({
            ...input,
            supplierStatus: 'stage' in stage ? stage.stage : 'stranger',
            contacts: replaceFirst(
              current?.contacts ?? [],
              input.contactName
                ? { name: input.contactName, telphone: input.contactTelphone, wxNo: input.contactWxNo }
                : null,
            ),
            banks: replaceFirst(
              current?.banks ?? [],
              input.bankAccount
                ? {
                    bankCode: input.bankCode,
                    bankBranchName: input.bankBranchName,
                    bankAccount: input.bankAccount,
                  }
                : null,
            ),
            addresses: replaceFirst(
              current?.addresses ?? [],
              input.address ? { country: input.country, address: input.address } : null,
            ),
          }),
        });
      }
      errors.assertNone();
      const result = { created: 0, updated: 0 };
      for (const { values, current } of plan) {
        result[current ? 'updated' : 'created']++;
        if (dryRun) continue;
        const row = current
          ? await updateSupplier(tx, els, current.id, current.version, {
              ...values,
              lastUpdateUser: userKey(auth),
            })
          : await insertSupplier(tx, {
              ...values,
              elsAccount: els,
              createUser: userKey(auth),
              lastUpdateUser: userKey(auth),
            });
        if (!row) throw conflict();
        await recordAudit(tx, {
          elsAccount: els,
          documentKind: 'supplierMasterData',
          documentId: row.id,
          action: current ? 'update' : 'create',
          fromStatus: current?.supplierStatus ?? null,
          toStatus: row.supplierStatus,
          remark: 'import',
          createUser: userKey(auth),
        });
      }
      return result;
    }),
  );
}

// ---------------------------------------------------------------- prices

export type Price = Omit<PriceRow, 'createDate' | 'lastUpdateDate' | 'validStartDate' | 'priceExpiryDate'> & {
  validStartDate: string;
  priceExpiryDate: string;
  createDate: string;
  lastUpdateDate: string;
  materialName: string | null;
  supplierName: string | null;
};

function toPrice(
  row: PriceRow,
  materialName: string | null = null,
  supplierName: string | null = null,
): Price {
  return {
    ...row,
    validStartDate: row.validStartDate.toISOString(),
    priceExpiryDate: row.priceExpiryDate.toISOString(),
    createDate: row.createDate.toISOString(),
    lastUpdateDate: row.lastUpdateDate.toISOString(),
    materialName,
    supplierName,
  };
}

const fromListRow = (r: PriceListRow) => toPrice(r.price, r.materialName, r.supplierName);

/** Prices of the caller's company, newest first; filters: material, supplier, valid at an instant. */
export async function listPrices(
  db: Queryable,
  auth: AuthContext,
  body: PriceFilter & { currentPage: number; pageSize: number },
): Promise<Page<Price> & CappedTotal> {
  assertBuyer(auth);
  const { records, ...total } = await withTenant(db, auth.elsAccount, (tx) =>
    findPricePage(tx, auth.elsAccount, {
      ...body,
      offset: (body.currentPage - 1) * body.pageSize,
      limit: body.pageSize,
    }),
  );
  return pageOf(records.map(fromListRow), total, body);
}

export async function getPrice(db: Queryable, auth: AuthContext, id: string): Promise<Price> {
  assertBuyer(auth);
  const row = await withTenant(db, auth.elsAccount, (tx) => findPrice(tx, auth.elsAccount, id));
  if (!row) throw notFound('mdPriceNotFound');
  return fromListRow(row);
}

function priceValues(p: PriceInput, including: string) {
  return {
    toElsAccount: p.toElsAccount,
    priceExcludingTax: p.priceExcludingTax,
    taxRate: p.taxRate,
    priceIncludingTax: including,
    currency: p.currency,
    exchangeRate: p.exchangeRate,
    priceBase: p.priceBase,
    validStartDate: new Date(p.validStartDate),
    priceExpiryDate: new Date(p.priceExpiryDate),
    quota: p.quota,
  };
}

/**
 * Creates (no id) or edits (id + version) a price of a material of the company from a linked supplier.
 * priceIncludingTax is computed exactly (or, when given, checked).
 */
export async function savePrice(db: Queryable, auth: AuthContext, body: PriceSave): Promise<Price> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  const { problems, including } = priceRules(body);
  assertNone(problems);
  return guarded(() =>
    withTenant(db, els, async (tx) => {
      const current = body.id ? await findPrice(tx, els, body.id) : null;
      if (body.id && !current) throw notFound('mdPriceNotFound');
      if (current && body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
      const item = await findMaterial(tx, els, body.materialId);
      if (!item) throw notFound('mdMaterialNotFound');
      await assertLinked(tx, els, body.toElsAccount);
      const values = {
        ...priceValues(body, including),
        materialId: item.id,
        materialNumber: item.materialNumber,
        lastUpdateUser: userKey(auth),
      };
      let row: PriceRow | null;
      if (current) {
        row = await updatePrice(tx, els, current.price.id, body.version as number, values);
        if (!row) throw conflict();
      } else {
        row = await insertPrice(tx, { ...values, elsAccount: els, createUser: userKey(auth) });
      }
      await recordAudit(tx, {
        elsAccount: els,
        documentKind: 'price',
        documentId: row.id,
        action: current ? 'update' : 'create',
        fromStatus: null,
        toStatus: null,
        createUser: userKey(auth),
      });
      const supplier = await findSuppliersByKeys(tx, els, { accounts: [row.toElsAccount], codes: [] });
      return toPrice(row, item.materialName, supplier[0]?.fullName ?? null);
    }),
  );
}

export async function removePrice(db: Queryable, auth: AuthContext, id: string): Promise<void> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  await withTenant(db, els, async (tx) => {
    if (!(await deletePrice(tx, els, id))) throw notFound('mdPriceNotFound');
    await recordAudit(tx, {
      elsAccount: els,
      documentKind: 'price',
      documentId: id,
      action: 'delete',
      fromStatus: null,
      toStatus: null,
      createUser: userKey(auth),
    });
  });
}

/**
 * The price valid at `at` (default now) for a material of the caller's company from a supplier, or
 * null. The order module calls this (or repository findEffectivePrice inside its own transaction).
 */
export async function effectivePrice(
  db: Queryable,
  auth: AuthContext,
  body: { toElsAccount: string; materialId: string; at?: string },
): Promise<Price | null> {
  assertBuyer(auth);
  const row = await withTenant(db, auth.elsAccount, (tx) =>
    findEffectivePrice(
      tx,
      auth.elsAccount,
      body.toElsAccount,
      body.materialId,
      body.at ? new Date(body.at) : nowDate(),
    ),
  );
  return row ? toPrice(row) : null;
}

export async function exportPrices(db: Queryable, auth: AuthContext, filter: PriceFilter, locale: Locale) {
  assertBuyer(auth);
  const { records } = await withTenant(db, auth.elsAccount, (tx) =>
    findPricePage(tx, auth.elsAccount, { ...filter, offset: 0, limit: MAX_EXPORT_ROWS }),
  );
  const rows = records.map(({ price: p, materialName, supplierName }) => ({
    toElsAccount: p.toElsAccount,
    supplierName,
    materialNumber: p.materialNumber,
    materialName,
    priceExcludingTax: p.priceExcludingTax,
    taxRate: p.taxRate,
    priceIncludingTax: p.priceIncludingTax,
    currency: p.currency,
    exchangeRate: p.exchangeRate,
    priceBase: p.priceBase,
    validStartDate: p.validStartDate.toISOString(),
    priceExpiryDate: p.priceExpiryDate.toISOString(),
    quota: p.quota,
    sourceType: p.sourceType ? PRICE_SOURCE_LABELS[p.sourceType][locale] : '',
    sourceNumber: p.sourceNumber ?? '',
    sourceItemNumber: p.sourceItemNumber ?? '',
    ladder: ladderCell(p.ladderJson),
  }));
  return writeWorkbook(locale === 'en' ? 'Prices' : '价格', PRICE_COLUMNS, rows, locale, {
    timeZone: await companyTimeZone(db, auth.elsAccount),
  });
}

const priceImportSchema = () =>
  z.object({ materialNumber: z.string().trim().min(1).max(40), ...priceFields });

/**
 * Imports prices (matched by supplier + material + validStartDate: known ones updated, others created).
 * Same all-or-nothing rule as the material import.
 */
export async function importPrices(
  db: Queryable,
  auth: AuthContext,
  bytes: Buffer,
  locale: Locale,
  dryRun = false,
): Promise<ImportResult> {
  assertBuyer(auth);
  const els = auth.elsAccount;
  const rows = await readWorkbook(bytes, PRICE_COLUMNS, { timeZone: await companyTimeZone(db, els) });
  const errors = new RowErrors(locale);
  const parsed = parseRows(rows, priceImportSchema(), errors);
  repeats(
    parsed,
    'validStartDate',
    (p) => `${p.toElsAccount}|${p.materialNumber}|${Date.parse(p.validStartDate)}`,
    errors,
  );
  const now = nowDate();
  return guarded(() =>
    withTenant(db, els, async (tx) => {
      const materials = new Map(
        (
          await findMaterialsByNumbers(
            tx,
            els,
            parsed.map((p) => p.input.materialNumber),
          )
        ).map((m) => [m.materialNumber, m]),
      );
      const linked = new Set(
        await findLinkedAccounts(
          tx,
          els,
          parsed.map((p) => p.input.toElsAccount),
        ),
      );
      const existing = new Map(
        (
          await findPricesOfMaterials(
            tx,
            els,
            [...materials.values()].map((m) => m.id),
          )
        ).map((p) => [`${p.toElsAccount}|${p.materialId}|${p.validStartDate.getTime()}`, p]),
      );
      const plan: Array<{ values: ReturnType<typeof priceValues>; item: MaterialRow; current?: PriceRow }> =
        [];
      for (const { row, input } of parsed) {
        const { problems, including } = priceRules(input, now);
        const item = materials.get(input.materialNumber);
        if (!item)
          problems.push({
            field: 'materialNumber',
            key: 'mdMaterialNumberUnknown',
            params: { number: input.materialNumber },
          });
        if (!linked.has(input.toElsAccount))
          problems.push({
            field: 'toElsAccount',
            key: 'mdNotYourSupplier',
            params: { account: input.toElsAccount },
          });
        errors.add(row, problems);
        if (!item || problems.length > 0) continue;
        plan.push({
          item,
          values: priceValues(input, including),
          current: existing.get(`${input.toElsAccount}|${item.id}|${Date.parse(input.validStartDate)}`),
        });
      }
      errors.assertNone();
      const result = { created: 0, updated: 0 };
      for (const { values, item, current } of plan) {
        result[current ? 'updated' : 'created']++;
        if (dryRun) continue;
        const set = {
          ...values,
          materialId: item.id,
          materialNumber: item.materialNumber,
          lastUpdateUser: userKey(auth),
        };
        const row = current
          ? await updatePrice(tx, els, current.id, current.version, set)
          : await insertPrice(tx, { ...set, elsAccount: els, createUser: userKey(auth) });
        if (!row) throw conflict();
        await recordAudit(tx, {
          elsAccount: els,
          documentKind: 'price',
          documentId: row.id,
          action: current ? 'update' : 'create',
          fromStatus: null,
          toStatus: null,
          remark: 'import',
          createUser: userKey(auth),
        });
      }
      return result;
    }),
  );
}
