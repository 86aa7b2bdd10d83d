import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { BASE_PATH } from './base-path.ts';

/** Where a stored item lives: `localStorage` (survives restarts) or `sessionStorage` (this tab only). */
export type StoreKind = 'local' | 'session';

/**
 * Stored item wrapper of spec 000 §3: dataType, content, type, datetime, plus an optional timer in
 * minutes after which the item counts as absent.
 */
export type StoredItem = {
  dataType: string;
  content: unknown;
  type: StoreKind;
  datetime: number;
  expireMin?: number;
};

const PREFIX = 'srm-';

/**
 * The browser-storage key of a stored item (issue #19, BASE_PATH): two installations on one origin
 * (`/srm/` and `/test/`) share localStorage and sessionStorage, so every key carries the installation's
 * base path. At the root the key is today's `srm-{name}` (existing users keep their session, tabs and
 * settings); under a base path it is `{base}:srm-{name}` (`/srm:srm-auth`). Every read and write of the
 * portal's storage goes through this module; portal/index.html's boot script and ModuleAppFrame's storage
 * listener build the same keys.
 */
export function storageKey(name: string, base: string = BASE_PATH): string {
  return base ? `${base}:${PREFIX}${name}` : PREFIX + name;
}

function area(kind: StoreKind): Storage {
  return kind === 'session' ? window.sessionStorage : window.localStorage;
}

function isStoredItem(value: unknown): value is StoredItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.dataType === 'string' &&
    'content' in v &&
    (v.type === 'local' || v.type === 'session') &&
    typeof v.datetime === 'number' &&
    (v.expireMin === undefined || typeof v.expireMin === 'number')
  );
}

/**
 * Stores `content` under `name`, wrapped with its type and time (spec 000 §3 "stored item wrapper"), in
 * this installation's keys (`base` as in `storageKey`, default this page's base path).
 */
export function setStore(
  name: string,
  content: unknown,
  options: { type?: StoreKind; expireMin?: number; now?: number; base?: string } = {},
): void {
  const type = options.type ?? 'local';
  const item: StoredItem = {
    dataType: Array.isArray(content) ? 'array' : content === null ? 'null' : typeof content,
    content,
    type,
    datetime: options.now ?? Date.now(),
    ...(options.expireMin !== undefined ? { expireMin: options.expireMin } : {}),
  };
  area(type).setItem(storageKey(name, options.base), JSON.stringify(item));
}

/**
 * Reads a stored item (spec 000 §3) of this installation (`base` as in `storageKey`). Invalid stored data is removed; an item whose timer in minutes has
 * run out is removed and reads as undefined.
 */
export function getStore<T>(
  name: string,
  options: { type?: StoreKind; now?: number; base?: string } = {},
): T | undefined {
  const storage = area(options.type ?? 'local');
  const key = storageKey(name, options.base);
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    storage.removeItem(key);
    return undefined;
  }
  if (!isStoredItem(parsed)) {
    storage.removeItem(key);
    return undefined;
  }
  if (parsed.expireMin !== undefined) {
    const now = options.now ?? Date.now();
    if (now - parsed.datetime > parsed.expireMin * 60_000) {
      storage.removeItem(key);
      return undefined;
    }
  }
  return parsed.content as T;
}

/** Removes one stored item (spec 000 §3); `base` as in `storageKey`. */
export function removeStore(name: string, type: StoreKind = 'local', base: string = BASE_PATH): void {
  area(type).removeItem(storageKey(name, base));
}

/** Zustand persist adapter that keeps a store inside the wrapper above (spec 000 §3). */
export function wrappedStorage<S>(type: StoreKind, expireMin?: number): PersistStorage<S> {
  return {
    getItem: (name) => getStore<StorageValue<S>>(name, { type }) ?? null,
    setItem: (name, value) => setStore(name, value, { type, expireMin }),
    removeItem: (name) => removeStore(name, type),
  };
}
