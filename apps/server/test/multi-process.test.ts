// @postgres: listeners, locks, database-url — a second server on the same database: LISTEN/NOTIFY revocation, shared limiters, retention in every process, start-up lock
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SMS_MAX_ATTEMPTS } from '../src/modules/sms/codes.ts';
import { smsCode } from '../src/modules/system/tables.ts';
import { smsOutbox } from '../src/platform/tables.ts';
import { startServer } from '../src/server.ts';
import { createTestServer, login, type TestServer } from './helpers.ts';

/**
 * Several server processes on one database behave as one (issue #18). On PGlite (one process by nature)
 * the single-statement rules are exercised by concurrent calls on one server; with DATABASE_URL a second
 * server is started on the same PostgreSQL database — another connection pool, another session cache,
 * another rate-limiter client, exactly what a second process has — and the calls alternate or race
 * between the two.
 */
let server: TestServer;
let other: Awaited<ReturnType<typeof startServer>> | null = null;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '25', LOGIN_LIMIT_PER_IP: '100000' });
  if (onPostgres) {
    other = await startServer(server.config, { dataDir: null });
    await other.app.ready();
  }
});
afterAll(async () => {
  await other?.app.close();
  await server?.close();
});

/** The apps to spread calls over: A and B on PostgreSQL, the one server on PGlite. */
const apps = () => (other ? [server.app, other.app] : [server.app]);
const pick = (i: number) => apps()[i % apps().length];

const post = (i: number, url: string, payload: unknown, ip = '10.0.0.1') =>
  pick(i).inject({
    method: 'POST',
    url,
    headers: { lang: 'en' },
    payload: payload as object,
    remoteAddress: ip,
  });

describe('SMS codes under concurrency', () => {
  it('sends one code per mobile and purpose per 60 s when 10 sends race', async () => {
    const mobile = '13900000181';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(i, '/apis/ElsAccountService/sendNoteCode', { mobile, purpose: 'register' }, `10.1.0.${i}`),
      ),
    );
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(codes.filter((c) => c === '429')).toHaveLength(9);
    // Refused by the 60 s rule (not by the per-number throttle, 25 a minute here): the wait is ~60 s.
    const wait = Number(/(\d+)/.exec(answers.find((a) => a.json().code === '429')!.json().message)![1]);
    expect(wait).toBeGreaterThan(50);
    const rows = await server.database.db.select().from(smsCode).where(eq(smsCode.mobile, mobile));
    expect(rows).toHaveLength(1);
    const sent = await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
    expect(sent).toHaveLength(1);
  });

  it('counts exactly 5 of 18 concurrent wrong guesses; the right code is refused afterwards', async () => {
    const mobile = '13900000182';
    expect(
      (await post(0, '/apis/ElsAccountService/sendNoteCode', { mobile, purpose: 'register' })).json().code,
    ).toBe('200');
    const [sent] = await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
    const code = /验证码是 (\d{4})/.exec(sent.content)![1];
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const guess = (i: number, noteCode: string) =>
      pick(i).inject({
        method: 'PUT',
        url: `/apis/ElsAccountService/validateNoteCode?channelMsg=${mobile}&noteCode=${noteCode}`,
        headers: { lang: 'en' },
        payload: { purpose: 'register' },
        remoteAddress: `10.2.0.${i}`,
      });
    const answers = await Promise.all(Array.from({ length: 18 }, (_, i) => guess(i, wrong)));
    const messages = answers.map((a) => a.json().message as string);
    const wrongCount = messages.filter((m) => m === 'Verification code error').length;
    expect(wrongCount, messages.join(' | ')).toBe(SMS_MAX_ATTEMPTS);
    expect(answers.every((a) => a.json().code === '400')).toBe(true);
    const [row] = await server.database.db
      .select()
      .from(smsCode)
      .where(and(eq(smsCode.mobile, mobile), eq(smsCode.purpose, 'register')));
    expect(row.attempts).toBe(SMS_MAX_ATTEMPTS);
    // The code is spent: even the right one no longer passes.
    expect((await guess(0, code)).json().code).toBe('400');
  });

  it('accepts the right code while tries are left (a right try does not count)', async () => {
    const mobile = '13900000183';
    await post(0, '/apis/ElsAccountService/sendNoteCode', { mobile, purpose: 'register' });
    const [sent] = await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
    const code = /验证码是 (\d{4})/.exec(sent.content)![1];
    const url = `/apis/ElsAccountService/validateNoteCode?channelMsg=${mobile}&noteCode=${code}`;
    for (let i = 0; i < 3; i++) {
      const res = await pick(i).inject({ method: 'PUT', url, payload: { purpose: 'register' } });
      expect(res.json()).toMatchObject({ code: '200', data: { valid: true } });
    }
  });
});

describe('login throttling shared by every process', () => {
  const attempt = (i: number, elsAccount: string, elsSubAccount: string, extra: object = {}) =>
    post(
      i,
      '/apis/ElsAuthService/login',
      { elsAccount, elsSubAccount, password: server.cipher.encrypt('Wrong@123'), ...extra },
      '10.3.0.1',
    );

  it('allows LOGIN_LIMIT_PER_ACCOUNT (25) attempts a minute in all, whichever process answers', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 27; i++) codes.push((await attempt(i, '100000', 'buyer2')).json().code);
    expect(codes.slice(0, 25).every((c) => c === '400')).toBe(true);
    expect(codes.slice(25)).toEqual(['429', '429']);
  });

  it('asks a missing and a real account for a captcha at the same attempt on alternating processes', async () => {
    const seen = async (elsAccount: string, elsSubAccount: string) => {
      const flags: boolean[] = [];
      for (let i = 0; i < 4; i++) {
        const body = (await attempt(i + 1, elsAccount, elsSubAccount)).json();
        flags.push(Boolean(body.data?.captchaRequired));
      }
      return flags;
    };
    const real = await seen('100000', 'buyer1');
    const missing = await seen('100000', 'nobody-181');
    expect(real).toEqual([false, false, true, true]);
    expect(missing).toEqual(real);
  });
});

describe.runIf(onPostgres)('session revocation reaches every process (LISTEN/NOTIFY)', () => {
  it('logout on A: B, which has the session cached for 5 s, refuses it within 1 s', async () => {
    const me = await login(server, '200002', 'admin');
    const onB = () => other!.app.inject({ method: 'GET', url: '/apis/user/getMenu', headers: me.headers });
    expect((await onB()).json().code).toBe('200'); // B reads the session and caches it (SESSION_CACHE_MS 5 s)
    expect((await onB()).json().code).toBe('200');
    const out = await server.app.inject({ method: 'GET', url: '/apis/user/logout', headers: me.headers });
    expect(out.json().code).toBe('200');
    const started = Date.now();
    let code = '200';
    while (code === '200' && Date.now() - started < 3000) {
      code = (await onB()).json().code;
      if (code === '200') await new Promise((r) => setTimeout(r, 20));
    }
    expect(code).toBe('401');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a password change on A ends the other sessions on B at once', async () => {
    const first = await login(server, '200001', 'admin');
    const second = await login(server, '200001', 'admin');
    const onB = (headers: Record<string, string>) =>
      other!.app.inject({ method: 'GET', url: '/apis/user/getMenu', headers });
    expect((await onB(first.headers)).json().code).toBe('200');
    const query = new URLSearchParams({
      password: server.cipher.encrypt('Demo@2026'),
      newPassword: server.cipher.encrypt('Changed2026'),
    });
    const changed = await server.app.inject({
      method: 'PUT',
      url: `/apis/ElsAccountService/modifyPassword?${query}`,
      headers: second.headers,
    });
    expect(changed.json().code).toBe('200');
    await new Promise((r) => setTimeout(r, 300));
    expect((await onB(first.headers)).json().code).toBe('401');
    expect((await onB(second.headers)).json().code).toBe('200');
  });
});

describe('configuration', () => {
  it('refuses MQTT_URL without MQTT_WS_URL at start, naming both', () => {
    expect(() => loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883' })).toThrow(/MQTT_WS_URL.*MQTT_URL/s);
    expect(
      loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883', MQTT_WS_URL: 'wss://mq.example.com/mqtt' }).MQTT_WS_URL,
    ).toBe('wss://mq.example.com/mqtt');
  });
});

describe.runIf(onPostgres)('pushes across processes with embedded brokers', () => {
  it('a push published through B reaches a browser connected to A', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const me = await login(server, '100000', 'admin');
    const client = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
      username: '100000_admin',
      password: me.token,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    try {
      const topic = `srm/${server.config.ENV_NAME}/100000/admin`;
      const received: string[] = [];
      client.on('message', (t, payload) => {
        if (t === topic) received.push(payload.toString());
      });
      await client.subscribeAsync(topic, { qos: 1 });
      const started = Date.now();
      await other!.app.broker.publish(topic, JSON.stringify({ hello: 'from B' }));
      while (received.length === 0 && Date.now() - started < 3000)
        await new Promise((r) => setTimeout(r, 10));
      expect(received).toEqual([JSON.stringify({ hello: 'from B' })]);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await client.endAsync(true);
    }
  });
});

describe('retention job', () => {
  it('prunes expired rows only, and runs safely in every process at once', async () => {
    const db = server.database.db;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const [user] = await rows(
      sql`select id from subaccount where els_account = '100000' and els_sub_account = 'admin'`,
    );
    const [oldRevoked, oldExpired, oldLive] =
      await rows(sql`insert into auth_session (subaccount_id, create_date, revoked_date)
      values (${user.id}, now() - interval '40 days', now() - interval '31 days'),
             (${user.id}, now() - interval '20 days', null),
             (${user.id}, now() - interval '3 days', null) returning id`);
    await db.execute(sql`insert into refresh_token (token_hash, session_id, expires_date)
      values ('retention-a', ${oldExpired.id}, now() - interval '6 days'),
             ('retention-b', ${oldLive.id}, now() + interval '11 days')`);
    await db.execute(sql`insert into captcha (answer_hash, expires_date)
      values ('old-1', now() - interval '2 hours'), ('old-2', now() - interval '3 hours'),
             ('fresh', now() + interval '5 minutes')`);
    await db.execute(sql`insert into sms_code (mobile, purpose, code_hash, expires_date)
      values ('13900000199', 'login', 'old', now() - interval '2 days'),
             ('13900000199', 'login', 'fresh', now() + interval '10 minutes')`);
    await db.execute(sql`insert into sms_send_slot (mobile, purpose, sent_date)
      values ('13900000199', 'login', now() - interval '2 hours'), ('13900000198', 'login', now())`);
    await db.execute(sql`insert into outbox_event (topic, payload, create_date, delivered_date)
      values ('retention/old', 'x', now() - interval '9 days', now() - interval '8 days'),
             ('retention/recent', 'x', now() - interval '1 day', now() - interval '1 day'),
             ('retention/pending', 'x', now() - interval '30 days', null)`);
    await db.execute(sql`insert into rate_limit (key, points, expire)
      values ('retention:old', 1, (extract(epoch from now()) * 1000)::bigint - 7200000),
             ('retention:new', 1, (extract(epoch from now()) * 1000)::bigint + 60000)`);

    // Every process runs the job; here A and B (or the one PGlite server, twice) at the same moment.
    const runs = await Promise.all(
      [server.app, other?.app ?? server.app].map((app) => app.retention.runOnce()),
    );
    // (one server asked twice at once answers both from its one round: count each round once)
    const sum = (table: string) => [...new Set(runs)].reduce((n, r) => n + (r[table] ?? 0), 0);
    expect(sum('captcha')).toBe(2);
    expect(sum('sms_send_slot')).toBe(1);

    const left = async (table: string, column: string, values: string[]) =>
      (
        await rows(
          sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where ${sql.identifier(column)}::text in ${values}`,
        )
      )
        .map((r) => r.v)
        .sort();
    expect(await left('auth_session', 'id', [oldRevoked.id, oldExpired.id, oldLive.id] as string[])).toEqual([
      oldLive.id,
    ]);
    expect(await left('refresh_token', 'token_hash', ['retention-a', 'retention-b'])).toEqual([
      'retention-b',
    ]);
    expect(await left('captcha', 'answer_hash', ['old-1', 'old-2', 'fresh'])).toEqual(['fresh']);
    expect(await left('sms_code', 'code_hash', ['old', 'fresh'])).toEqual(['fresh']);
    expect(await left('sms_send_slot', 'mobile', ['13900000199', '13900000198'])).toEqual(['13900000198']);
    expect(
      await left('outbox_event', 'topic', ['retention/old', 'retention/recent', 'retention/pending']),
    ).toEqual(['retention/pending', 'retention/recent']);
    expect(await left('rate_limit', 'key', ['retention:old', 'retention:new'])).toEqual(['retention:new']);
  });
});

describe.runIf(onPostgres)('start-up on PostgreSQL', () => {
  it('three servers started at once on an empty database all come up; the demo is seeded once', async () => {
    const base = process.env.DATABASE_URL!;
    const name = `srm_test_start_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const config = loadConfig({
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATA_DIR: '/nonexistent',
    });
    try {
      const started = await Promise.all([0, 1, 2].map(() => startServer(config, { dataDir: null })));
      try {
        expect(started.map((s) => s.seeded).filter(Boolean)).toHaveLength(1);
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const { rows } = await check.query(
          `select count(*)::int as n from company where els_account = '100000'`,
        );
        await check.end();
        expect(rows[0].n).toBe(1);
      } finally {
        for (const s of started) await s.app.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
