import { LRUCache } from 'lru-cache';
import type { LiveSession } from '../modules/auth/repository.ts';

/**
 * A short-lived read cache of live sessions, so a protected call does not hit the database every time
 * (issue #7: an authenticated trivial call at ≥ 50% of a bare route). The database stays the truth:
 * entries live `ttlMs` (5 s) at most, and this process drops them at once when it revokes a session.
 * Another process on the same database may honour a revoked token for up to `ttlMs` (ARCHITECTURE.md).
 */
export function createSessionCache(options: { ttlMs: number; max?: number }) {
  const cache = new LRUCache<string, LiveSession>({ max: options.max ?? 50_000, ttl: options.ttlMs });
  return {
    get: (sessionId: string) => cache.get(sessionId),
    set: (sessionId: string, session: LiveSession) => {
      if (options.ttlMs > 0) cache.set(sessionId, session);
    },
    /** Forgets one session (logout, refresh-token reuse). */
    forgetSession: (sessionId: string) => cache.delete(sessionId),
    /** Forgets every cached session of a user (password change, account disabled). */
    forgetUser(subaccountId: string) {
      for (const [key, value] of cache.entries()) if (value.subaccountId === subaccountId) cache.delete(key);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
