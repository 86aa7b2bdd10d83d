import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

/**
 * Login throttling per account and per client address (issue #2, DESIGN §2): a fixed window of 60 s.
 * Counters live in process memory: with several server processes each process limits on its own
 * (docs/security.md says how to move them to PostgreSQL or Redis).
 */
export function createLoginLimiter(options: { perAccount: number; perIp: number }) {
  const byAccount = new RateLimiterMemory({ keyPrefix: 'acct', points: options.perAccount, duration: 60 });
  const byIp = new RateLimiterMemory({ keyPrefix: 'ip', points: options.perIp, duration: 60 });
  const tooMany = (res: unknown) => {
    const seconds = res instanceof RateLimiterRes ? Math.ceil(res.msBeforeNext / 1000) : 60;
    return new AppError('429', 'tooManyAttempts', { seconds });
  };
  // Failed logins of account pairs that do not exist, so that they ask for a captcha exactly like real
  // accounts do: otherwise the captcha would tell an outsider which accounts exist.
  const unknownFailures = new LRUCache<string, number>({ max: 100_000, ttl: 30 * 60_000 });
  return {
    /** Consecutive failures recorded for an account pair that does not exist. */
    unknownFailures: (accountKey: string) => unknownFailures.get(accountKey.toLowerCase()) ?? 0,
    /** Counts one more failure for an account pair that does not exist; returns the new count. */
    recordUnknownFailure(accountKey: string): number {
      const key = accountKey.toLowerCase();
      const next = (unknownFailures.get(key) ?? 0) + 1;
      unknownFailures.set(key, next);
      return next;
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
