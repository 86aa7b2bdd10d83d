import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { company, subaccount } from '../account/tables.ts';
import { personalTableConfig, systemSetting } from './tables.ts';

export async function findSettings(
  db: Queryable,
  elsAccount: string,
  setGroupCode?: string,
  setCode?: string,
) {
  return db
    .select({
      setGroupCode: systemSetting.setGroupCode,
      setCode: systemSetting.setCode,
      setValue: systemSetting.setValue,
    })
    .from(systemSetting)
    .where(
      and(
        eq(systemSetting.elsAccount, elsAccount),
        setGroupCode ? eq(systemSetting.setGroupCode, setGroupCode) : undefined,
        setCode ? eq(systemSetting.setCode, setCode) : undefined,
      ),
    )
    .orderBy(asc(systemSetting.setGroupCode), asc(systemSetting.setCode));
}

export async function upsertSettings(
  db: Queryable,
  elsAccount: string,
  setGroupCode: string,
  rows: Array<{ setCode: string; setValue: string }>,
  user: string,
) {
  for (const row of rows) {
    await db
      .insert(systemSetting)
      .values({
        elsAccount,
        setGroupCode,
        setCode: row.setCode,
        setValue: row.setValue,
        lastUpdateUser: user,
      })
      .onConflictDoUpdate({
        target: [systemSetting.elsAccount, systemSetting.setGroupCode, systemSetting.setCode],
        set: { setValue: row.setValue, lastUpdateUser: user, lastUpdateDate: sql`now()` },
      });
  }
}

/** The company whose login page is shown when none is named: the oldest buying company. */
export async function findPortalOwner(db: Queryable): Promise<string | null> {
  const rows = await db
    .selectDistinct({ elsAccount: company.elsAccount, createDate: company.createDate })
    .from(company)
    .innerJoin(subaccount, eq(subaccount.elsAccount, company.elsAccount))
    .where(eq(subaccount.station, 'purchase'))
    .orderBy(asc(company.createDate), asc(company.elsAccount))
    .limit(1);
  return rows[0]?.elsAccount ?? null;
}

export type TableConfigKey = {
  elsAccount: string;
  elsSubAccount: string;
  toElsAccount: string;
  configType?: string;
};

export async function findTableConfigs(db: Queryable, key: TableConfigKey) {
  return db
    .select()
    .from(personalTableConfig)
    .where(
      and(
        eq(personalTableConfig.elsAccount, key.elsAccount),
        eq(personalTableConfig.elsSubAccount, key.elsSubAccount),
        eq(personalTableConfig.toElsAccount, key.toElsAccount),
        key.configType ? eq(personalTableConfig.configType, key.configType) : undefined,
      ),
    )
    .orderBy(asc(personalTableConfig.configType));
}

/** Inserts a config row, or updates it at a known version; null when the version moved on. */
export async function saveTableConfig(
  db: Queryable,
  key: Required<TableConfigKey>,
  configJson: unknown,
  version: number | undefined,
) {
  const [existing] = await findTableConfigs(db, key);
  if (!existing) {
    const [row] = await db
      .insert(personalTableConfig)
      .values({ ...key, configJson })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }
  if (version === undefined || version !== existing.version) return null;
  const [row] = await db
    .update(personalTableConfig)
    .set({ configJson, version: sql`${personalTableConfig.version} + 1`, lastUpdateDate: sql`now()` })
    .where(and(eq(personalTableConfig.uuid, existing.uuid), eq(personalTableConfig.version, version)))
    .returning();
  return row ?? null;
}
