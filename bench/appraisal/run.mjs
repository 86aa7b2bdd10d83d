// Appraisal run at scale (issue #17): `node bench/appraisal/run.mjs [--suppliers=1000] [--orders=100] [--lines=10]`
//
// 1. Creates a fresh PostgreSQL database (srm_bench_appraisal), applies the committed migrations through the
//    server's own openDatabase().migrate(), then generates with set-based SQL (INSERT … SELECT generate_series,
//    deterministic, no random()) one buyer (100000) and N suppliers (300000…) linked and qualified, and a year
//    (2025) of their documents: orders × lines (default 1,000 × 100 × 10 = 1M order lines) sent to the supplier
//    and confirmed (or refused, or never answered) after 0…47 h (audit trail), one delivery notice per order
//    with every line received 10…17 days after the order (3 in 8 after the requested date, 1 line in 23 short),
//    returns of 1 notice in 20 (2 lines each, some still drafts), 12 invoices per supplier (mixed match and
//    status), 1,000 RFQs of 5 lines with 5 quotes each (2 awarded). VACUUM ANALYZE. Each step is timed.
// 2. Releases a template with the six computed indicators and times, through the module's own service
//    functions in this process: computeMetrics (metrics.ts, the six statements over all suppliers) and
//    createRun (service.ts: the same plus the run, results and scores with their evidence written in one
//    transaction), `--repeat` times each. Memory: process RSS sampled every 50 ms during each call and
//    resourceUsage().maxRSS (this process; PostgreSQL's own backends are not counted).
// 3. Checks the stored figures of a few suppliers against the same indicators written independently here in
//    plain SQL (counted per supplier with correlated subqueries, no jsonb, no shared text with metrics.ts).
// 4. Prints a markdown report, writes bench/results/appraisal-*.json, drops the database (unless --keep-db).
// Options: --suppliers=1000 --orders=100 (per supplier) --lines=10 --repeat=2 --check=5
// --db=srm_bench_appraisal --pg=postgres://postgres@127.0.0.1:5432/postgres --keep-db --reuse-db
import { loadavg } from 'node:os';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import {
  arg,
  benchDatabase,
  fmt,
  gitCommit,
  log,
  machine,
  mib,
  secs,
  table,
  timed,
  writeResult,
} from '../lib.mjs';

const S = Number(arg('suppliers', 1000));
const O = Number(arg('orders', 100));
const L = Number(arg('lines', 10));
const REPEAT = Number(arg('repeat', 2));
const CHECK = Number(arg('check', 5));
const reuseDb = arg('reuse-db', 'false') === 'true';
const keepDb = reuseDb || arg('keep-db', 'false') === 'true';
const BUYER = '100000';
const FROM = '2025-01-01';
const TO = '2026-01-01';
const ENQUIRIES = 1000;
const EQ_LINES = 5;
const INVITED = 5;

const loadAt = {};
const noteLoad = (phase) => {
  loadAt[phase] = loadavg().map((l) => +l.toFixed(1));
  log(`load average at ${phase}: ${loadAt[phase].join(' / ')}`);
};
noteLoad('start');

const db = await benchDatabase({
  pg,
  name: arg('db', 'srm_bench_appraisal'),
  adminUrl: arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres'),
  reuse: reuseDb,
  keep: keepDb,
});
process.on('exit', () => db.drop());
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
log(`database ${db.url} ${db.reused ? 'reused' : 'created'} (PostgreSQL ${db.pgVersion}, owner ${db.role})`);

const server = (p) => tsImport(`../../apps/server/src/${p}`, import.meta.url);
const { openDatabase } = await server('platform/db.ts');
const database = await openDatabase({ kind: 'postgres', url: db.url, poolSize: 4 });
const steps = [];
if (!db.reused) {
  const m = await timed('migrations', () => database.migrate());
  steps.push(['migrations', m.ms]);
}

// ---------------------------------------------------------------- 1. data (set-based)
const B = `'${BUYER}'`;
const sup = (s) => `(300000 + ${s})::text`;
const uid = (tag, ...k) => `md5('${tag}' || ${k.map((x) => `(${x})::text`).join(` || '-' || `)})::uuid`;
/** Order g (0 … S·O−1): supplier g % S, ordered on day ⌊(g ÷ S) · 365 ÷ O⌋ of 2025. */
const orderDate = `(date '${FROM}' + ((g / ${S}) * 365 / ${O})::int)`;
const GEN = [
  [
    'companies, relations, supplier master',
    `insert into company (els_account, company_name, company_short_name)
       select ${B}, 'Bench buyer', 'Bench buyer'
       union all select ${sup('s')}, 'Bench supplier ' || s, 'S' || s from generate_series(0, ${S - 1}) s;
     insert into account_relation (els_account, to_els_account)
       select ${B}, ${sup('s')} from generate_series(0, ${S - 1}) s;
     insert into supplier_master (els_account, to_els_account, supplier_code, full_name, supplier_status,
         create_user, last_update_user)
       select ${B}, ${sup('s')}, 'B' || s, 'Bench supplier ' || s, 'qualified', 'bench', 'bench'
       from generate_series(0, ${S - 1}) s`,
  ],
  [
    `${fmt(S * O)} orders, sent`,
    `insert into purchase_order (id, els_account, to_els_account, supplier_name, order_number, order_type,
         order_date, send_status, send_time, create_user, last_update_user)
       select ${uid('po', 'g')}, ${B}, ${sup(`g % ${S}`)}, 'Bench supplier ' || (g % ${S}),
         'PO' || lpad(g::text, 9, '0'), 'NB', ${orderDate}, '1', ${orderDate} + time '08:00', 'bench', 'bench'
       from generate_series(0, ${S * O - 1}) g`,
  ],
  [
    `${fmt(S * O * L)} order lines`,
    `insert into purchase_order_item (id, order_id, els_account, to_els_account, item_number, material_number,
         material_desc, unit, quantity, price_excluding_tax, tax_rate, price_including_tax, line_amount,
         delivery_date)
       select ${uid('poi', 'g', 'l')}, ${uid('po', 'g')}, ${B}, ${sup(`g % ${S}`)}, l * 10, 'M' || l,
         'Bench material ' || l, 'PCS', 100, 10, 13, 11.3, 1130, ${orderDate} + 14
       from generate_series(0, ${S * O - 1}) g, generate_series(1, ${L}) l`,
  ],
  [
    'order answers (audit trail)',
    // 1 order in 50 refused, 1 in 97 never answered, the others confirmed 0 … 47 h after sending.
    `insert into audit_trail (els_account, document_kind, document_id, action, create_user, create_date)
       select ${sup(`g % ${S}`)}, 'order', ${uid('po', 'g')}, case when g % 50 = 0 then 'refuse' else 'confirm' end,
         'bench', ${orderDate} + time '08:00' + make_interval(hours => (g * 7) % 48)
       from generate_series(0, ${S * O - 1}) g where g % 97 <> 0`,
  ],
  [
    `${fmt(S * O)} delivery notices, received`,
    // Received 10 + ((g ÷ S)·5 + g·13 mod 8) days after the order; requested 14 days after: 3 in 8 late.
    `insert into delivery_note (id, els_account, to_els_account, create_user, last_update_user,
         delivery_note_number, supplier_name, buyer_name, note_date, confirm_date)
       select ${uid('dn', 'g')}, ${B}, ${sup(`g % ${S}`)}, 'bench', 'bench', 'DN' || lpad(g::text, 9, '0'),
         'Bench supplier ' || (g % ${S}), 'Bench buyer', ${orderDate} + 9,
         (${orderDate} + 10 + (g / ${S} * 5 + g * 13) % 8) + time '10:00'
       from generate_series(0, ${S * O - 1}) g`,
  ],
  [
    `${fmt(S * O * L)} delivery lines`,
    `insert into delivery_note_item (id, els_account, to_els_account, line_number, document_id, order_id,
         order_item_id, order_number, item_number, material_number, material_desc, unit, quantity,
         send_delivery_note_quantity, confirm_quantity)
       select ${uid('dni', 'g', 'l')}, ${B}, ${sup(`g % ${S}`)}, l, ${uid('dn', 'g')}, ${uid('po', 'g')},
         ${uid('poi', 'g', 'l')}, 'PO' || lpad(g::text, 9, '0'), l * 10, 'M' || l, 'Bench material ' || l,
         'PCS', 100, 100, case when (g + l) % 23 = 0 then 95 else 100 end
       from generate_series(0, ${S * O - 1}) g, generate_series(1, ${L}) l`,
  ],
  [
    'returns (1 notice in 20, 2 lines)',
    `insert into refund (id, els_account, to_els_account, create_user, last_update_user, refund_number,
         delivery_note_id, delivery_note_number, supplier_name, buyer_name, return_data, back_reason, refund_status)
       select ${uid('rf', 'g')}, ${B}, ${sup(`g % ${S}`)}, 'bench', 'bench', 'RF' || lpad(g::text, 9, '0'),
         ${uid('dn', 'g')}, 'DN' || lpad(g::text, 9, '0'), 'Bench supplier ' || (g % ${S}), 'Bench buyer',
         ${orderDate} + 20, 'quality', case when g % 60 = 0 then '0' when g % 40 = 0 then '1' else '2' end
       from generate_series(0, ${S * O - 1}) g where g % 20 = 0;
     insert into refund_item (els_account, to_els_account, line_number, document_id, delivery_note_item_id,
         order_item_id, order_number, item_number, material_number, material_desc, unit, return_quantity,
         price_including_tax, total_amount)
       select ${B}, ${sup(`g % ${S}`)}, l, ${uid('rf', 'g')}, ${uid('dni', 'g', 'l')}, ${uid('poi', 'g', 'l')},
         'PO' || lpad(g::text, 9, '0'), l * 10, 'M' || l, 'Bench material ' || l, 'PCS', 3 + l, 11.3,
         (3 + l) * 11.3
       from generate_series(0, ${S * O - 1}) g, generate_series(1, 2) l where g % 20 = 0`,
  ],
  [
    'reconciliations and invoices (12 per supplier)',
    `insert into recon (id, els_account, to_els_account, create_user, last_update_user, recon_number,
         recon_source, buyer_name, supplier_name, recon_date, begin_date, end_date, currency)
       select ${uid('rc', 's')}, ${B}, ${sup('s')}, 'bench', 'bench', 'RC' || lpad(s::text, 6, '0'), 'manual',
         'Bench buyer', 'Bench supplier ' || s, date '${FROM}', date '${FROM}', date '${TO}', 'CNY'
       from generate_series(0, ${S - 1}) s;
     insert into invoice (els_account, to_els_account, create_user, last_update_user, invoice_sequence,
         invoice_number, invoice_date, recon_id, recon_number, buyer_name, supplier_name, currency,
         invoice_status, match_status, back_reason)
       select ${B}, ${sup(`k % ${S}`)}, 'bench', 'bench', 'IV' || lpad(k::text, 8, '0'), 'N' || k,
         date '${FROM}' + (k / ${S}) * 30 + 14, ${uid('rc', `k % ${S}`)}, 'RC' || lpad((k % ${S})::text, 6, '0'),
         'Bench buyer', 'Bench supplier ' || (k % ${S}), 'CNY',
         (array['0','1','2','3','5','2','2'])[1 + k % 7], case when (k / ${S} + k) % 5 = 0 then '0' else '1' end,
         case when (k / ${S} * 3 + k) % 11 = 0 then 'wrong amount' end
       from generate_series(0, ${S * 12 - 1}) k`,
  ],
  [
    `${fmt(ENQUIRIES)} RFQs × ${EQ_LINES} lines × ${INVITED} quotes`,
    `insert into enquiry (id, els_account, to_els_account, create_user, last_update_user, enquiry_number,
         enquiry_desc, buyer_name, enquiry_date, quote_end_time, price_valid_date)
       select ${uid('eq', 'e')}, ${B}, ${B}, 'bench', 'bench', 'EQ' || lpad(e::text, 7, '0'), 'Bench RFQ',
         'Bench buyer', date '${FROM}' + (e * 365 / ${ENQUIRIES}), date '${FROM}' + (e * 365 / ${ENQUIRIES}) + 7,
         date '${TO}' + 90
       from generate_series(0, ${ENQUIRIES - 1}) e;
     insert into enquiry_item (id, els_account, to_els_account, line_number, document_id, material_id,
         material_number, material_desc, unit, quantity, delivery_date)
       select ${uid('eqi', 'e', 'i')}, ${B}, ${B}, i, ${uid('eq', 'e')}, ${uid('mat', 'i')}, 'M' || i,
         'Bench material ' || i, 'PCS', 100, date '${TO}'
       from generate_series(0, ${ENQUIRIES - 1}) e, generate_series(1, ${EQ_LINES}) i;
     insert into enquiry_supplier (id, enquiry_id, item_id, els_account, to_els_account, supplier_name, quota)
       select ${uid('es', 'e', 'i', 'j')}, ${uid('eq', 'e')}, ${uid('eqi', 'e', 'i')}, ${B},
         ${sup(`(e * 5 + j * 199) % ${S}`)}, 'Bench supplier', case when j < 2 then 50 end
       from generate_series(0, ${ENQUIRIES - 1}) e, generate_series(1, ${EQ_LINES}) i,
         generate_series(0, ${INVITED - 1}) j;
     insert into enquiry_quote (invitation_id, enquiry_id, to_els_account, price_excluding_tax, tax_rate,
         create_user, status)
       select ${uid('es', 'e', 'i', 'j')}, ${uid('eq', 'e')}, ${sup(`(e * 5 + j * 199) % ${S}`)},
         100 + (e * 31 + i * 7 + j * 17) % 40, 13, 'bench', case when (e + i + j) % 13 = 0 then '0' else '1' end
       from generate_series(0, ${ENQUIRIES - 1}) e, generate_series(1, ${EQ_LINES}) i,
         generate_series(0, ${INVITED - 1}) j`,
  ],
];

const gen = new pg.Client({ connectionString: db.url });
await gen.connect();
await gen.query('SET synchronous_commit = off');
if (!db.reused) {
  for (const [label, text] of GEN) {
    const r = await timed(label, () => gen.query(text));
    steps.push([label, r.ms]);
  }
  const v = await timed('VACUUM ANALYZE', () => gen.query('VACUUM ANALYZE'));
  steps.push(['VACUUM ANALYZE', v.ms]);
}
const counts = (
  await gen.query(`select
    (select count(*) from purchase_order) as orders, (select count(*) from purchase_order_item) as order_lines,
    (select count(*) from delivery_note) as notes, (select count(*) from delivery_note_item) as note_lines,
    (select count(*) from refund) as returns, (select count(*) from refund_item) as return_lines,
    (select count(*) from invoice) as invoices, (select count(*) from enquiry_quote) as quotes,
    (select count(*) from audit_trail) as answers,
    (select pg_size_pretty(pg_database_size(current_database()))) as size`)
).rows[0];
log(`dataset: ${JSON.stringify(counts)}`);

// ---------------------------------------------------------------- 2. the module's own service functions
const { computeMetrics } = await server('modules/appraisal/metrics.ts');
const { createRun, runDetail, runEvidence, saveTemplate, setTemplateStatus } = await server(
  'modules/appraisal/service.ts',
);
const auth = {
  subaccountId: 'bench',
  sessionId: 'bench',
  elsAccount: BUYER,
  elsSubAccount: 'admin',
  station: 'purchase',
  permission: '',
};
const ITEMS = [
  ['onTimeDelivery', 'delivery', 20],
  ['quantityAccuracy', 'delivery', 15],
  ['returnRate', 'quality', 25],
  ['priceCompetitiveness', 'cost', 20],
  ['responsiveness', 'service', 10],
  ['invoiceAccuracy', 'service', 10],
];
const metrics = ITEMS.map(([m]) => m);
const orm = database.db;
const draft = await saveTemplate(orm, auth, {
  templateName: `Bench ${new Date().toISOString()}`,
  excellentMin: 90,
  goodMin: 80,
  qualifiedMin: 60,
  items: ITEMS.map(([metric, dimension, weight]) => ({
    itemName: metric,
    dimension,
    weight,
    kind: 'computed',
    metric,
  })),
});
const template = await setTemplateStatus(orm, auth, draft.id, draft.version, '1');
const accounts = (
  await gen.query(
    `select to_els_account from account_relation where els_account = $1 order by to_els_account`,
    [BUYER],
  )
).rows.map((r) => r.to_els_account);

/** Runs fn with the RSS sampled every 50 ms: { r, ms, peakRss }. */
async function measured(fn) {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const t0 = performance.now();
  try {
    const r = await fn();
    return { r, ms: performance.now() - t0, peakRss: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

const rssBefore = process.memoryUsage.rss();
noteLoad('measure');
const computeRuns = [];
let lastFigures = null;
for (let i = 0; i < REPEAT; i++) {
  const m = await measured(() => computeMetrics(orm, BUYER, accounts, FROM, TO, metrics, 'Asia/Shanghai'));
  lastFigures = m.r;
  computeRuns.push(m);
  log(`  computeMetrics #${i + 1}: ${secs(m.ms)}, peak RSS ${mib(m.peakRss)} MiB`);
}
const runRuns = [];
let lastRun = null;
for (let i = 0; i < REPEAT; i++) {
  const m = await measured(() =>
    createRun(orm, auth, { templateId: template.id, periodFrom: FROM, periodTo: TO, experts: [] }),
  );
  lastRun = m.r;
  runRuns.push(m);
  log(
    `  createRun #${i + 1} (${m.r.run.appraisalNumber}, ${m.r.results.length} suppliers): ${secs(m.ms)}, peak RSS ${mib(m.peakRss)} MiB`,
  );
}
// What the run page loads: the run's detail (counts, no evidence) and one figure's evidence when it is opened.
const detailRead = await measured(() => runDetail(orm, auth, lastRun.run.id));
const detailBytes = Buffer.byteLength(JSON.stringify(detailRead.r));
const opened = lastRun.scores.find((x) => x.evidenceCount > 0) ?? lastRun.scores[0];
const evidenceRead = await measured(() =>
  runEvidence(orm, auth, lastRun.run.id, { toElsAccount: opened.toElsAccount, itemId: opened.itemId }),
);
const evidenceBytes = Buffer.byteLength(JSON.stringify(evidenceRead.r));
log(
  `  runDetail: ${secs(detailRead.ms)}, ${(detailBytes / 1048576).toFixed(1)} MB JSON; one figure's evidence (${evidenceRead.r.length} rows): ${secs(evidenceRead.ms)}, ${(evidenceBytes / 1024).toFixed(0)} KiB`,
);
const maxRss = process.resourceUsage().maxRSS * 1024;

// Per-statement wall time of the six statements (one computeMetrics call per metric).
const perMetric = [];
for (const metric of metrics) {
  const t0 = performance.now();
  await computeMetrics(orm, BUYER, accounts, FROM, TO, [metric], 'Asia/Shanghai');
  perMetric.push([metric, performance.now() - t0]);
}

// ---------------------------------------------------------------- 3. the same figures by hand
// Per supplier: [total, good] of each indicator, written independently of metrics.ts.
const HAND = {
  onTimeDelivery: `select count(*) as total,
      sum(case when cast(timezone('UTC', n.confirm_date) as date) <= o.delivery_date then 1 else 0 end) as good
    from delivery_note_item d, delivery_note n, purchase_order_item o
    where n.id = d.document_id and o.id = d.order_item_id and n.els_account = $1 and n.to_els_account = $2
      and n.confirm_date >= $3 and n.confirm_date < $4 and d.confirm_quantity > 0`,
  quantityAccuracy: `select count(*) as total,
      sum(case when d.confirm_quantity = d.send_delivery_note_quantity then 1 else 0 end) as good
    from delivery_note_item d, delivery_note n
    where n.id = d.document_id and n.els_account = $1 and n.to_els_account = $2
      and n.confirm_date >= $3 and n.confirm_date < $4 and d.confirm_quantity > 0`,
  returnRate: `select
      (select coalesce(sum(d.confirm_quantity), 0) from delivery_note_item d, delivery_note n
        where n.id = d.document_id and n.els_account = $1 and n.to_els_account = $2
          and n.confirm_date >= $3 and n.confirm_date < $4) as total,
      (select coalesce(sum(ri.return_quantity), 0) from refund_item ri, refund r
        where r.id = ri.document_id and r.els_account = $1 and r.to_els_account = $2
          and r.refund_status in ('1', '2') and r.return_data >= $3 and r.return_data < $4) as good`,
  priceCompetitiveness: `select count(*) as total,
      sum(coalesce((select min(q2.price_excluding_tax) from enquiry_supplier s2, enquiry_quote q2
            where q2.invitation_id = s2.id and q2.status = '1' and s2.item_id = s.item_id
              and s2.els_account = $1), 0) / q.price_excluding_tax) as good
    from enquiry_supplier s, enquiry_quote q, enquiry e
    where q.invitation_id = s.id and q.status = '1' and e.id = s.enquiry_id and e.els_account = $1
      and s.els_account = $1 and s.to_els_account = $2 and s.quota > 0
      and e.enquiry_date >= $3 and e.enquiry_date < $4`,
  responsiveness: `select count(*) as total,
      sum(case when exists (select 1 from audit_trail a where a.document_kind = 'order' and a.document_id = p.id
            and a.action in ('confirm', 'refuse') and a.create_date >= p.send_time
            and a.create_date <= p.send_time + interval '24 hours') then 1 else 0 end) as good
    from purchase_order p
    where p.els_account = $1 and p.to_els_account = $2 and p.send_status = '1'
      and p.send_time >= $3 and p.send_time < $4`,
  invoiceAccuracy: `select count(*) as total,
      sum(case when i.match_status = '1' and i.invoice_status <> '3' and i.back_reason is null
          then 1 else 0 end) as good
    from invoice i
    where i.els_account = $1 and i.to_els_account = $2 and i.invoice_status not in ('0', '5')
      and i.invoice_date >= $3 and i.invoice_date < $4`,
};
const checked = [];
// A step that is not a multiple of 8 samples suppliers of different lateness patterns.
const step = Math.max(1, Math.floor(accounts.length / CHECK) + 1);
const sample = accounts.filter((_, i) => i % step === 0).slice(0, CHECK);
const stored = (
  await gen.query(
    `select s.to_els_account, s.item_id, s.rate::float8 as rate from appraisal_score s
     where s.run_id = $1 and s.to_els_account = any($2)`,
    [lastRun.run.id, sample],
  )
).rows;
const itemOf = new Map(template.items.map((i) => [i.metric, i.itemId]));
let mismatches = 0;
for (const account of sample) {
  for (const metric of metrics) {
    const { total, good } = (await gen.query(HAND[metric], [BUYER, account, FROM, TO])).rows[0];
    const t = Number(total);
    const g = Number(good ?? 0);
    const hand = t > 0 ? (metric === 'returnRate' ? 1 - Math.min(1, g / t) : g / t) : null;
    const fig = lastFigures.get(metric)?.get(account)?.rate ?? null;
    const row = stored.find((r) => r.to_els_account === account && r.item_id === itemOf.get(metric));
    const kept = row?.rate ?? null;
    const same = (a, b) => (a === null ? b === null : b !== null && Math.abs(a - b) < 5e-7);
    const ok = same(hand, fig) && same(hand, kept);
    if (!ok) mismatches++;
    checked.push({ account, metric, total: t, good: g, hand, computeMetrics: fig, stored: kept, ok });
  }
}
log(`hand-SQL check: ${checked.length} figures, ${mismatches} mismatches`);
const suppliersWithFigures = Object.fromEntries(metrics.map((m) => [m, lastFigures.get(m)?.size ?? 0]));

// ---------------------------------------------------------------- 4. report
const best = (runs) => Math.min(...runs.map((r) => r.ms));
const peak = (runs) => Math.max(...runs.map((r) => r.peakRss));
const m = machine();
const report = [
  `Appraisal run over ${fmt(accounts.length)} suppliers (commit ${gitCommit()}, ${new Date().toISOString()})`,
  `Machine: ${m.cpu}, ${m.cores} cores, ${m.memTotalGiB} GiB RAM, ${m.node}; PostgreSQL ${db.pgVersion} ` +
    `(${Object.entries(db.pgSettings)
      .map(([k, v]) => `${k}=${v}`)
      .join(
        ', ',
      )}); load average ${loadAt.start.join('/')} at start, ${loadAt.measure.join('/')} when measuring`,
  '',
  table(
    ['dataset', 'rows'],
    Object.entries(counts).map(([k, v]) => [k, typeof v === 'string' && !/^\d+$/.test(v) ? v : fmt(v)]),
  ),
  '',
  table(
    ['generation step', 'wall'],
    steps.map(([k, ms]) => [k, secs(ms)]),
  ),
  '',
  table(
    ['service function', ...computeRuns.map((_, i) => `#${i + 1}`), 'peak RSS (sampled)'],
    [
      [
        'computeMetrics (six statements)',
        ...computeRuns.map((r) => secs(r.ms)),
        `${mib(peak(computeRuns))} MiB`,
      ],
      [
        'createRun (compute + write results, scores, evidence)',
        ...runRuns.map((r) => secs(r.ms)),
        `${mib(peak(runRuns))} MiB`,
      ],
    ],
  ),
  '',
  `RSS before ${mib(rssBefore)} MiB; process maxRSS (resourceUsage) ${mib(maxRss)} MiB. ` +
    `Best createRun ${secs(best(runRuns))} against the 60 s target.`,
  '',
  `The run page: runDetail ${secs(detailRead.ms)}, ${(detailBytes / 1048576).toFixed(1)} MB of JSON (evidence counts only); ` +
    `one figure's evidence on opening (${evidenceRead.r.length} rows) ${secs(evidenceRead.ms)}, ${(evidenceBytes / 1024).toFixed(0)} KiB.`,
  '',
  table(
    ['metric', 'suppliers with a figure', 'wall (one statement)'],
    perMetric.map(([k, ms]) => [k, fmt(suppliersWithFigures[k]), secs(ms)]),
  ),
  '',
  `Hand-SQL check (${sample.length} suppliers × ${metrics.length} indicators): ${checked.length - mismatches}/${checked.length} equal`,
  '',
  table(
    ['supplier', 'metric', 'total', 'good', 'hand rate', 'computeMetrics', 'stored', 'equal'],
    checked.map((c) => [
      c.account,
      c.metric,
      String(c.total),
      String(+c.good.toFixed(4)),
      c.hand === null ? '-' : c.hand.toFixed(6),
      c.computeMetrics === null ? '-' : c.computeMetrics.toFixed(6),
      c.stored === null ? '-' : c.stored.toFixed(6),
      c.ok ? '✔' : '✖',
    ]),
  ),
];
console.log(report.join('\n'));
const file = writeResult('appraisal', {
  machine: m,
  pg: { version: db.pgVersion, settings: db.pgSettings },
  loadAt,
  counts,
  steps,
  computeMetrics: computeRuns.map((r) => ({ ms: r.ms, peakRss: r.peakRss })),
  createRun: runRuns.map((r) => ({ ms: r.ms, peakRss: r.peakRss })),
  runDetail: { ms: detailRead.ms, bytes: detailBytes },
  runEvidence: { ms: evidenceRead.ms, bytes: evidenceBytes, rows: evidenceRead.r.length },
  maxRss,
  perMetric,
  checked,
});
log(`results: ${file}`);
await gen.end();
await database.close();
process.exit(mismatches === 0 ? 0 : 1);
