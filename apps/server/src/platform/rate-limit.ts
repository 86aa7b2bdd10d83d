import type { Redis } from 'ioredis';
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

/** How long failed logins of an account pair that does not exist are remembered (s). */
const UNKNOWN_FAILURES_WINDOW_S = 30 * 60;

/**
 * Where the counters of every limiter live (issue #18), by precedence: Redis when `REDIS_URL` is set
 * (with any database), else PostgreSQL's `rate_limit` table when the database is PostgreSQL, else process
 * memory (PGlite, which is single-process by nature).
 */
export type RateLimitStore = { redis?: Redis | null; pool?: pg.Pool | null };

/** Which store the limiters use with these clients: 'redis' > 'postgres' > 'memory'. */
export function rateLimitStoreKind(store: RateLimitStore): 'redis' | 'postgres' | 'memory' {
  return store.redis ? 'redis' : store.pool ? 'postgres' : 'memory';
}

/**
 * One fixed-window limiter of `points` per `duration` seconds under `keyPrefix`, in the store chosen by
 * `rateLimitStoreKind`. On Redis (`RateLimiterRedis` with the process's ioredis client, whose offline
 * queue is off) an error of Redis — down, unreachable, not ready — does not fail the request: the
 * library's `insuranceLimiter`, a memory limiter with the same limits, counts in this process until Redis
 * answers again (each process then limits on its own). On PostgreSQL a database error is thrown (the
 * request fails anyway without its database).
 */
function makeLimiter(
  store: RateLimitStore,
  keyPrefix: string,
  points: number,
  duration: number,
): RateLimiterAbstract {
  if (store.redis)
    return new RateLimiterRedis({
      storeClient: store.redis,
      // ioredis, not the `redis` package (the library's option; it would also detect it).
      useRedisPackage: false,
      // Fail over to the insurance limiter at once while the connection is not ready.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
      keyPrefix,
      points,
      duration,
    });
  if (store.pool)
    return new RateLimiterPostgres({
      storeClient: store.pool,
      storeType: 'pool',
      tableName: 'rate_limit',
      // Created by the migrations (0034): no CREATE TABLE race between processes starting at once.
      tableCreated: true,
      // Expired rows are pruned by the retention job (platform/retention.ts), once per round.
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration,
    });
  return new RateLimiterMemory({ keyPrefix, points, duration });
}

/**
 * Login, unlock and SMS throttling per account and per client address (issue #2, DESIGN §2): a fixed
 * window of 60 s, with `rate-limiter-flexible`.
 *
 * - With `redis` (REDIS_URL set) the counters live in Redis (keys `<REDIS_KEY_PREFIX>acct:…`, `ip:…`,
 *   `unknown:…`), so every server process counts against one limit, whatever the database (issue #18).
 *   Redis errors fall back to a per-process memory count (see makeLimiter).
 * - Else on PostgreSQL (`pool` given) they live in the `rate_limit` table (the library's Postgres
 *   store, one atomic upsert per count), shared by every process as well.
 * - Else (PGlite) they live in process memory: PGlite is single-process by nature (one process owns the
 *   data folder), so one process's memory is the whole system.
 *
 * The unknown-account failure count (failed logins of account pairs that do not exist, so that they ask
 * for a captcha at the same attempt as real accounts — whose count is `subaccount.failed_login_count`,
 * in the database) lives in the same store, so a missing and an existing account look alike on every
 * process. Errors: `consume` throws a '429' AppError (`tooManyAttempts`, seconds to wait).
 */
export function createLoginLimiter(options: { perAccount: number; perIp: number } & RateLimitStore) {
  const make = (keyPrefix: string, points: number, duration: number) =>
    makeLimiter(options, keyPrefix, points, duration);
  const byAccount = make('acct', options.perAccount, 60);
  const byIp = make('ip', options.perIp, 60);
  const unknown = make('unknown', 1_000_000, UNKNOWN_FAILURES_WINDOW_S);
  const tooMany = (res: unknown) => {
    if (!(res instanceof RateLimiterRes)) throw res; // a store error, not a limit
    return new AppError('429', 'tooManyAttempts', {
      seconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    });
  };
  return {
    /** Consecutive failures recorded for an account pair that does not exist (last 30 min). */
    async unknownFailures(accountKey: string): Promise<number> {
      return (await unknown.get(accountKey.toLowerCase()))?.consumedPoints ?? 0;
    },
    /** Counts one more failure for an account pair that does not exist; returns the new count. */
    async recordUnknownFailure(accountKey: string): Promise<number> {
      return (await unknown.consume(accountKey.toLowerCase())).consumedPoints;
    },
    /** Counts one attempt; throws a '429' AppError once the account or the address is over its limit. */
    async consume(accountKey: string, ip: string): Promise<void> {
      try {
        await byIp.consume(ip);
      } catch (res) {
        throw tooMany(res);
      }
      try {
        await byAccount.consume(accountKey.toLowerCase());
      } catch (res) {
        throw tooMany(res);
      }
    },
    /** Forgets an account's count after a successful login. */
    async reset(accountKey: string): Promise<void> {
      await byAccount.delete(accountKey.toLowerCase());
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/**
 * Calls per minute per API key (issue #18), in the same store as the login limits (Redis when REDIS_URL
 * is set, else PostgreSQL's `rate_limit` table on PostgreSQL — so every process counts against one
 * limit — else memory on PGlite). `consume` throws a '429' AppError naming the seconds to wait.
 */
export function createApiKeyLimiter(options: { perMinute: number } & RateLimitStore) {
  const limiter = makeLimiter(options, 'apikey', options.perMinute, 60);
  return {
    async consume(keyId: string): Promise<void> {
      try {
        await limiter.consume(keyId);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        throw new AppError('429', 'tooManyAttempts', {
          seconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
        });
      }
    },
  };
}
export type ApiKeyLimiter = ReturnType<typeof createApiKeyLimiter>;
