import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { cappedTotal } from '../../platform/capped-total.ts';
import { nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { accountRelation } from '../account/tables.ts';
import type { MaterialFilter, PriceFilter, SupplierFilter } from './schemas.ts';
import { material, materialCategory, priceMaster, supplierMaster } from './tables.ts';

/**
 * Master-data queries (issue #5). Every function takes the caller's elsAccount and filters by it: an id
 * of another company finds nothing.
 */

export type CategoryRow = typeof materialCategory.$inferSelect;
export type MaterialRow = typeof material.$inferSelect;
export type SupplierRow = typeof supplierMaster.$inferSelect;
export type PriceRow = typeof priceMaster.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Updates a row of `table` at a known version (optimistic lock); null when the version moved on. */
async function updateVersioned<
  T extends typeof materialCategory | typeof material | typeof supplierMaster | typeof priceMaster,
>(db: Queryable, table: T, elsAccount: string, id: string, version: number, set: Partial<T['$inferInsert']>) {
  const rows = await db
    .update(table as typeof material)
    .set({ ...(set as object), lastUpdateDate: sql`now()`, version: sql`${table.version} + 1` })
    .where(and(eq(table.id, id), eq(table.elsAccount, elsAccount), eq(table.version, version)))
    .returning();
  return (rows[0] ?? null) as T['$inferSelect'] | null;
}

// ---------------------------------------------------------------- categories

/** All categories of a company, by level then sort order and code. */
export async function findCategories(db: Queryable, elsAccount: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(materialCategory)
    .where(eq(materialCategory.elsAccount, elsAccount))
    .orderBy(
      asc(materialCategory.cateLevel),
      asc(materialCategory.sortOrder),
      asc(materialCategory.cateCode),
    );
}

export async function findCategory(
  db: Queryable,
  elsAccount: string,
  id: string,
): Promise<CategoryRow | null> {
  const rows = await db
    .select()
    .from(materialCategory)
    .where(and(eq(materialCategory.id, id), eq(materialCategory.elsAccount, elsAccount)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCategoryByCode(db: Queryable, elsAccount: string, cateCode: string) {
  const rows = await db
    .select()
    .from(materialCategory)
    .where(and(eq(materialCategory.elsAccount, elsAccount), eq(materialCategory.cateCode, cateCode)))
    .limit(1);
  return rows[0] ?? null;
}

/** A sibling (same parent; null = top level) with this name. */
export async function findSiblingByName(
  db: Queryable,
  elsAccount: string,
  parentId: string | null,
  cateName: string,
) {
  const rows = await db
    .select()
    .from(materialCategory)
    .where(
      and(
        eq(materialCategory.elsAccount, elsAccount),
        parentId ? eq(materialCategory.parentId, parentId) : isNull(materialCategory.parentId),
        eq(materialCategory.cateName, cateName),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function countChildren(db: Queryable, elsAccount: string, id: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(materialCategory)
    .where(and(eq(materialCategory.elsAccount, elsAccount), eq(materialCategory.parentId, id)));
  return Number(n);
}

export async function countMaterialsInCategory(db: Queryable, elsAccount: string, id: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(material)
    .where(and(eq(material.elsAccount, elsAccount), eq(material.cateId, id)));
  return Number(n);
}

export async function insertCategory(db: Queryable, values: typeof materialCategory.$inferInsert) {
  const [row] = await db.insert(materialCategory).values(values).returning();
  return row;
}

export const updateCategory = (
  db: Queryable,
  elsAccount: string,
  id: string,
  version: number,
  set: Partial<typeof materialCategory.$inferInsert>,
) => updateVersioned(db, materialCategory, elsAccount, id, version, set);

export async function deleteCategory(db: Queryable, elsAccount: string, id: string) {
  const rows = await db
    .delete(materialCategory)
    .where(and(eq(materialCategory.id, id), eq(materialCategory.elsAccount, elsAccount)))
    .returning({ id: materialCategory.id });
  return rows.length === 1;
}

/** After a rename: the denormalised code and name of that level on the company's materials. */
export async function renameCategoryOnMaterials(
  db: Queryable,
  elsAccount: string,
  level: number,
  oldCode: string,
  cateCode: string,
  cateName: string,
) {
  const columns = {
    1: [material.cateCode1, 'cateCode1', 'cateName1'],
    2: [material.cateCode2, 'cateCode2', 'cateName2'],
    3: [material.cateCode3, 'cateCode3', 'cateName3'],
  } as const;
  const entry = columns[level as 1 | 2 | 3];
  if (!entry) return;
  const [column, codeKey, nameKey] = entry;
  await db
    .update(material)
    .set({ [codeKey]: cateCode, [nameKey]: cateName })
    .where(and(eq(material.elsAccount, elsAccount), eq(column, oldCode)));
}

// ---------------------------------------------------------------- materials

function materialWhere(elsAccount: string, filter: MaterialFilter & { cateCodes?: string[] }) {
  const where: SQL[] = [eq(material.elsAccount, elsAccount)];
  if (filter.keyword) {
    const kw = escapeLike(filter.keyword);
    where.push(or(ilike(material.materialNumber, `${kw}%`), ilike(material.materialName, `%${kw}%`))!);
  }
  if (filter.isFreeze) where.push(eq(material.isFreeze, filter.isFreeze));
  if (filter.ids) where.push(inArray(material.id, filter.ids));
  return where;
}

/**
 * Materials of a company, newest first (index material_list_idx). `category` narrows to one category:
 * its own materials (level 3) or those whose denormalised level-1/2 code matches.
 */
export async function findMaterialPage(
  db: Queryable,
  elsAccount: string,
  filter: MaterialFilter & { category?: CategoryRow | null; offset: number; limit: number },
) {
  const where = materialWhere(elsAccount, filter);
  if (filter.category) where.push(categoryCondition(filter.category));
  const condition = and(...where);
  const [records, counted] = await Promise.all([
    db
      .select()
      .from(material)
      .where(condition)
      .orderBy(desc(material.createDate), desc(material.id))
      .limit(filter.limit)
      .offset(filter.offset),
    cappedTotal(db, db.select({ one: sql`1` }).from(material).where(condition)),
  ]);
  return { records, ...counted };
}

function categoryCondition(category: CategoryRow): SQL {
  if (category.cateLevel === 1) return eq(material.cateCode1, category.cateCode);
  if (category.cateLevel === 2) return eq(material.cateCode2, category.cateCode);
  return eq(material.cateId, category.id);
}

export async function findMaterial(
  db: Queryable,
  elsAccount: string,
  id: string,
): Promise<MaterialRow | null> {
  const rows = await db
    .select()
    .from(material)
    .where(and(eq(material.id, id), eq(material.elsAccount, elsAccount)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findMaterialsByNumbers(db: Queryable, elsAccount: string, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .select()
    .from(material)
    .where(and(eq(material.elsAccount, elsAccount), inArray(material.materialNumber, numbers)));
}

export async function findMaterialsByIds(db: Queryable, elsAccount: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(material)
    .where(and(eq(material.elsAccount, elsAccount), inArray(material.id, ids)));
}

export async function insertMaterial(db: Queryable, values: typeof material.$inferInsert) {
  const [row] = await db.insert(material).values(values).returning();
  return row;
}

export const updateMaterial = (
  db: Queryable,
  elsAccount: string,
  id: string,
  version: number,
  set: Partial<typeof material.$inferInsert>,
) => updateVersioned(db, material, elsAccount, id, version, set);

export async function deleteMaterial(db: Queryable, elsAccount: string, id: string) {
  const rows = await db
    .delete(material)
    .where(and(eq(material.id, id), eq(material.elsAccount, elsAccount)))
    .returning({ id: material.id });
  return rows.length === 1;
}

export async function countPricesOfMaterial(db: Queryable, elsAccount: string, materialId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(priceMaster)
    .where(and(eq(priceMaster.elsAccount, elsAccount), eq(priceMaster.materialId, materialId)));
  return Number(n);
}

// ---------------------------------------------------------------- suppliers

/** The buyer's linked suppliers among `accounts` (account_relation). */
export async function findLinkedAccounts(db: Queryable, elsAccount: string, accounts: string[]) {
  if (accounts.length === 0) return [];
  const rows = await db
    .select({ toElsAccount: accountRelation.toElsAccount })
    .from(accountRelation)
    .where(and(eq(accountRelation.elsAccount, elsAccount), inArray(accountRelation.toElsAccount, accounts)));
  return rows.map((r) => r.toElsAccount);
}

export async function findSupplierPage(
  db: Queryable,
  elsAccount: string,
  filter: SupplierFilter & { offset: number; limit: number },
) {
  const where: SQL[] = [eq(supplierMaster.elsAccount, elsAccount)];
  if (filter.keyword) {
    const like = `%${escapeLike(filter.keyword)}%`;
    where.push(
      or(
        ilike(supplierMaster.supplierCode, like),
        ilike(supplierMaster.toElsAccount, like),
        ilike(supplierMaster.fullName, like),
        ilike(supplierMaster.shortName, like),
      )!,
    );
  }
  if (filter.supplierStatus) where.push(eq(supplierMaster.supplierStatus, filter.supplierStatus));
  if (filter.toElsAccounts) where.push(inArray(supplierMaster.toElsAccount, filter.toElsAccounts));
  const condition = and(...where);
  const [records, counted] = await Promise.all([
    db
      .select()
      .from(supplierMaster)
      .where(condition)
      .orderBy(desc(supplierMaster.createDate), desc(supplierMaster.id))
      .limit(filter.limit)
      .offset(filter.offset),
    cappedTotal(db, db.select({ one: sql`1` }).from(supplierMaster).where(condition)),
  ]);
  return { records, ...counted };
}

export async function findSupplier(
  db: Queryable,
  elsAccount: string,
  id: string,
): Promise<SupplierRow | null> {
  const rows = await db
    .select()
    .from(supplierMaster)
    .where(and(eq(supplierMaster.id, id), eq(supplierMaster.elsAccount, elsAccount)))
    .limit(1);
  return rows[0] ?? null;
}

/** Supplier records whose toElsAccount or supplierCode is among the given ones. */
export async function findSuppliersByKeys(
  db: Queryable,
  elsAccount: string,
  keys: { accounts: string[]; codes: string[] },
) {
  const any: SQL[] = [];
  if (keys.accounts.length > 0) any.push(inArray(supplierMaster.toElsAccount, keys.accounts));
  if (keys.codes.length > 0) any.push(inArray(supplierMaster.supplierCode, keys.codes));
  if (any.length === 0) return [];
  return db
    .select()
    .from(supplierMaster)
    .where(and(eq(supplierMaster.elsAccount, elsAccount), or(...any)));
}

export async function insertSupplier(db: Queryable, values: typeof supplierMaster.$inferInsert) {
  const [row] = await db.insert(supplierMaster).values(values).returning();
  return row;
}

export const updateSupplier = (
  db: Queryable,
  elsAccount: string,
  id: string,
  version: number,
  set: Partial<typeof supplierMaster.$inferInsert>,
) => updateVersioned(db, supplierMaster, elsAccount, id, version, set);

// ---------------------------------------------------------------- prices

const priceColumns = {
  price: priceMaster,
  materialName: material.materialName,
  supplierName: supplierMaster.fullName,
};

function priceFrom(db: Queryable) {
  return db
    .select(priceColumns)
    .from(priceMaster)
    .innerJoin(
      material,
      and(eq(material.id, priceMaster.materialId), eq(material.elsAccount, priceMaster.elsAccount)),
    )
    .leftJoin(
      supplierMaster,
      and(
        eq(supplierMaster.elsAccount, priceMaster.elsAccount),
        eq(supplierMaster.toElsAccount, priceMaster.toElsAccount),
      ),
    );
}

export type PriceListRow = { price: PriceRow; materialName: string; supplierName: string | null };

export async function findPricePage(
  db: Queryable,
  elsAccount: string,
  filter: PriceFilter & { offset: number; limit: number },
) {
  const where: SQL[] = [eq(priceMaster.elsAccount, elsAccount)];
  if (filter.materialId) where.push(eq(priceMaster.materialId, filter.materialId));
  if (filter.toElsAccount) where.push(eq(priceMaster.toElsAccount, filter.toElsAccount));
  if (filter.keyword) {
    const kw = escapeLike(filter.keyword);
    where.push(or(ilike(priceMaster.materialNumber, `${kw}%`), ilike(material.materialName, `%${kw}%`))!);
  }
  if (filter.validAt) {
    const at = new Date(filter.validAt);
    where.push(lte(priceMaster.validStartDate, at), gt(priceMaster.priceExpiryDate, at));
  }
  const condition = and(...where);
  const [records, counted] = await Promise.all([
    priceFrom(db)
      .where(condition)
      .orderBy(desc(priceMaster.createDate), desc(priceMaster.id))
      .limit(filter.limit)
      .offset(filter.offset),
    cappedTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(priceMaster)
        .innerJoin(
          material,
          and(eq(material.id, priceMaster.materialId), eq(material.elsAccount, priceMaster.elsAccount)),
        )
        .where(condition),
    ),
  ]);
  return { records: records as PriceListRow[], ...counted };
}

export async function findPrice(db: Queryable, elsAccount: string, id: string): Promise<PriceListRow | null> {
  const rows = await priceFrom(db)
    .where(and(eq(priceMaster.id, id), eq(priceMaster.elsAccount, elsAccount)))
    .limit(1);
  return (rows[0] as PriceListRow | undefined) ?? null;
}

/**
 * The price of `materialId` from supplier `toElsAccount` valid at `at` (validStartDate ≤ at <
 * priceExpiryDate) for buyer `elsAccount`; when several are valid, the one that started last (then the
 * newest). Null when none. Used by the order module to default line prices (issue #5).
 */
export async function findEffectivePrice(
  db: Queryable,
  elsAccount: string,
  toElsAccount: string,
  materialId: string,
  at: Date = nowDate(),
): Promise<PriceRow | null> {
  const rows = await db
    .select()
    .from(priceMaster)
    .where(
      and(
        eq(priceMaster.elsAccount, elsAccount),
        eq(priceMaster.toElsAccount, toElsAccount),
        eq(priceMaster.materialId, materialId),
        lte(priceMaster.validStartDate, at),
        gt(priceMaster.priceExpiryDate, at),
      ),
    )
    .orderBy(desc(priceMaster.validStartDate), desc(priceMaster.createDate))
    .limit(1);
  return rows[0] ?? null;
}

/** Prices of the given materials (for matching import rows). */
export async function findPricesOfMaterials(db: Queryable, elsAccount: string, materialIds: string[]) {
  if (materialIds.length === 0) return [];
  return db
    .select()
    .from(priceMaster)
    .where(and(eq(priceMaster.elsAccount, elsAccount), inArray(priceMaster.materialId, materialIds)));
}

export async function insertPrice(db: Queryable, values: typeof priceMaster.$inferInsert) {
  const [row] = await db.insert(priceMaster).values(values).returning();
  return row;
}

export const updatePrice = (
  db: Queryable,
  elsAccount: string,
  id: string,
  version: number,
  set: Partial<typeof priceMaster.$inferInsert>,
) => updateVersioned(db, priceMaster, elsAccount, id, version, set);

export async function deletePrice(db: Queryable, elsAccount: string, id: string) {
  const rows = await db
    .delete(priceMaster)
    .where(and(eq(priceMaster.id, id), eq(priceMaster.elsAccount, elsAccount)))
    .returning({ id: priceMaster.id });
  return rows.length === 1;
}
