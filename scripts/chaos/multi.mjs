// Several processes, one system (issue #18): three server processes started at the same moment on an
// EMPTY PostgreSQL database must all come up (migrations and seeding under an advisory lock), and then
// behave as one: a logout on A is refused by B within 1 s (LISTEN/NOTIFY drops B's session cache), a
// push published through B reaches a browser connected to A's embedded broker (relay), a missing and a
// real account get the captcha at the same attempt whichever process answers, and 9 concurrent SMS
// sends for one number over the three processes send exactly one code. Runs in ~30 s.
//
//   DATABASE_URL=postgres://… node scripts/chaos/multi.mjs
import mqtt from 'mqtt';
import {
  call,
  createDatabase,
  encryptPassword,
  HOST,
  isMain,
  login,
  pgQuerier,
  SUPPLIER,
  sleep,
  startServer,
  stopServer,
} from './lib.mjs';

/** One row per scenario, in the summary table's shape. */
function row(scenario) {
  return { scenario, database: 'PostgreSQL', acked: 0, checked: 0, lost: 0, result: 'FAIL', notes: [] };
}

/** Starts 3 processes at once on a fresh database and runs the cross-process checks; returns rows. */
export async function multiProcessTest({ databaseUrl, log = console.log }) {
  const rows = [];
  const start = row('3 processes started at once, empty database');
  rows.push(start);
  const database = await createDatabase(databaseUrl, 'multi');
  const servers = [];
  try {
    const t0 = Date.now();
    const settled = await Promise.allSettled([0, 1, 2].map(() => startServer({ databaseUrl: database.url })));
    for (const s of settled) if (s.status === 'fulfilled') servers.push(s.value);
    start.acked = 3;
    start.checked = servers.length;
    start.lost = 3 - servers.length;
    const q = await pgQuerier(database.url);
    const [{ n }] = await q.query(
      `select count(*)::int as n from subaccount where els_sub_account = 'admin'`,
    );
    const [{ m }] = await q.query('select count(*)::int as m from drizzle.__drizzle_migrations');
    start.notes.push(
      `${servers.length}/3 ready in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${m} migrations applied once; ${n} admin accounts`,
    );
    for (const s of settled) if (s.status === 'rejected') start.notes.push(s.reason.message.slice(0, 300));
    start.result = servers.length === 3 ? 'pass' : 'FAIL';
    log(`  [multi/start] ${start.result}: ${start.notes.join('; ')}`);
    if (servers.length < 2) {
      await q.close();
      return rows;
    }
    const [a, b] = servers;

    // Logout on A → B (which has the session cached for SESSION_CACHE_MS = 5 s) refuses within 1 s.
    const logout = row('logout on A → B refuses within 1 s');
    rows.push(logout);
    {
      const me = await login(a.base);
      const headers = { token: me.token };
      const onB = async () => (await call(b.base, 'GET', '/apis/user/getMenu', { headers })).body?.code;
      const before = [await onB(), await onB()];
      await call(a.base, 'GET', '/apis/user/logout', { headers });
      const t = Date.now();
      let code = '200';
      while (code === '200' && Date.now() - t < 6000) {
        code = await onB();
        if (code === '200') await sleep(20);
      }
      const ms = Date.now() - t;
      logout.acked = 1;
      logout.checked = 1;
      logout.lost = code === '401' && ms < 1000 ? 0 : 1;
      logout.result = before.every((x) => x === '200') && logout.lost === 0 ? 'pass' : 'FAIL';
      logout.notes.push(`B answered ${before.join(', ')} before; ${code} ${ms} ms after the logout on A`);
      log(`  [multi/logout] ${logout.result}: ${logout.notes.join('; ')}`);
    }

    // A push published through B reaches a browser connected to A (embedded brokers relay).
    const push = row('push via B reaches a browser on A');
    rows.push(push);
    {
      const supplier = { elsAccount: SUPPLIER, elsSubAccount: 'admin' };
      const me = await login(a.base, supplier);
      const topic = `srm/demo/${SUPPLIER}/admin`;
      const client = await mqtt.connectAsync(`ws://${HOST}:${a.port}/mqtt`, {
        username: `${SUPPLIER}_admin`,
        password: me.token,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      const received = [];
      client.on('message', (t, payload) => {
        if (t === topic) received.push(payload.toString());
      });
      await client.subscribeAsync(topic, { qos: 1 });
      // An announcement published on B to supplier 200001 pushes a message to its users.
      const buyer = await login(b.base);
      const title = `multi-push-${Date.now()}`;
      const now = Date.now();
      const saved = await call(b.base, 'POST', '/apis/ElsNoticeService/save', {
        headers: { token: buyer.token },
        body: {
          title,
          content: 'relay',
          noticeStartTime: new Date(now - 60_000).toISOString(),
          noticeEndTime: new Date(now + 86_400_000).toISOString(),
          receivers: [SUPPLIER],
        },
      });
      const published = await call(b.base, 'POST', `/apis/ElsNoticeService/publish/${saved.body?.data?.id}`, {
        headers: { token: buyer.token },
        body: { version: saved.body?.data?.version },
      });
      const t = Date.now();
      while (!received.some((p) => p.includes(title)) && Date.now() - t < 5000) await sleep(20);
      await client.endAsync(true);
      push.acked = 1;
      push.checked = 1;
      push.lost = received.some((p) => p.includes(title)) ? 0 : 1;
      push.result = published.body?.code === '200' && push.lost === 0 ? 'pass' : 'FAIL';
      push.notes.push(
        `publish on B: ${published.body?.code}; ${push.lost ? 'not received on A' : `received on A after ${Date.now() - t} ms`}`,
      );
      log(`  [multi/push] ${push.result}: ${push.notes.join('; ')}`);
    }

    // Captcha at the same attempt for a real and a missing account, attempts spread over A, B, C.
    const captcha = row('captcha: real vs missing account, 3 processes');
    rows.push(captcha);
    {
      const flags = async (elsSubAccount) => {
        const out = [];
        for (let i = 0; i < 4; i++) {
          const target = servers[i % servers.length];
          const { body } = await call(target.base, 'POST', '/apis/ElsAuthService/login', {
            body: { elsAccount: '100000', elsSubAccount, password: encryptPassword('Wrong@2026') },
          });
          out.push(body?.data?.captchaRequired ? 'captcha' : body?.code);
        }
        return out;
      };
      const real = await flags('buyer1');
      const missing = await flags('nobody-chaos');
      captcha.acked = 2;
      captcha.checked = 2;
      captcha.lost = JSON.stringify(real) === JSON.stringify(missing) && real[2] === 'captcha' ? 0 : 1;
      captcha.result = captcha.lost === 0 ? 'pass' : 'FAIL';
      captcha.notes.push(`real: ${real.join(',')}; missing: ${missing.join(',')}`);
      log(`  [multi/captcha] ${captcha.result}: ${captcha.notes.join('; ')}`);
    }

    // 9 concurrent SMS sends for one number over the three processes: one code.
    const sms = row('9 concurrent SMS sends, 3 processes');
    rows.push(sms);
    {
      const mobile = '13900000777';
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          call(servers[i % servers.length].base, 'POST', '/apis/ElsAccountService/sendNoteCode', {
            body: { mobile, purpose: 'register' },
          }),
        ),
      );
      const codes = answers.map((x) => x.body?.code);
      const [{ k }] = await q.query('select count(*)::int as k from sms_code where mobile = $1', [mobile]);
      sms.acked = codes.filter((x) => x === '200').length;
      sms.checked = 9;
      sms.lost = 0;
      sms.result =
        sms.acked === 1 && k === 1 && codes.filter((x) => x === '429').length === 8 ? 'pass' : 'FAIL';
      sms.notes.push(`answers ${codes.join(',')}; ${k} code(s) stored`);
      log(`  [multi/sms] ${sms.result}: ${sms.notes.join('; ')}`);
    }
    await q.close();
  } catch (error) {
    rows[rows.length - 1].notes.push(error.stack ?? String(error));
    rows[rows.length - 1].result = 'FAIL';
  } finally {
    await Promise.all(servers.map((s) => stopServer(s)));
    await database.drop().catch(() => {});
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const rows = await multiProcessTest({ databaseUrl: process.env.DATABASE_URL });
  console.log(JSON.stringify(rows, null, 2));
  process.exit(rows.every((r) => r.result === 'pass') ? 0 : 1);
}
