import { DICTIONARIES, type DictionaryAdminRow } from '@srm/contracts/dictionaries';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { dictOverride } from './tables.ts';

/**
 * An entry as GET /apis/DictService/findAll serves it: the label in each language and, only when the
 * company disabled it, `disabled: 'Y'` (pickers hide it; labels of documents holding it still show).
 */
export type ServedEntry = { zh_cn: string; en: string; disabled?: 'Y' };
export type ServedDictionaries = Record<string, Record<string, ServedEntry>>;

const PLATFORM = DICTIONARIES as unknown as Record<string, Record<string, { zh_cn: string; en: string }>>;

/** Longest override label (characters). */
export const DICT_LABEL_MAX = 50;

/** Whether `code`/`value` is an entry of the platform dictionaries (the only ones a company may override). */
export function isKnownEntry(code: string, value: string): boolean {
  return Object.hasOwn(PLATFORM, code) && Object.hasOwn(PLATFORM[code], value);
}

/** The codes of the platform dictionaries, in their order. */
export const DICTIONARY_CODES: readonly string[] = Object.keys(PLATFORM);

/** The values of one platform dictionary. */
export function dictionaryValues(code: string): string[] {
  return Object.keys(PLATFORM[code] ?? {});
}

/**
 * Merged dictionaries per company, kept for CACHE_MS in this process and dropped at once when this process
 * saves an override; another process serves a save within CACHE_MS (the overrides are labels, not rules).
 */
const CACHE_MS = 10_000;
const cache = new Map<string, { at: number; dicts: ServedDictionaries }>();

/** Drops the cached dictionaries of one company (after a save) or of all (tests). */
export function invalidateDictionaries(elsAccount?: string): void {
  if (elsAccount === undefined) cache.clear();
  else cache.delete(elsAccount);
}

async function findOverrides(db: Queryable, elsAccount: string) {
  return db.select().from(dictOverride).where(eq(dictOverride.elsAccount, elsAccount));
}

/**
 * The platform dictionaries with `elsAccount`'s overrides applied (null: the platform defaults, as
 * suppliers see them): same shape as DICTIONARIES, plus `disabled: 'Y'` on disabled entries. Cached.
 */
export async function mergedDictionaries(
  db: Queryable,
  elsAccount: string | null,
): Promise<ServedDictionaries> {
  if (elsAccount === null) return PLATFORM;
  const hit = cache.get(elsAccount);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.dicts;
  const overrides = await findOverrides(db, elsAccount);
  let dicts: ServedDictionaries = PLATFORM;
  if (overrides.length > 0) {
    dicts = Object.fromEntries(
      Object.entries(PLATFORM).map(([code, entries]) => [code, { ...entries }]),
    ) as ServedDictionaries;
    for (const o of overrides) {
      const base = dicts[o.dictCode]?.[o.dictValue];
      if (!base) continue; // a value removed from the platform since: ignored
      dicts[o.dictCode][o.dictValue] = {
        zh_cn: o.labelZhCn ?? base.zh_cn,
        en: o.labelEn ?? base.en,
        ...(o.enabled ? {} : { disabled: 'Y' as const }),
      };
    }
  }
  cache.set(elsAccount, { at: Date.now(), dicts });
  return dicts;
}

/** Every platform entry with the company's overrides, for the admin page (code order, then value order). */
export async function dictionaryAdminRows(db: Queryable, elsAccount: string): Promise<DictionaryAdminRow[]> {
  const saved = new Map(
    (await findOverrides(db, elsAccount)).map((o) => [`${o.dictCode}\u0000${o.dictValue}`, o]),
  );
  return Object.entries(PLATFORM).flatMap(([code, entries]) =>
    Object.entries(entries).map(([value, labels]) => {
      const o = saved.get(`${code}\u0000${value}`);
      return {
        code,
        value,
        defaultZhCn: labels.zh_cn,
        defaultEn: labels.en,
        zhCn: o?.labelZhCn ?? null,
        en: o?.labelEn ?? null,
        enabled: o?.enabled ?? true,
        version: o?.version ?? null,
      };
    }),
  );
}

export type OverrideInput = {
  code: string;
  value: string;
  zhCn: string | null;
  en: string | null;
  enabled: boolean;
  version?: number;
};

/**
 * Saves one entry's override (the caller checked code, value and labels): the first save (no version)
 * inserts, a later one updates the row of that version; an override back to the platform defaults (no
 * labels, enabled) deletes the row. Answers the admin row, or null when the version is stale or a row
 * appeared meanwhile ('409' for the caller).
 */
export async function saveOverride(
  tx: Queryable,
  elsAccount: string,
  input: OverrideInput,
  user: string,
): Promise<DictionaryAdminRow | null> {
  const key = and(
    eq(dictOverride.elsAccount, elsAccount),
    eq(dictOverride.dictCode, input.code),
    eq(dictOverride.dictValue, input.value),
  );
  const isDefault = input.zhCn === null && input.en === null && input.enabled;
  const base = PLATFORM[input.code][input.value];
  const answer = (
    row: { labelZhCn: string | null; labelEn: string | null; enabled: boolean; version: number } | null,
  ) => ({
    code: input.code,
    value: input.value,
    defaultZhCn: base.zh_cn,
    defaultEn: base.en,
    zhCn: row?.labelZhCn ?? null,
    en: row?.labelEn ?? null,
    enabled: row?.enabled ?? true,
    version: row?.version ?? null,
  });
  if (input.version === undefined) {
    if (isDefault) {
      const [existing] = await tx.select({ v: dictOverride.version }).from(dictOverride).where(key);
      return existing ? null : answer(null);
    }
    const [row] = await tx
      .insert(dictOverride)
      .values({
        elsAccount,
        dictCode: input.code,
        dictValue: input.value,
        labelZhCn: input.zhCn,
        labelEn: input.en,
        enabled: input.enabled,
        lastUpdateUser: user,
      })
      .onConflictDoNothing()
      .returning();
    return row ? answer(row) : null;
  }
  if (isDefault) {
    const [row] = await tx
      .delete(dictOverride)
      .where(and(key, eq(dictOverride.version, input.version)))
      .returning({ version: dictOverride.version });
    return row ? answer(null) : null;
  }
  const [row] = await tx
    .update(dictOverride)
    .set({
      labelZhCn: input.zhCn,
      labelEn: input.en,
      enabled: input.enabled,
      lastUpdateUser: user,
      lastUpdateDate: sql`now()`,
      version: sql`${dictOverride.version} + 1`,
    })
    .where(and(key, eq(dictOverride.version, input.version)))
    .returning();
  return row ? answer(row) : null;
}
