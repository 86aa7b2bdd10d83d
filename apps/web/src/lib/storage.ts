import type { PersistStorage, StorageValue } from 'zustand/middleware';

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

/** Stores `content` under `name`, wrapped with its type and time (spec 000 §3 "stored item wrapper"). */
export function setStore(
  name: string,
  content: unknown,
  options: { type?: StoreKind; expireMin?: number; now?: number } = {},
): void {
  const type = options.type ?? 'local';
  const item: StoredItem = {
    dataType: Array.isArray(content) ? 'array' : content === null ? 'null' : typeof content,
    content,
    type,
    datetime: options.now ?? Date.now(),
    ...(options.expireMin !== undefined ? { expireMin: options.expireMin } : {}),
  };
  area(type).setItem(PREFIX + name, JSON.stringify(item));
}

/**
 * Reads a stored item (spec 000 §3). Invalid stored data is removed; an item whose timer in minutes has
 * run out is removed and reads as undefined.
 */
export function getStore<T>(name: string, options: { type?: StoreKind; now?: number } = {}): T | undefined {
  const storage = area(options.type ?? 'local');
  const raw = storage.getItem(PREFIX + name);
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    storage.removeItem(PREFIX + name);
    return undefined;
  }
  if (!isStoredItem(parsed)) {
    storage.removeItem(PREFIX + name);
    return undefined;
  }
  if (parsed.expireMin !== undefined) {
    const now = options.now ?? Date.now();
    if (now - parsed.datetime > parsed.expireMin * 60_000) {
      storage.removeItem(PREFIX + name);
      return undefined;
    }
  }
  return parsed.content as T;
}

/** Removes one stored item (spec 000 §3). */
export function removeStore(name: string, type: StoreKind = 'local'): void {
  area(type).removeItem(PREFIX + name);
}

/** Zustand persist adapter that keeps a store inside the wrapper above (spec 000 §3). */
export function wrappedStorage<S>(type: StoreKind, expireMin?: number): PersistStorage<S> {
  return {
    getItem: (name) => getStore<StorageValue<S>>(name, { type }) ?? null,
    setItem: (name, value) => setStore(name, value, { type, expireMin }),
    removeItem: (name) => removeStore(name, type),
  };
}
