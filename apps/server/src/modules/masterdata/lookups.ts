import type { OrgUnitType } from '@srm/contracts/org-master';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { material, orgUnit } from './tables.ts';

/**
 * What the document kernel asks of the master data (its `masterdata` port, platform/ports.ts; wired in
 * wiring.ts): organisation codes on saves (platform/document/org-codes.ts) and the material categories an
 * approval's conditions read (platform/document/approval-values.ts). Each one query on a unique index.
 */

/** The organisation unit types among `types` the company keeps at least one record of. */
export async function maintainedOrgTypes(
  tx: Queryable,
  elsAccount: string,
  types: OrgUnitType[],
): Promise<Set<OrgUnitType>> {
  if (types.length === 0) return new Set();
  const rows = await tx
    .select({ unitType: orgUnit.unitType })
    .from(orgUnit)
    .where(and(eq(orgUnit.elsAccount, elsAccount), inArray(orgUnit.unitType, types)))
    .groupBy(orgUnit.unitType);
  return new Set(rows.map((r) => r.unitType));
}

/** The enabled records among the asked codes of each type, as `${type}\u0000${code}` keys. */
export async function enabledOrgCodes(
  tx: Queryable,
  elsAccount: string,
  codes: ReadonlyMap<OrgUnitType, ReadonlySet<string>>,
): Promise<Set<string>> {
  const asked = [...codes].filter(([, set]) => set.size > 0);
  if (asked.length === 0) return new Set();
  const rows = await tx
    .select({ unitType: orgUnit.unitType, code: orgUnit.code })
    .from(orgUnit)
    .where(
      and(
        eq(orgUnit.elsAccount, elsAccount),
        eq(orgUnit.status, 'enabled'),
        or(...asked.map(([type, set]) => and(eq(orgUnit.unitType, type), inArray(orgUnit.code, [...set])))),
      ),
    );
  return new Set(rows.map((r) => `${r.unitType}\u0000${r.code}`));
}

/**
 * The category codes (levels 1–3, empty ones left out) of the company's materials named by material number
 * or by id; none named: no query.
 */
export async function materialCategoryCodes(
  tx: Queryable,
  elsAccount: string,
  materials: { numbers: readonly string[]; ids: readonly string[] },
): Promise<string[]> {
  const { numbers, ids } = materials;
  if (numbers.length === 0 && ids.length === 0) return [];
  const rows = await tx
    .select({ c1: material.cateCode1, c2: material.cateCode2, c3: material.cateCode3 })
    .from(material)
    .where(
      and(
        eq(material.elsAccount, elsAccount),
        or(
          numbers.length > 0 ? inArray(material.materialNumber, [...numbers]) : undefined,
          ids.length > 0 ? inArray(material.id, [...ids]) : undefined,
        ),
      ),
    );
  return rows.flatMap((m) => [m.c1, m.c2, m.c3]).filter((c): c is string => !!c);
}
