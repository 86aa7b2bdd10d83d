import { findTableConfig, saveTableConfig, type TableConfigRow } from './portal-api.ts';
import { onSessionCleared } from './session.ts';

/**
 * Table lists loaded on start (spec 000 §2 Layout "On start the shell sets the size class, loads
 * dictionaries, table lists …"; §3 personal table config rows): every personal table configuration of the
 * signed-in user (POST /apis/ElsLayoutConfigService/findPageList without configType) is read in one call
 * when the shell starts, and every list (DataTable: column order and visibility per user, keyed by its
 * tableId = configType) takes its row from there instead of asking per table. Module apps in the shell's
 * frames (same origin) share the shell's copy through the top window; a module app opened on its own loads
 * its own copy once. A save updates the shared copy, so a list opened later shows it.
 */

/** The signed-in user whose rows are cached: `{elsAccount}_{elsSubAccount}`. */
type User = { elsAccount: string; elsSubAccount: string };
type Cache = {
  owner: string | null;
  rows: Map<string, TableConfigRow> | null;
  loading: Promise<Map<string, TableConfigRow>> | null;
};

const KEY = '__srmTableConfigs';

/** The cache of the top window when it is the same portal (a module frame), else this window's. */
function cache(): Cache {
  let host: Window = window;
  try {
    if (window.top && window.top !== window && window.top.location.origin === window.location.origin)
      host = window.top;
  } catch {
    // A top window of another origin: this window keeps its own copy.
  }
  const holder = host as unknown as Record<string, Cache | undefined>;
  holder[KEY] ??= { owner: null, rows: null, loading: null };
  return holder[KEY];
}

const ownerOf = (user: User) => `${user.elsAccount}_${user.elsSubAccount}`;

/**
 * Loads the user's table configurations once (one call; a second caller waits for the same answer).
 * Another user's copy is dropped first. A failure is not cached: the next caller asks again.
 */
export function loadTableConfigs(user: User): Promise<Map<string, TableConfigRow>> {
  const c = cache();
  if (c.owner !== ownerOf(user)) Object.assign(c, { owner: ownerOf(user), rows: null, loading: null });
  if (c.rows) return Promise.resolve(c.rows);
  if (c.loading) return c.loading;
  const owner = c.owner;
  const loading = findTableConfig(user.elsAccount, user.elsSubAccount)
    .then((rows) => {
      const map = new Map(rows.map((r) => [r.configType, r]));
      if (c.owner === owner) Object.assign(c, { rows: map, loading: null });
      return map;
    })
    .catch((e) => {
      if (c.loading === loading) c.loading = null;
      throw e;
    });
  c.loading = loading;
  return loading;
}

/** The user's configuration of one table (its tableId), from the copy loaded on start; none: undefined. */
export async function tableConfigOf(user: User, configType: string): Promise<TableConfigRow | undefined> {
  return (await loadTableConfigs(user)).get(configType);
}

/**
 * Saves a table's configuration (optimistic locking: `version` of the row read; none for a first save) and
 * keeps the answer in the shared copy. On '409' (the row changed meanwhile, e.g. in another tab) the row is
 * read again and the save retried once with its version.
 */
export async function saveTableConfigOf(
  user: User,
  configType: string,
  configJson: unknown,
  isStale: (e: unknown) => boolean,
): Promise<TableConfigRow> {
  const body = { elsAccount: user.elsAccount, elsSubAccount: user.elsSubAccount, configType, configJson };
  const current = await tableConfigOf(user, configType).catch(() => undefined);
  let row: TableConfigRow;
  try {
    row = await saveTableConfig({ ...body, version: current?.version });
  } catch (e) {
    if (!isStale(e)) throw e;
    const [latest] = await findTableConfig(user.elsAccount, user.elsSubAccount, configType);
    row = await saveTableConfig({ ...body, version: latest?.version });
  }
  const c = cache();
  if (c.owner === ownerOf(user)) {
    c.rows ??= new Map();
    c.rows.set(configType, row);
  }
  return row;
}

/** Drops the copy (sign-out: the next user loads their own). */
export function resetTableConfigs(): void {
  Object.assign(cache(), { owner: null, rows: null, loading: null });
}

onSessionCleared(resetTableConfigs);
