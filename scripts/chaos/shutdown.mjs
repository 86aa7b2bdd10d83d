// Graceful shutdown (issue #6): a burst of slow requests (argon2 logins) and writes is in flight or
// queued when the server gets SIGTERM. The server drains (SHUTDOWN_DRAIN_MS: readiness answers 503,
// queued connections are still served), so every request sent before SIGTERM, and those sent during
// the drain, must get a complete answer; the process must exit 0 within 10 s of the drain, and the
// PGlite folder must have been closed cleanly (a shutdown checkpoint written at close, no crash
// recovery at the next open) with every acknowledged write.
//
//   node scripts/chaos/shutdown.mjs
import { randomBytes } from 'node:crypto';
import {
  BUYER,
  call,
  isMain,
  kill,
  login,
  loginBody,
  noticeBody,
  pgliteQuerier,
  rawRequest,
  sleep,
  startServer,
  stopServer,
  tail,
  tempDir,
  waitFor,
  withTimeout,
} from './lib.mjs';
import { verifyNotices } from './verify.mjs';

const LOGINS = 50;
const WRITES = 20;
const DRAIN_MS = 5_000;
const EXIT_BOUND_MS = 10_000 + DRAIN_MS;

export async function shutdownTest({ log = console.log } = {}) {
  const row = {
    scenario: 'graceful shutdown (SIGTERM)',
    database: 'PGlite',
    acked: 0,
    checked: 0,
    lost: 0,
    result: 'FAIL',
    notes: [],
  };
  let server = null;
  try {
    const dataDir = tempDir('shutdown');
    // info level: the server logs "incoming request" with the client's port for every request it
    // accepted, which tells apart a request it dropped from one the kernel queued but it never took.
    server = await startServer({
      dataDir,
      extraEnv: { LOG_LEVEL: 'info', LOG_REQUESTS: 'true', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) },
      keepLog: 5_000_000,
    });
    const headers = await login(server.base);
    const tag = randomBytes(4).toString('hex');
    const acked = new Map();
    const record = (title, answer) => {
      if (answer?.code === '200')
        acked.set(answer.data.id, {
          id: answer.data.id,
          title,
          version: answer.data.version,
          status: answer.data.status,
          writes: 1,
        });
    };
    for (let i = 0; i < 5; i++) {
      const title = `chaos-${tag}-before-${i}`;
      record(
        title,
        (await call(server.base, 'POST', '/apis/ElsNoticeService/save', { body: noticeBody(title), headers }))
          .body,
      );
    }

    // The burst: each request on its own connection, so a reset is told apart from a refusal.
    let sent = 0;
    const onSent = () => {
      sent++;
    };
    // Logins and writes interleaved (one write after every 2–3 logins), so both kinds are in flight.
    const burst = [];
    for (let i = 0, w = 0; i < LOGINS + WRITES; i++) {
      if (w < WRITES && i % 3 === 1) {
        const title = `chaos-${tag}-burst-${w++}`;
        burst.push({
          kind: 'write',
          title,
          promise: rawRequest(server.base, 'POST', '/apis/ElsNoticeService/save', {
            body: noticeBody(title),
            headers,
            onSent,
          }),
        });
      } else {
        burst.push({
          kind: 'login',
          promise: rawRequest(server.base, 'POST', '/apis/ElsAuthService/login', {
            body: loginBody(BUYER),
            onSent,
          }),
        });
      }
    }
    for (const b of burst)
      b.promise.then(() => {
        b.doneAt = Date.now();
      });
    await waitFor(async () => sent === burst.length, 5000, 'the burst to be sent', 5);
    // SIGTERM at once: most of the burst is still queued or in flight (argon2 keeps the logins busy).
    const sigtermAt = Date.now();
    kill(server, 'SIGTERM');
    // During the drain: readiness must say "shutting down", and new requests are still served.
    await sleep(50);
    // The signal is handled when the busy event loop gets to it: poll readiness through the drain.
    const readiness = (async () => {
      let last;
      for (const until = Date.now() + DRAIN_MS; Date.now() < until; await sleep(30)) {
        last = await call(server.base, 'GET', '/apis/health/ready', { timeoutMs: 2000 }).catch((error) => ({
          error,
        }));
        if (last.status === 503) break;
      }
      return last;
    })();
    const late = await Promise.all(
      Array.from({ length: 5 }, () =>
        rawRequest(server.base, 'POST', '/apis/ElsAuthService/login', {
          body: loginBody(BUYER),
          timeoutMs: 12_000,
        }),
      ),
    );
    const exit = await withTimeout(server.exited, EXIT_BOUND_MS + 2000, 'server exit after SIGTERM').catch(
      () => null,
    );
    const exitAt = Date.now();
    const results = await Promise.all(burst.map((b) => b.promise));

    const failures = [];
    if (!exit) {
      failures.push(`the server did not exit within ${EXIT_BOUND_MS + 2000} ms of SIGTERM`);
      kill(server, 'SIGKILL');
      await server.exited;
    } else if (exit.code !== 0) failures.push(`exit ${exit.code ?? exit.signal} after SIGTERM (expected 0)`);
    const exitMs = exitAt - sigtermAt;
    if (exit && exitMs > EXIT_BOUND_MS) failures.push(`exit took ${exitMs} ms`);

    // What the server accepted (logged "incoming request") and answered ("request completed").
    const incoming = new Map();
    const completed = new Map();
    for (const line of server.log.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line);
        if (entry.msg === 'incoming request' && entry.req?.remotePort)
          incoming.set(entry.req.remotePort, entry.reqId);
        if (entry.msg === 'request completed') completed.set(entry.reqId, entry.res?.statusCode);
      } catch {
        /* not a log line */
      }
    }
    const outcome = (r) => (r.ok ? `${r.status}/${r.body?.code}` : r.code || r.error);
    const accepted = [];
    const turnedAway = {};
    results.forEach((r, i) => {
      if (incoming.has(r.localPort))
        accepted.push({ r, b: burst[i], status: completed.get(incoming.get(r.localPort)) });
      else turnedAway[outcome(r)] = (turnedAway[outcome(r)] ?? 0) + 1;
    });
    const inFlight = accepted.filter(({ b }) => b.doneAt > sigtermAt).length;
    if (inFlight < 10)
      failures.push(`only ${inFlight} accepted requests were still in flight at SIGTERM: inconclusive`);
    const turnedAwayCount = Object.values(turnedAway).reduce((n, c) => n + c, 0);
    if (turnedAwayCount)
      failures.push(
        `${turnedAwayCount} requests sent before SIGTERM were never accepted ${JSON.stringify(turnedAway)}`,
      );
    const ready = await readiness;
    if (ready.status !== 503 || !String(ready.body?.message).includes('shutting down'))
      failures.push(
        `readiness during the drain answered ${ready.status ?? ready.error?.message} ${ready.body?.message ?? ''} (expected 503 "shutting down")`,
      );
    const bad = accepted.filter(({ r }) => !r.ok || r.body?.code !== '200');
    for (const { r, b, status } of bad.slice(0, 5))
      log(
        `  [shutdown] accepted ${b.kind} answered ${outcome(r)} (server logged ${status ?? 'no completion'}): ${r.error ?? ''}`,
      );
    if (bad.length) {
      const kinds = {};
      for (const { r } of bad) kinds[outcome(r)] = (kinds[outcome(r)] ?? 0) + 1;
      failures.push(
        `${bad.length} of ${accepted.length} accepted requests got no complete '200' answer ${JSON.stringify(kinds)}`,
      );
    }
    results.forEach((r, i) => {
      if (burst[i].kind === 'write') record(burst[i].title, r.body);
    });
    const lateKinds = {};
    for (const r of late) {
      const k = r.ok ? `HTTP ${r.status}` : r.code;
      lateKinds[k] = (lateKinds[k] ?? 0) + 1;
    }
    const lateServed = late.filter((r) => r.ok && r.body?.code === '200').length;
    if (lateServed !== late.length)
      failures.push(
        `${late.length - lateServed} of ${late.length} requests sent during the drain got no '200' ${JSON.stringify(lateKinds)}`,
      );

    // The folder: opened a second later, it must hold every acknowledged write, and its last
    // checkpoint must be the one written at close (a crash would make the open replay WAL and
    // checkpoint at open time).
    await sleep(Math.max(0, 1100 - (Date.now() - exitAt)));
    const openAt = Date.now();
    const q = await pgliteQuerier(dataDir);
    let verified;
    let checkpoint;
    try {
      verified = await verifyNotices(q, acked, tag);
      [checkpoint] = await q.query(
        'select checkpoint_time, redo_lsn, checkpoint_lsn from pg_control_checkpoint()',
      );
    } finally {
      await q.close();
    }
    const checkpointAt = new Date(checkpoint.checkpoint_time).getTime();
    const cleanClose =
      checkpointAt >= Math.floor(sigtermAt / 1000) * 1000 &&
      checkpointAt < Math.floor(openAt / 1000) * 1000 &&
      checkpoint.redo_lsn === checkpoint.checkpoint_lsn;
    if (!cleanClose)
      failures.push(
        `PGlite was not closed cleanly: last checkpoint ${new Date(checkpointAt).toISOString()} (SIGTERM ${new Date(sigtermAt).toISOString()}, reopened ${new Date(openAt).toISOString()})`,
      );
    if (verified.lost.length) failures.push(`${verified.lost.length} acknowledged writes lost`);
    if (verified.broken.length) failures.push(`${verified.broken.length} half-written`);

    row.acked = [...acked.values()].reduce((n, a) => n + a.writes, 0);
    row.checked = verified.writesChecked;
    row.lost = verified.lost.length;
    row.notes.push(
      `${burst.length} requests (${LOGINS} logins, ${WRITES} writes): ${accepted.length} accepted (${accepted.filter((x) => x.b.kind === 'write').length} writes), ${inFlight} of them in flight at SIGTERM, ${accepted.length - bad.length} answered completely; not accepted before the listener closed: ${JSON.stringify(turnedAway)}; exit ${exit?.code ?? exit?.signal ?? '—'} after ${exitMs} ms; clean PGlite close: ${cleanClose}; readiness during the drain: ${ready.status}; requests sent 50 ms after SIGTERM: ${JSON.stringify(lateKinds)}`,
    );
    row.figures = { accepted: accepted.length, inFlight, exitMs, turnedAway, lateKinds };
    if (failures.length) {
      row.notes.unshift(failures.join('; '));
      log(tail(server.log, 15));
    }
    row.result = failures.length ? 'FAIL' : 'pass';
    log(`  [shutdown] ${row.result}: ${row.notes.join('; ')}`);
    return row;
  } catch (error) {
    row.notes.unshift(error.message.split('\n')[0]);
    log(`  [shutdown] FAIL: ${error.message}`);
    if (server) log(tail(server.log, 20));
    return row;
  } finally {
    if (server) await stopServer(server, 3000).catch(() => {});
  }
}

if (isMain(import.meta.url)) {
  const row = await shutdownTest();
  console.log(JSON.stringify(row));
  process.exit(row.result === 'pass' ? 0 : 1);
}
