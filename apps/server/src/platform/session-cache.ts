import type { DataScope } from '@srm/contracts/data-permission';
import { LRUCache } from 'lru-cache';
import { type ClusterBus, createLocalBus } from './cluster-bus.ts';

/** A live session and its user as the cache holds it (modules/auth reads it from the database). */
export type LiveSession = {
  subaccountId: string;
  elsAccount: string;
  elsSubAccount: string;
  station: 'purchase' | 'sale';
  permission: string;
  /** The user's data permission values per item (issue #19), cached with the session. */
  dataScope: DataScope;
};

/**
 * A short-lived read cache of live sessions, so a protected call does not hit the database every time
 * (issue #7: an authenticated trivial call at ≥ 50% of a bare route). The database stays the truth:
 * entries live `ttlMs` (5 s) at most, and a revocation drops them at once — in this process directly and
 * in every other process on the same PostgreSQL database through the cluster bus (LISTEN/NOTIFY,
 * platform/cluster-bus.ts; issue #18), within milliseconds. Should a message be lost (the listening
 * connection dropped), the bus drops the whole cache on reconnect, and `ttlMs` bounds the rest.
 *
 * `listen(fn)` lets other per-user caches (the menu tree) follow the same invalidations.
 */
export function createSessionCache(options: { ttlMs: number; max?: number; bus?: ClusterBus }) {
  const bus = options.bus ?? createLocalBus();
  const cache = new LRUCache<string, LiveSession>({ max: options.max ?? 50_000, ttl: options.ttlMs });
  // Bumped by every invalidation: a session read from the database before it must not be cached after it.
  let epoch = 0;
  type Forget = { session?: string; user?: string; all?: boolean };
  const listeners: Array<(forget: Forget) => void> = [];
  const apply = (forget: Forget) => {
    epoch++;
    if (forget.all) cache.clear();
    if (forget.session) cache.delete(forget.session);
    if (forget.user)
      for (const [key, value] of cache.entries()) if (value.subaccountId === forget.user) cache.delete(key);
    for (const listener of listeners) listener(forget);
  };
  bus.on('forget', (payload) => apply(payload as Forget));
  bus.onReconnected(() => apply({ all: true }));
  const forget = (what: Forget) => {
    apply(what);
    void bus.publish('forget', what);
  };
  return {
    get: (sessionId: string) => cache.get(sessionId),
    /** The invalidation count now; pass it to `set` for a session read from the database after this. */
    epoch: () => epoch,
    /** Caches a session read from the database, unless an invalidation came since `readAt` (an epoch). */
    set: (sessionId: string, session: LiveSession, readAt?: number) => {
      if (options.ttlMs > 0 && (readAt === undefined || readAt === epoch)) cache.set(sessionId, session);
    },
    /** Forgets one session (logout, refresh-token reuse) in every process. */
    forgetSession: (sessionId: string) => forget({ session: sessionId }),
    /** Forgets every cached session of a user (password change, account disabled, roles) everywhere. */
    forgetUser: (subaccountId: string) => forget({ user: subaccountId }),
    /** Forgets everything cached (menu or role changes that touch many users) in every process. */
    forgetAll: () => forget({ all: true }),
    /** Follows every invalidation, local or from another process. */
    listen(listener: (forget: Forget) => void) {
      listeners.push(listener);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
