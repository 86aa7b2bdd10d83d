// npm run test:chaos — the reliability scenarios of issue #6, one after the other, then ONE summary
// table. Exits 1 when any scenario fails. Every child process (servers, Mosquitto, a private
// PostgreSQL) is stopped on every exit path; the whole run is bounded by a hard deadline.
//
//   node scripts/chaos/run.mjs                       # PGlite crash, restarts, shutdown
//   DATABASE_URL=postgres://… node scripts/chaos/run.mjs   # + crash and several processes on PostgreSQL
import { randomUUID } from 'node:crypto';
import { crashTest } from './crash.mjs';
import { pgliteQuerier } from './lib.mjs';
import { multiProcessTest } from './multi.mjs';
import { mqttRestartTest, postgresRestartTest } from './restart.mjs';
import { shutdownTest } from './shutdown.mjs';
import { verifyNotices } from './verify.mjs';

const DEADLINE_MS = Number(process.env.CHAOS_DEADLINE_MS ?? 6 * 60_000);
const started = Date.now();
const rows = [];

function table() {
  const head = ['scenario', 'database', 'writes acked', 'checked', 'lost', 'result'];
  const body = rows.map((r) => [
    r.scenario,
    r.database,
    String(r.acked),
    String(r.checked),
    String(r.lost),
    r.result,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const out = [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)];
  out.push('');
  rows.forEach((r, i) => {
    if (r.notes?.length) out.push(`${i + 1}. ${r.scenario} (${r.database}): ${r.notes.join('; ')}`);
  });
  out.push(
    '',
    `chaos run: ${((Date.now() - started) / 1000).toFixed(0)} s, ${rows.filter((r) => r.result === 'FAIL').length} failed`,
  );
  return out.join('\n');
}

const deadline = setTimeout(() => {
  rows.push({
    scenario: 'run deadline',
    database: '—',
    acked: 0,
    checked: 0,
    lost: 0,
    result: 'FAIL',
    notes: [`the run exceeded ${DEADLINE_MS / 1000} s and was stopped`],
  });
  console.log(`\n=== Chaos summary (deadline hit) ===\n${table()}`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

const log = (line) => console.log(line);

/**
 * The verifier must be able to fail: given the crash run's acknowledged writes plus fabricated ones (an
 * id that never existed, a publish that never happened, a version never reached), it must report each.
 */
async function verifierSelfTest(crashRow) {
  const row = {
    scenario: 'verifier self-test (3 fabricated acks)',
    database: 'PGlite',
    acked: 3,
    checked: 0,
    lost: 0,
    result: 'FAIL',
    notes: [],
  };
  try {
    const { acked, tag, target } = crashRow.details ?? {};
    if (!acked || !target?.dataDir) throw new Error('no crash run to reuse');
    const fake = new Map(acked);
    const ghost = randomUUID();
    fake.set(ghost, { id: ghost, title: `chaos-${tag}-fabricated`, version: 0, status: '0', writes: 1 });
    const unpublished = [...acked.values()].find((a) => a.status === '0');
    const published = [...acked.values()].find((a) => a.status === '1');
    if (unpublished) fake.set(unpublished.id, { ...unpublished, status: '1' });
    if (published) fake.set(published.id, { ...published, version: published.version + 5 });
    const expected = 1 + (unpublished ? 1 : 0) + (published ? 1 : 0);
    row.acked = expected;
    const q = await pgliteQuerier(target.dataDir);
    let result;
    try {
      result = await verifyNotices(q, fake, tag);
    } finally {
      await q.close();
    }
    row.checked = result.writesChecked;
    row.lost = result.lost.length;
    row.result = result.lost.length === expected ? 'pass' : 'FAIL';
    row.notes.push(
      `the verifier must report exactly the ${expected} fabricated writes as lost: ${result.lost.map((l) => l.split(':').slice(1).join(':').trim()).join(' | ')}`,
    );
  } catch (error) {
    row.notes.push(error.message);
  }
  log(`  [self-test] ${row.result}: ${row.notes.join('; ')}`);
  return row;
}

try {
  console.log('=== Crash test ===');
  if (process.env.DATABASE_URL) {
    rows.push(await crashTest({ db: 'postgres', databaseUrl: process.env.DATABASE_URL, log }));
  } else {
    log('  [crash/PostgreSQL] skipped: DATABASE_URL not set');
    rows.push({
      scenario: 'crash (SIGKILL mid-write)',
      database: 'PostgreSQL',
      acked: 0,
      checked: 0,
      lost: 0,
      result: 'skipped',
      notes: ['DATABASE_URL not set'],
    });
  }
  const pgliteCrash = await crashTest({ db: 'pglite', log });
  rows.push(pgliteCrash);
  rows.push(await verifierSelfTest(pgliteCrash));

  console.log('=== Several processes, one system ===');
  if (process.env.DATABASE_URL) {
    rows.push(...(await multiProcessTest({ databaseUrl: process.env.DATABASE_URL, log })));
  } else {
    log('  [multi] skipped: DATABASE_URL not set');
    rows.push({
      scenario: 'several processes (start, logout, push, captcha, SMS)',
      database: 'PostgreSQL',
      acked: 0,
      checked: 0,
      lost: 0,
      result: 'skipped',
      notes: ['DATABASE_URL not set'],
    });
  }

  console.log('=== Restart tests ===');
  rows.push(await postgresRestartTest({ log }));
  rows.push(await mqttRestartTest({ log }));

  console.log('=== Graceful shutdown ===');
  rows.push(await shutdownTest({ log }));
} catch (error) {
  rows.push({
    scenario: 'chaos runner',
    database: '—',
    acked: 0,
    checked: 0,
    lost: 0,
    result: 'FAIL',
    notes: [error.stack ?? String(error)],
  });
}

console.log(`\n=== Chaos summary ===\n${table()}`);
process.exit(rows.some((r) => r.result === 'FAIL') ? 1 : 0);
