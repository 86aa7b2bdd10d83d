import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { AppError } from '../src/platform/errors.ts';
import { createApiKeyLimiter, rateLimitStoreKind } from '../src/platform/rate-limit.ts';
import { closeRedis, connectRedis } from '../src/platform/redis.ts';
import { createTestServer, type TestServer } from './helpers.ts';

/**
 * Rate limits in Redis when REDIS_URL is set (issue #18). The shared-store tests run when
 * REDIS_TEST_URL names a Redis (CI sets it when one answers on 127.0.0.1:6379). Two servers are
 * started, each with its own database (on PGlite two in-memory ones, on PostgreSQL two databases) and
 * its own Redis client — so whatever they share, they share through Redis only. Every key lives under a
 * random REDIS_KEY_PREFIX and only those keys are deleted afterwards.
 */
const redisUrl = process.env.REDIS_TEST_URL;
const prefix = `srm-test-${randomBytes(6).toString('hex')}:`;

describe('REDIS_URL configuration', () => {
  it('refuses a REDIS_URL that is not redis:// or rediss://, naming the variable', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: REDIS_URL must start with redis:\/\/ or rediss:\/\//,
    );
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ REDIS_URL: 'rediss://u:p@cache.example.com:6380/2' }).REDIS_URL).toBe(
      'rediss://u:p@cache.example.com:6380/2',
    );
  });

  it('fails start-up with a message naming REDIS_URL (password hidden) when Redis does not answer', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const attempt = connectRedis({ url: 'redis://user:secret@127.0.0.1:1', keyPrefix: prefix });
    await expect(attempt).rejects.toThrow(
      /^REDIS_URL: cannot connect to Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1:1/,
    );
    await expect(attempt).rejects.toThrow(/ECONNREFUSED/); // the cause, not only "connection closed"
    await expect(attempt).rejects.not.toThrow(/secret/);
  });

  it('picks Redis over PostgreSQL over memory', () => {
    const redis = {} as Redis;
    const pool = {} as never;
    expect(rateLimitStoreKind({ redis, pool })).toBe('redis');
    expect(rateLimitStoreKind({ redis: null, pool })).toBe('postgres');
    expect(rateLimitStoreKind({ redis: null, pool: null })).toBe('memory');
  });
});

describe.skipIf(!redisUrl)('rate limits shared through Redis (REDIS_TEST_URL)', () => {
  let a: TestServer;
  let b: TestServer;
  /** A client without the prefix, to look at and clean up the test's keys. */
  let inspector: Redis;
  const env = {
    REDIS_URL: redisUrl ?? '',
    REDIS_KEY_PREFIX: prefix,
    LOGIN_LIMIT_PER_ACCOUNT: '10',
    LOGIN_LIMIT_PER_IP: '100000',
  };

  const keys = async (pattern: string) => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await inspector.scan(cursor, 'MATCH', `${prefix}${pattern}`, 'COUNT', 1000);
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    return found;
  };

  beforeAll(async () => {
    inspector = new Redis(redisUrl ?? '', { lazyConnect: true });
    await inspector.connect();
    a = await createTestServer(env);
    b = await createTestServer(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (inspector) {
      const mine = await keys('*');
      if (mine.length) await inspector.del(...mine);
      await inspector.quit();
    }
  });

  const attempt = (server: TestServer, elsAccount: string, elsSubAccount: string) =>
    server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/login',
      headers: { lang: 'en' },
      payload: { elsAccount, elsSubAccount, password: server.cipher.encrypt('Wrong@123') },
      remoteAddress: '10.9.0.1',
    });

  it('counts 10 login failures a minute across both servers; the 11th answers 429 on either', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await attempt(i % 2 ? b : a, '100000', 'buyer2')).json().code);
    expect(codes).toEqual(Array(10).fill('400'));
    const onA = (await attempt(a, '100000', 'buyer2')).json();
    const onB = (await attempt(b, '100000', 'buyer2')).json();
    expect(onA.code).toBe('429');
    expect(onB.code).toBe('429');
    expect(onB.message).toMatch(/\d+/);
    // The count is Redis's, under the prefix (one key for the account, in the library's `acct` space).
    expect(await keys('acct:100000_buyer2')).toHaveLength(1);
    expect(Number(await inspector.get(`${prefix}acct:100000_buyer2`))).toBe(12);
    // Another account is not affected.
    expect((await attempt(a, '100000', 'buyer1')).json().code).toBe('400');
  });

  it('shares the unknown-account count: a missing account asks for a captcha at the 3rd failure in all', async () => {
    const flags: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const body = (await attempt(i % 2 ? b : a, '100000', 'nobody-redis')).json();
      expect(body.code).toBe('400');
      flags.push(Boolean(body.data?.captchaRequired));
    }
    expect(flags).toEqual([false, false, true, true]);
    expect(Number(await inspector.get(`${prefix}unknown:100000_nobody-redis`))).toBe(3);
  });

  it('shares API-key limits between two processes (two clients, one limit)', async () => {
    const one = await connectRedis({ url: redisUrl ?? '', keyPrefix: prefix });
    const two = await connectRedis({ url: redisUrl ?? '', keyPrefix: prefix });
    try {
      const first = createApiKeyLimiter({ perMinute: 3, redis: one });
      const second = createApiKeyLimiter({ perMinute: 3, redis: two });
      await first.consume('key-1');
      await second.consume('key-1');
      await first.consume('key-1');
      const refused = await second.consume('key-1').catch((error) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: '429' });
      await second.consume('key-2'); // another key has its own count
      expect(Number(await inspector.get(`${prefix}apikey:key-1`))).toBe(4);
    } finally {
      await closeRedis(one);
      await closeRedis(two);
    }
  });

  it('keeps limiting in process memory (the insurance limiter) when Redis is unreachable', async () => {
    const client = await connectRedis({ url: redisUrl ?? '', keyPrefix: prefix });
    client.disconnect(); // as if Redis went away: commands now fail at once (no offline queue)
    const limiter = createApiKeyLimiter({ perMinute: 2, redis: client });
    await limiter.consume('key-offline');
    await limiter.consume('key-offline');
    const refused = await limiter.consume('key-offline').catch((error) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: '429' });
    // Nothing reached Redis.
    expect(await keys('apikey:key-offline')).toHaveLength(0);
  });
});
