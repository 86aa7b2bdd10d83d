// Crash test (issue #6): 32 concurrent writers loop create → edit → publish on announcements; the
// server is killed with SIGKILL mid-run, restarted on the same database, and every write it had
// acknowledged must still be there, with no half-written document and no missing audit row.
//
//   node scripts/chaos/crash.mjs --db=pglite
//   DATABASE_URL=postgres://… node scripts/chaos/crash.mjs --db=postgres
import { randomBytes } from 'node:crypto';
import {
  call,
  createDatabase,
  isMain,
  kill,
  login,
  noticeBody,
  pgliteQuerier,
  pgQuerier,
  pool,
  sleep,
  startServer,
  stopServer,
  tail,
  tempDir,
  withTimeout,
} from './lib.mjs';
import { verifyNotices } from './verify.mjs';

const WRITERS = 32;
const MAX_ROUNDS = 150; // per writer: at most 150 × (create, edit, publish)
const REQUEST_TIMEOUT_MS = 10_000;

/** Network failure (server gone) as opposed to an answer. */
const isNetworkError = (error) =>
  error?.name === 'TimeoutError' || error?.name === 'AbortError' || error instanceof TypeError;

/**
 * Runs the writers until `signal.stopped`; every acknowledged write updates `acked`.
 * Returns counts of acknowledged writes and unexpected answers (non-'200' while the server was up).
 */
async function writer(base, headers, tag, index, acked, state) {
  for (let round = 0; round < MAX_ROUNDS && !state.killed; round++) {
    const title = `chaos-${tag}-w${index}-n${round}`;
    const step = async (path, body) => {
      state.inFlight++;
      try {
        const { status, body: answer } = await call(base, 'POST', path, {
          body,
          headers,
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        if (answer?.code === '200') return answer.data;
        if (!state.killed)
          state.unexpected.push(`${path}: HTTP ${status} ${JSON.stringify(answer).slice(0, 200)}`);
        return null;
      } catch (error) {
        if (!state.killed && !isNetworkError(error)) state.unexpected.push(`${path}: ${error.message}`);
        if (!state.killed && isNetworkError(error))
          state.unexpected.push(`${path}: network error before the kill: ${error.message}`);
        return null;
      } finally {
        state.inFlight--;
      }
    };
    const created = await step('/apis/ElsNoticeService/save', noticeBody(title));
    if (!created) return;
    acked.set(created.id, {
      id: created.id,
      title,
      version: created.version,
      status: created.status,
      writes: 1,
    });
    state.acks++;
    const edited = await step(
      '/apis/ElsNoticeService/save',
      noticeBody(`${title}-v2`, { id: created.id, version: created.version, content: `edited ${title}` }),
    );
    if (!edited) return;
    acked.set(created.id, {
      id: created.id,
      title: `${title}-v2`,
      version: edited.version,
      status: edited.status,
      writes: 2,
    });
    state.acks++;
    const published = await step(`/apis/ElsNoticeService/publish/${created.id}`, { version: edited.version });
    if (!published) return;
    acked.set(created.id, {
      id: created.id,
      title: `${title}-v2`,
      version: published.version,
      status: published.status,
      writes: 3,
    });
    state.acks++;
    state.rounds++;
  }
}

/**
 * @param {{ db: 'pglite' | 'postgres', databaseUrl?: string, killAfterMs?: number, log?: (s: string) => void }} options
 * @returns the summary row and details.
 */
export async function crashTest({ db, databaseUrl, killAfterMs = 4000, log = console.log }) {
  const tag = randomBytes(4).toString('hex');
  const label = db === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const row = {
    scenario: 'crash (SIGKILL mid-write)',
    database: label,
    acked: 0,
    checked: 0,
    lost: 0,
    result: 'FAIL',
    notes: [],
  };
  let database = null;
  let server = null;
  try {
    let target;
    if (db === 'postgres') {
      if (!databaseUrl) throw new Error('DATABASE_URL is required for --db=postgres');
      database = await createDatabase(databaseUrl, 'crash');
      target = { databaseUrl: database.url };
    } else {
      target = { dataDir: tempDir('crash') };
    }

    server = await startServer(target);
    log(
      `  [crash/${label}] server up in ${server.startMs} ms (port ${server.port}); ${WRITERS} writers, SIGKILL after ${killAfterMs} ms`,
    );
    const headers = await login(server.base);

    const acked = new Map();
    const state = { killed: false, inFlight: 0, acks: 0, rounds: 0, unexpected: [] };
    const writers = Array.from({ length: WRITERS }, (_, i) =>
      writer(server.base, headers, tag, i, acked, state),
    );
    await sleep(killAfterMs);
    const inFlightAtKill = state.inFlight;
    state.killed = true;
    kill(server, 'SIGKILL');
    const exit = await withTimeout(server.exited, 10_000, 'server exit after SIGKILL');
    await withTimeout(Promise.allSettled(writers), REQUEST_TIMEOUT_MS + 5000, 'writers to stop');
    log(
      `  [crash/${label}] killed (${exit.signal}) with ${inFlightAtKill} requests in flight; ${state.acks} writes acknowledged (${acked.size} announcements, ${state.rounds} fully published)`,
    );
    for (const line of state.unexpected.slice(0, 5)) log(`  [crash/${label}] UNEXPECTED ${line}`);
    if (exit.signal !== 'SIGKILL')
      throw new Error(`server was not killed by SIGKILL (exit ${JSON.stringify(exit)})`);
    if (inFlightAtKill === 0)
      throw new Error('no request was in flight at the kill: the run ended too early');
    if (state.acks < WRITERS)
      throw new Error(`only ${state.acks} writes acknowledged before the kill: too few to test`);

    // Restart on the same database; the restarted server must serve every acknowledged announcement.
    server = await startServer(target);
    log(`  [crash/${label}] restarted in ${server.startMs} ms`);
    const again = await login(server.base);
    const apiLost = [];
    await pool([...acked.values()], 8, async (a) => {
      const { body } = await call(server.base, 'GET', `/apis/ElsNoticeService/findDetail/${a.id}`, {
        headers: again,
      });
      if (body?.code !== '200') apiLost.push(`${a.id}: findDetail answered ${body?.code}`);
      else if (body.data.version < a.version || (a.status === '1' && body.data.status !== '1'))
        apiLost.push(
          `${a.id}: API shows version ${body.data.version} status ${body.data.status}, acknowledged ${a.version}/${a.status}`,
        );
    });
    // And it still writes: one more announcement through create and publish.
    const after = await call(server.base, 'POST', '/apis/ElsNoticeService/save', {
      body: noticeBody(`chaos-${tag}-after-restart`),
      headers: again,
    });
    if (after.body?.code !== '200')
      throw new Error(`create after restart failed: ${JSON.stringify(after.body)}`);
    const pub = await call(server.base, 'POST', `/apis/ElsNoticeService/publish/${after.body.data.id}`, {
      body: { version: after.body.data.version },
      headers: again,
    });
    if (pub.body?.code !== '200')
      throw new Error(`publish after restart failed: ${JSON.stringify(pub.body)}`);
    acked.set(after.body.data.id, {
      id: after.body.data.id,
      title: `chaos-${tag}-after-restart`,
      version: pub.body.data.version,
      status: '1',
      writes: 2,
    });

    // Full check in SQL. PGlite allows one process per folder: stop the server first.
    let querier;
    if (db === 'postgres') {
      querier = await pgQuerier(database.url);
    } else {
      const stopped = await stopServer(server);
      if (stopped.code !== 0)
        row.notes.push(`restarted server exited ${stopped.code ?? stopped.signal} on SIGTERM`);
      querier = await pgliteQuerier(target.dataDir);
    }
    let result;
    try {
      result = await verifyNotices(querier, acked, tag);
    } finally {
      await querier.close();
    }
    const lost = [...apiLost, ...result.lost];
    row.acked = [...acked.values()].reduce((n, a) => n + a.writes, 0);
    row.checked = result.writesChecked;
    row.lost = lost.length;
    row.notes.push(
      `${result.documents} documents checked for integrity (${result.published} published, ${result.unacknowledged} committed but unacknowledged), ${inFlightAtKill} in flight at SIGKILL`,
    );
    for (const line of lost.slice(0, 10)) log(`  [crash/${label}] LOST ${line}`);
    for (const line of result.broken.slice(0, 10)) log(`  [crash/${label}] HALF-WRITTEN ${line}`);
    const failures = [];
    if (lost.length) failures.push(`${lost.length} acknowledged writes lost`);
    if (result.broken.length) failures.push(`${result.broken.length} half-written`);
    if (state.unexpected.length)
      failures.push(`${state.unexpected.length} unexpected answers before the kill`);
    if (failures.length) row.notes.unshift(failures.join(', '));
    row.result = failures.length ? 'FAIL' : 'pass';
    row.details = { acked, result, tag, target };
    log(`  [crash/${label}] ${row.result}: ${row.notes.join('; ')}`);
    return row;
  } catch (error) {
    row.notes.unshift(error.message.split('\n')[0]);
    log(`  [crash/${label}] FAIL: ${error.message}`);
    if (server) log(tail(server.log, 20));
    return row;
  } finally {
    if (server) await stopServer(server, 5000).catch(() => {});
    if (database)
      await database
        .drop()
        .catch((e) => log(`  [crash/${label}] could not drop ${database.name}: ${e.message}`));
  }
}

if (isMain(import.meta.url)) {
  const db =
    process.argv.find((a) => a.startsWith('--db='))?.slice(5) ??
    (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const row = await crashTest({ db, databaseUrl: process.env.DATABASE_URL });
  console.log(JSON.stringify({ ...row, details: undefined }));
  process.exit(row.result === 'pass' ? 0 : 1);
}
