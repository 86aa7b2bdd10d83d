// Restart tests (issue #6):
//  (a) PostgreSQL restarted under load, on a PRIVATE instance (initdb into a temp folder, its own port):
//      the server keeps running, /apis/health/ready names the database while it is down, and requests
//      succeed again by themselves within a bound; every acknowledged write survives.
//  (b) The external MQTT broker (a private Mosquitto) restarted: announcements published during the
//      outage still succeed (their pushes wait in the outbox), /apis/health/ready names the broker, and a
//      subscriber receives every push of the outage after the broker is back.
//
//   node scripts/chaos/restart.mjs [--only=postgres|mqtt]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import {
  call,
  freePort,
  HOST,
  isMain,
  kill,
  login,
  noticeBody,
  onExit,
  pgQuerier,
  portInUse,
  sleep,
  spawnTracked,
  startServer,
  stopServer,
  tail,
  tempDir,
  waitFor,
  withTimeout,
} from './lib.mjs';
import { verifyNotices } from './verify.mjs';

const RECOVERY_BOUND_MS = 15_000;
const DELIVERY_BOUND_MS = 20_000;
const CYCLES = 2;
const WORKERS = 16;

// ---------------------------------------------------------------------------------------------
// (a) PostgreSQL restart under load.

function findPostgresBin() {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin/initdb')) && existsSync(join(root, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** initdb refuses root: as root, run the PostgreSQL tools as the `postgres` user (runuser). */
function postgresRunner() {
  if (process.getuid?.() !== 0) return { prefix: [], uid: null };
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) return null;
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid: Number(id.stdout.trim()) };
}

function runAs(runner, command, args, timeout = 60_000) {
  const [bin, ...rest] = [...runner.prefix, command, ...args];
  const result = spawnSync(bin, rest, { encoding: 'utf8', timeout });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${(result.stderr || result.stdout || result.error?.message || '').trim().slice(-500)}`,
    );
  }
  return result.stdout;
}

export async function postgresRestartTest({ log = console.log } = {}) {
  const row = {
    scenario: 'PostgreSQL restart under load',
    database: 'PostgreSQL (private)',
    acked: 0,
    checked: 0,
    lost: 0,
    result: 'FAIL',
    notes: [],
  };
  const bin = findPostgresBin();
  if (!bin) {
    log(
      '  [restart/postgres] skipped: no PostgreSQL binaries (/usr/lib/postgresql/*/bin/initdb, or set PG_BIN)',
    );
    return { ...row, result: 'skipped', notes: ['skipped: no PostgreSQL binaries'] };
  }
  const runner = postgresRunner();
  if (!runner) {
    log('  [restart/postgres] skipped: running as root and there is no "postgres" user to run initdb as');
    return { ...row, result: 'skipped', notes: ['skipped: root without a postgres user'] };
  }
  const dir = tempDir('pg');
  if (runner.uid !== null) chownSync(dir, runner.uid, -1);
  const data = join(dir, 'data');
  const pgLog = join(dir, 'postgres.log');
  const port = (await portInUse(55432)) ? await freePort() : 55432;
  const pgCtl = (...args) => runAs(runner, join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const startPg = () =>
    pgCtl(
      '-l',
      pgLog,
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=${HOST} -c fsync=off`,
      'start',
    );
  let server = null;
  let pgRunning = false;
  const stopPgSync = () => {
    if (!pgRunning) return;
    const [command, ...args] = [
      ...runner.prefix,
      join(bin, 'pg_ctl'),
      '-D',
      data,
      '-m',
      'immediate',
      '-w',
      'stop',
    ];
    spawnSync(command, args, { timeout: 20_000, stdio: 'ignore' });
  };
  const unregister = onExit(stopPgSync);
  const load = { stop: false, requests: [] };
  const health = [];
  try {
    const initStarted = Date.now();
    runAs(runner, join(bin, 'initdb'), [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    startPg();
    pgRunning = true;
    log(
      `  [restart/postgres] private PostgreSQL (${bin}) on port ${port} ready in ${Date.now() - initStarted} ms`,
    );
    const admin = new pg.Client({
      connectionString: `postgres://postgres@${HOST}:${port}/postgres`,
      connectionTimeoutMillis: 5000,
    });
    await admin.connect();
    await admin.query('create database srm');
    await admin.end();
    const url = `postgres://postgres@${HOST}:${port}/srm`;

    server = await startServer({ databaseUrl: url });
    const headers = await login(server.base);
    const tag = randomBytes(4).toString('hex');
    const acked = new Map();

    // Steady load: WORKERS writers, each create → publish, with a short pause; every request recorded.
    const outageMessages = {}; // first message of each non-'200' code
    const worker = async (w) => {
      for (let n = 0; !load.stop && n < 10_000; n++) {
        const title = `chaos-${tag}-w${w}-n${n}`;
        const started = Date.now();
        const entry = { started, ended: 0, ok: false, code: null };
        load.requests.push(entry);
        try {
          const { body } = await call(server.base, 'POST', '/apis/ElsNoticeService/save', {
            body: noticeBody(title),
            headers,
            timeoutMs: 5000,
          });
          entry.ended = Date.now();
          entry.code = body?.code ?? 'no body';
          entry.ok = body?.code === '200';
          if (!entry.ok) outageMessages[entry.code] ??= body?.message;
          if (entry.ok) {
            acked.set(body.data.id, {
              id: body.data.id,
              title,
              version: body.data.version,
              status: body.data.status,
              writes: 1,
            });
            const second = { started: Date.now(), ended: 0, ok: false, code: null };
            load.requests.push(second);
            const pub = await call(server.base, 'POST', `/apis/ElsNoticeService/publish/${body.data.id}`, {
              body: { version: body.data.version },
              headers,
              timeoutMs: 5000,
            }).catch((e) => ({ body: { code: e.name } }));
            second.ended = Date.now();
            second.code = pub.body?.code ?? 'no body';
            second.ok = second.code === '200';
            if (second.ok)
              acked.set(body.data.id, {
                ...acked.get(body.data.id),
                version: pub.body.data.version,
                status: '1',
                writes: 2,
              });
          }
        } catch (error) {
          entry.code = error.name === 'TimeoutError' ? 'timeout' : 'network';
        }
        entry.ended ||= Date.now();
        await sleep(50);
      }
    };
    const poller = (async () => {
      while (!load.stop) {
        const t = Date.now();
        const r = await call(server.base, 'GET', '/apis/health/ready', { timeoutMs: 3000 }).catch((e) => ({
          status: 0,
          body: { message: e.message },
        }));
        health.push({
          t,
          ms: Date.now() - t,
          status: r.status,
          database: r.body?.data?.database,
          message: r.body?.message,
        });
        await sleep(250);
      }
    })();
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));

    // Two outages (stop -m fast, 3 s down, start), each after a few seconds of steady load: a connection
    // that dies between two queries of a transaction is a race, so two chances to hit it.
    const cycles = [];
    const died = server.exited.then(() => null); // stop waiting for recovery once the server is gone
    for (let c = 0; c < CYCLES && server.exitCode === null && server.signalCode === null; c++) {
      await sleep(3000);
      const tDown = Date.now();
      pgCtl('-m', 'fast', '-w', 'stop');
      pgRunning = false;
      await sleep(3000);
      startPg();
      pgRunning = true;
      const tUp = Date.now();
      const readyAgain = await Promise.race([
        died,
        waitFor(
          async () => health.find((h) => h.t > tUp && h.status === 200 && h.database === 'up'),
          RECOVERY_BOUND_MS,
          'health/ready to report the database up again',
          100,
        ).catch(() => null),
      ]);
      const firstOk = await Promise.race([
        died,
        waitFor(
          async () => load.requests.find((r) => r.started > tUp && r.ok),
          RECOVERY_BOUND_MS,
          'a write to succeed after PostgreSQL restarted',
          100,
        ).catch(() => null),
      ]);
      cycles.push({ tDown, tUp, readyAgain, firstOk });
      log(
        `  [restart/postgres] outage ${c + 1}: PostgreSQL down 3 s; ready again ${readyAgain ? readyAgain.t - tUp : '—'} ms, first write ${firstOk ? firstOk.ended - tUp : '—'} ms after the restart`,
      );
    }
    await sleep(3000);
    load.stop = true;
    await withTimeout(Promise.all([...workers, poller]), 15_000, 'load to stop');

    const failures = [];
    const alive = server.exitCode === null && server.signalCode === null;
    if (!alive) failures.push(`server process died (exit ${server.exitCode ?? server.signalCode})`);
    if (!alive) log(`  [restart/postgres] server output:\n${tail(server.log, 15)}`);
    const outageCodes = {};
    let probes = 0;
    let reported = 0;
    let afterCount = 0;
    let failedAfterCount = 0;
    cycles.forEach(({ tDown, tUp, readyAgain, firstOk }, c) => {
      const n = `outage ${c + 1}`;
      const outage = health.filter((h) => h.t > tDown + 300 && h.t < tUp);
      const reportedDown = outage.filter(
        (h) => h.status === 503 && h.database === 'down' && /database/.test(h.message ?? ''),
      );
      probes += outage.length;
      reported += reportedDown.length;
      if (reportedDown.length === 0)
        failures.push(
          `${n}: health/ready never reported the database down (${outage.map((h) => `${h.status}/${h.database}`).join(' ') || 'no probes'})`,
        );
      const slowProbes = outage.filter((h) => h.ms > 2000).length;
      if (slowProbes) failures.push(`${n}: ${slowProbes} health probes took > 2 s`);
      if (!readyAgain)
        failures.push(`${n}: health/ready not up within ${RECOVERY_BOUND_MS} ms of the restart`);
      if (!firstOk) failures.push(`${n}: no write succeeded within ${RECOVERY_BOUND_MS} ms of the restart`);
      for (const r of load.requests.filter((r) => r.started > tDown && r.started < tUp))
        outageCodes[r.code] = (outageCodes[r.code] ?? 0) + 1;
      const nextDown = cycles[c + 1]?.tDown ?? Number.POSITIVE_INFINITY;
      const afterRecovery = firstOk
        ? load.requests.filter((r) => r.started >= firstOk.ended && r.ended && r.ended < nextDown)
        : [];
      const failedAfter = afterRecovery.filter((r) => !r.ok);
      afterCount += afterRecovery.length;
      failedAfterCount += failedAfter.length;
      if (failedAfter.length)
        failures.push(
          `${n}: ${failedAfter.length} of ${afterRecovery.length} requests failed after the first success (${[...new Set(failedAfter.map((r) => r.code))].join(', ')})`,
        );
    });
    const beforeOutage = load.requests.filter((r) => r.ended && r.ended < (cycles[0]?.tDown ?? 0));
    if (beforeOutage.some((r) => !r.ok))
      failures.push(`${beforeOutage.filter((r) => !r.ok).length} requests failed before the first outage`);

    const q = await pgQuerier(url);
    let verified;
    try {
      verified = await verifyNotices(q, acked, tag);
    } finally {
      await q.close();
    }
    if (verified.lost.length) failures.push(`${verified.lost.length} acknowledged writes lost`);
    if (verified.broken.length) failures.push(`${verified.broken.length} half-written`);
    for (const line of [...verified.lost, ...verified.broken].slice(0, 10))
      log(`  [restart/postgres] ${line}`);

    row.acked = [...acked.values()].reduce((n, a) => n + a.writes, 0);
    row.checked = verified.writesChecked;
    row.lost = verified.lost.length;
    const readyMs = cycles.map((c) => (c.readyAgain ? c.readyAgain.t - c.tUp : null));
    const okMs = cycles.map((c) => (c.firstOk ? c.firstOk.ended - c.tUp : null));
    row.notes.push(
      `${CYCLES} outages of 3 s under load of ${WORKERS} writers; server stayed up: ${alive}; ready reported the database down in ${reported}/${probes} probes during outages; ready again ${readyMs.map((m) => m ?? '—').join(' / ')} ms and first write ${okMs.map((m) => m ?? '—').join(' / ')} ms after each restart; answers during outages ${JSON.stringify(outageCodes)} ${JSON.stringify(outageMessages)}; ${afterCount} requests after recovery, ${failedAfterCount} failed`,
    );
    row.figures = { readyMs, okMs, outageCodes, requests: load.requests.length };
    if (failures.length) row.notes.unshift(failures.join('; '));
    row.result = failures.length ? 'FAIL' : 'pass';
    log(`  [restart/postgres] ${row.result}: ${row.notes.join('; ')}`);
    return row;
  } catch (error) {
    row.notes.unshift(error.message.split('\n')[0]);
    log(`  [restart/postgres] FAIL: ${error.message}`);
    if (server) log(tail(server.log, 20));
    return row;
  } finally {
    load.stop = true;
    if (server) await stopServer(server, 5000).catch(() => {});
    try {
      if (pgRunning) pgCtl('-m', 'immediate', '-w', 'stop');
      pgRunning = false;
    } catch (error) {
      log(`  [restart/postgres] could not stop the private PostgreSQL: ${error.message}`);
    }
    unregister();
  }
}

// ---------------------------------------------------------------------------------------------
// (b) External MQTT broker restart.

function findMosquitto() {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']) {
    if (dir && existsSync(join(dir, 'mosquitto'))) return join(dir, 'mosquitto');
  }
  return null;
}

export async function mqttRestartTest({ log = console.log } = {}) {
  const row = {
    scenario: 'MQTT broker restart',
    database: 'PGlite',
    acked: 0,
    checked: 0,
    lost: 0,
    result: 'FAIL',
    notes: [],
  };
  const mosquittoBin = findMosquitto();
  if (!mosquittoBin) {
    log('  [restart/mqtt] skipped: mosquitto is not installed');
    return { ...row, result: 'skipped', notes: ['skipped: mosquitto not installed'] };
  }
  const dir = tempDir('mqtt');
  const port = (await portInUse(51883)) ? await freePort() : 51883;
  const conf = join(dir, 'mosquitto.conf');
  // Persistence keeps the subscriber's session (clean: false) across the restart, so pushes the server
  // sends before the subscriber reconnected are queued for it instead of lost to a race.
  writeFileSync(
    conf,
    [
      `listener ${port} ${HOST}`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      'user root',
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  let broker = null;
  let server = null;
  let subscriber = null;
  const startBroker = async () => {
    broker = spawnTracked(mosquittoBin, ['-c', conf]);
    await waitFor(
      async () => (await portInUse(port)) || broker.exitCode !== null,
      10_000,
      'mosquitto to listen',
      100,
    );
    if (broker.exitCode !== null) throw new Error(`mosquitto exited: ${tail(broker.log, 10)}`);
  };
  try {
    await startBroker();
    const tag = randomBytes(4).toString('hex');
    const topic = 'srm/demo/200001/admin';
    const received = new Map();
    subscriber = mqtt.connect(`mqtt://${HOST}:${port}`, {
      clientId: `srm-chaos-${tag}`,
      clean: false,
      reconnectPeriod: 300,
      connectTimeout: 3000,
    });
    subscriber.on('error', () => {});
    subscriber.on('message', (t, payload) => {
      if (t === topic && !received.has(payload.toString())) received.set(payload.toString(), Date.now());
    });
    await withTimeout(new Promise((r) => subscriber.once('connect', r)), 10_000, 'subscriber to connect');
    await subscriber.subscribeAsync(topic, { qos: 1 });

    server = await startServer({ dataDir: tempDir('mqtt-db'), mqttUrl: `mqtt://${HOST}:${port}` });
    await waitFor(
      async () => (await call(server.base, 'GET', '/apis/health/ready')).body?.data?.broker === 'up',
      10_000,
      'server to report the broker up',
    );
    const headers = await login(server.base);
    const announce = async (title) => {
      const saved = await call(server.base, 'POST', '/apis/ElsNoticeService/save', {
        body: noticeBody(title),
        headers,
      });
      if (saved.body?.code !== '200') return saved.body;
      const published = await call(
        server.base,
        'POST',
        `/apis/ElsNoticeService/publish/${saved.body.data.id}`,
        {
          body: { version: saved.body.data.version },
          headers,
        },
      );
      return published.body;
    };

    // Before: one push goes through.
    const before = `chaos-${tag}-before`;
    const first = await announce(before);
    if (first?.code !== '200') throw new Error(`publish before the outage failed: ${JSON.stringify(first)}`);
    await waitFor(async () => received.has(before), 10_000, 'the push before the outage');

    // Outage: stop the broker; the server must say so and keep accepting announcements.
    kill(broker, 'SIGTERM');
    await withTimeout(broker.exited, 10_000, 'mosquitto to stop');
    const tDown = Date.now();
    const down = await waitFor(
      async () => {
        const r = await call(server.base, 'GET', '/apis/health/ready', { timeoutMs: 3000 });
        return r.status === 503 && r.body?.data?.broker === 'down' ? r : null;
      },
      10_000,
      'health/ready to report the broker down',
    ).catch(() => null);
    const failures = [];
    if (!down) failures.push('health/ready did not report the broker down within 10 s');
    else if (!/broker/.test(down.body.message))
      failures.push(`health/ready message does not name the broker: "${down.body.message}"`);
    const detectMs = down ? Date.now() - tDown : null;

    const during = [];
    let acked = 1;
    for (let i = 0; i < 5; i++) {
      const title = `chaos-${tag}-outage-${i}`;
      const answer = await announce(title).catch((e) => ({ code: e.message }));
      if (answer?.code === '200') {
        during.push(title);
        acked++;
      } else failures.push(`announcement during the outage failed: ${JSON.stringify(answer).slice(0, 200)}`);
    }
    await sleep(2500); // several outbox rounds fail while the broker is away
    const stillDown = await call(server.base, 'GET', '/apis/health/ready');
    if (stillDown.status !== 503)
      failures.push(`health/ready answered ${stillDown.status} while the broker was down`);
    const early = during.filter((t) => received.has(t));
    if (early.length)
      failures.push(`${early.length} pushes arrived while the broker was down (impossible: test broken)`);

    // Back: start the broker again; every push of the outage must arrive.
    await startBroker();
    const tUp = Date.now();
    await waitFor(
      async () => during.every((t) => received.has(t)),
      DELIVERY_BOUND_MS,
      'the outage pushes',
    ).catch(() => null);
    const missing = during.filter((t) => !received.has(t));
    if (missing.length)
      failures.push(
        `${missing.length} of ${during.length} outage pushes not delivered within ${DELIVERY_BOUND_MS} ms`,
      );
    const deliveredMs = missing.length ? null : Math.max(...during.map((t) => received.get(t))) - tUp;
    const upAgain = await waitFor(
      async () => (await call(server.base, 'GET', '/apis/health/ready')).status === 200,
      RECOVERY_BOUND_MS,
      'health/ready up again',
    ).catch(() => null);
    if (!upAgain) failures.push(`health/ready not up within ${RECOVERY_BOUND_MS} ms of the broker restart`);
    const readyMs = upAgain ? Date.now() - tUp : null;
    const alive = server.exitCode === null && server.signalCode === null;
    if (!alive) failures.push('server process died');

    row.acked = acked;
    row.checked = during.length + 1;
    row.lost = missing.length;
    row.notes.push(
      `server stayed up: ${alive}; broker down reported after ${detectMs ?? '—'} ms ("${down?.body?.message ?? ''}"); ${during.length} announcements published during the outage; all delivered ${deliveredMs ?? '—'} ms after the broker restart; ready again after ${readyMs ?? '—'} ms`,
    );
    row.figures = { detectMs, deliveredMs, readyMs };
    if (failures.length) row.notes.unshift(failures.join('; '));
    row.result = failures.length ? 'FAIL' : 'pass';
    log(`  [restart/mqtt] ${row.result}: ${row.notes.join('; ')}`);
    return row;
  } catch (error) {
    row.notes.unshift(error.message.split('\n')[0]);
    log(`  [restart/mqtt] FAIL: ${error.message}`);
    if (server) log(tail(server.log, 20));
    return row;
  } finally {
    if (subscriber) await subscriber.endAsync(true).catch(() => {});
    if (server) await stopServer(server, 5000).catch(() => {});
    if (broker) {
      kill(broker, 'SIGKILL');
      await withTimeout(broker.exited, 5000, 'mosquitto exit').catch(() => {});
    }
  }
}

if (isMain(import.meta.url)) {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const rows = [];
  if (!only || only === 'postgres') rows.push(await postgresRestartTest());
  if (!only || only === 'mqtt') rows.push(await mqttRestartTest());
  for (const row of rows) console.log(JSON.stringify(row));
  process.exit(rows.some((r) => r.result === 'FAIL') ? 1 : 0);
}
