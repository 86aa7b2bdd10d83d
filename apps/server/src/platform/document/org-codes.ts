import { DATA_ITEM_LABELS, type DataItem } from '@srm/contracts/data-permission';
import { type OrgUnitType, orgUnitTypeOfItem } from '@srm/contracts/org-master';
import type { Queryable } from '../db.ts';
import { AppError } from '../errors.ts';
import { port } from '../ports.ts';

/**
 * Organisation codes on document saves (issue #19, "document saves check their organisation codes against
 * the masters"): a purchase organisation, purchase group, factory or cost centre a document carries must be
 * an **enabled** record of the company's organisation master data (modules/masterdata/org-units.ts) — but
 * only for an item the company maintains (it has at least one record of that type), so a company that keeps
 * no organisation masters is not blocked. A value the document already holds may stay when it was disabled
 * meanwhile (an edit of something else does not force a new factory: what "disabled — kept where used"
 * promises); an empty value is not checked (whether one is required is the kind's rule).
 */

/** One organisation value of a save: the item, the field naming it in the error, the value. */
export type OrgCodeValue = {
  item: DataItem;
  /** The body field to name in the error: `body.purchaseOrganization`, `body.lines.2.factory` … */
  field: string;
  value: unknown;
  /** The value this place held before the save (an edit): kept as it is, it is not checked again. */
  previous?: unknown;
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * Throws '400' `rule.orgCodeNotEnabled` (naming the field, the value and the item in the caller's
 * language) for the first value that is not an enabled organisation master record of `elsAccount`, among
 * the items the company maintains. Two small queries on the unique index (els_account, unit_type, code),
 * none when no value is given. Non-organisation items (supplier, material category) are ignored.
 */
export async function assertOrgCodes(
  tx: Queryable,
  elsAccount: string,
  values: readonly OrgCodeValue[],
): Promise<void> {
  const checks = values.flatMap((v) => {
    const type = orgUnitTypeOfItem(v.item);
    const code = text(v.value);
    if (!type || !code || code === text(v.previous)) return [];
    return [{ ...v, type, code }];
  });
  if (checks.length === 0) return;
  const types = [...new Set(checks.map((c) => c.type))];
  const masterdata = port('masterdata');
  const maintained = await masterdata.maintainedOrgTypes(tx, elsAccount, types);
  const wanted = checks.filter((c) => maintained.has(c.type));
  if (wanted.length === 0) return;
  const byType = new Map<OrgUnitType, Set<string>>();
  for (const c of wanted) byType.set(c.type, (byType.get(c.type) ?? new Set()).add(c.code));
  const enabled = await masterdata.enabledOrgCodes(tx, elsAccount, byType);
  const bad = wanted.find((c) => !enabled.has(`${c.type}\u0000${c.code}`));
  if (bad)
    throw new AppError(
      '400',
      'rule.orgCodeNotEnabled',
      { field: bad.field, value: bad.code },
      null,
      (locale) => ({
        item: DATA_ITEM_LABELS[bad.item][locale],
      }),
    );
}

/**
 * The organisation values of a kernel save: the header columns and line columns the kind maps to the four
 * organisation items (its `dataPermission` / `lineDataPermission`), each with the value the document held
 * before (lines: the line at the same position).
 */
export function orgCodeValuesOf(
  fields: { header: Partial<Record<DataItem, string>>; lines: Partial<Record<DataItem, string>> },
  header: Record<string, unknown>,
  lines: ReadonlyArray<Record<string, unknown>>,
  current: Record<string, unknown> | null,
  currentLines: ReadonlyArray<Record<string, unknown>>,
): OrgCodeValue[] {
  const out: OrgCodeValue[] = [];
  for (const [item, column] of Object.entries(fields.header) as Array<[DataItem, string]>)
    if (orgUnitTypeOfItem(item))
      out.push({ item, field: `body.${column}`, value: header[column], previous: current?.[column] });
  for (const [item, column] of Object.entries(fields.lines) as Array<[DataItem, string]>)
    if (orgUnitTypeOfItem(item))
      for (const [i, line] of lines.entries()) {
        const held = new Set(currentLines.map((l) => text(l[column])).filter(Boolean));
        const value = text(line[column]);
        out.push({
          item,
          field: `body.lines.${i}.${column}`,
          value,
          previous: value && held.has(value) ? value : undefined,
        });
      }
  return out;
}
