// The code figures of issue #34, made from the tree so they cannot go stale: lines per kind, production files
// over 400 lines, import edges between server modules and from platform/ (scripts/borders/check.mjs).
// `npm run figures` prints them; `npm run figures -- --write` puts them into ARCHITECTURE.md between the
// markers `<!-- figures:start -->` and `<!-- figures:end -->`; `--check` (run by `npm run lint`) fails when
// the block there differs from the tree.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { edges } from './borders/check.mjs';

const root = resolve(import.meta.dirname, '..');

/**
 * Each kind's production code by layer, as path patterns (a folder ends in '/'), and its tests. Texts (the
 * web's i18n-*.ts, locale JSON) and tests are not production code. A new kind adds a row here, or names its
 * code in a row's label (in backticks): every code of the manifest of kinds must be named in one
 * (`uncountedKinds`, so the table cannot leave a kind out).
 */
const KINDS = [
  {
    kind: 'the kernel (definitions, registrar, lists, import, PDF, Excel; default screens)',
    contracts: ['packages/contracts/src/document/'],
    server: ['apps/server/src/platform/document/'],
    web: ['apps/web/src/components/document/'],
    tests: ['apps/server/test/generated/', 'apps/server/test/document-', 'packages/contracts/test/document-'],
  },
  {
    kind: 'purchase order `order` (with order bidding)',
    contracts: ['packages/contracts/src/purchase-order'],
    server: ['apps/server/src/modules/order/', 'apps/server/src/seed/demo-orders.ts'],
    web: ['apps/web/src/modules/order/'],
    tests: ['apps/server/test/order', 'e2e/tests/orders.spec.ts', 'e2e/tests/order-bidding.spec.ts'],
  },
  {
    kind: 'delivery notice (ASN) `deliveryNote`',
    contracts: ['packages/contracts/src/delivery-note.ts'],
    server: ['apps/server/src/modules/delivery-note/', 'apps/server/src/seed/demo-deliveries.ts'],
    web: ['apps/web/src/modules/delivery/'],
    tests: ['apps/server/test/delivery-notes', 'e2e/tests/delivery-returns.spec.ts'],
  },
  {
    kind: 'return `refund`',
    contracts: ['packages/contracts/src/refund.ts'],
    server: ['apps/server/src/modules/refund/'],
    web: ['apps/web/src/modules/refund/'],
    tests: [],
  },
  {
    kind: 'contract `contract` (first slice: header, lines, clauses, payment stages)',
    contracts: ['packages/contracts/src/contract.ts'],
    server: ['apps/server/src/modules/contract/', 'apps/server/src/seed/demo-contracts.ts'],
    web: ['apps/web/src/modules/contract/'],
    tests: ['apps/server/test/contract'],
  },
  {
    kind: 'purchase requisition + demand pool `purchaseRequest`',
    contracts: ['packages/contracts/src/purchase-request.ts'],
    server: ['apps/server/src/modules/purchase-request/', 'apps/server/src/seed/demo-requisitions.ts'],
    web: ['apps/web/src/modules/requisition/'],
    tests: ['apps/server/test/purchase-request', 'apps/server/test/pool-', 'e2e/tests/requisition.spec.ts'],
  },
  {
    kind: 'RFQ `enquiry`',
    contracts: ['packages/contracts/src/enquiry'],
    server: ['apps/server/src/modules/enquiry/', 'apps/server/src/seed/demo-enquiries.ts'],
    web: ['apps/web/src/modules/rfq/'],
    tests: [
      'apps/server/test/enquiry',
      'packages/contracts/test/enquiry',
      'e2e/tests/sourcing.spec.ts',
      'e2e/tests/rfq-',
      'e2e/tests/cost-templates.spec.ts',
    ],
  },
  {
    kind: 'e-auction `ebidding`',
    contracts: ['packages/contracts/src/ebidding.ts'],
    server: ['apps/server/src/modules/ebidding/', 'apps/server/src/seed/demo-ebiddings.ts'],
    web: ['apps/web/src/modules/ebidding/'],
    tests: [
      'apps/server/test/ebidding',
      'packages/contracts/test/ebidding',
      'e2e/tests/ebidding',
      'e2e/tests/pool-',
    ],
  },
  {
    kind: 'financial coordination `deductCost`, `addCost`, `recon`, `invoice`',
    contracts: ['packages/contracts/src/finance'],
    server: ['apps/server/src/modules/finance/', 'apps/server/src/seed/demo-finance.ts'],
    web: ['apps/web/src/modules/finance/'],
    tests: [
      'apps/server/test/finance',
      'apps/server/test/invoice',
      'apps/server/test/recon',
      'packages/contracts/test/finance',
      'e2e/tests/finance.spec.ts',
    ],
  },
  {
    kind: 'supplier admission `supplierAccess`, factory inspections `facInsTemplate`, `facIns`, samples `sampleTemplateNumber`, `sampleNumber`',
    contracts: [
      'packages/contracts/src/admission.ts',
      'packages/contracts/src/inspection.ts',
      'packages/contracts/src/supplier-certification.ts',
    ],
    server: [
      'apps/server/src/modules/admission/',
      'apps/server/src/seed/demo-admission.ts',
      'apps/server/src/seed/demo-inspection.ts',
    ],
    web: ['apps/web/src/modules/admission/'],
    tests: [
      'apps/server/test/admission',
      'apps/server/test/inspection',
      'packages/contracts/test/admission',
      'packages/contracts/test/inspection',
      'e2e/tests/admission.spec.ts',
      'e2e/tests/inspection.spec.ts',
    ],
  },
  {
    kind: 'supplier information change `supplierChange` (own routes)',
    contracts: ['packages/contracts/src/supplier-change.ts'],
    server: ['apps/server/src/modules/supplier-change/', 'apps/server/src/seed/demo-supplier-change.ts'],
    web: ['apps/web/src/modules/supplier-change/'],
    tests: [
      'apps/server/test/supplier-change',
      'packages/contracts/test/supplier-change',
      'e2e/tests/supplier-change.spec.ts',
    ],
  },
  {
    kind: 'supplier lifecycle `supplierStatusChange` (own routes)',
    contracts: ['packages/contracts/src/supplier-lifecycle.ts'],
    server: ['apps/server/src/modules/supplier-lifecycle/', 'apps/server/src/seed/demo-lifecycle.ts'],
    web: ['apps/web/src/modules/masterdata/Lifecycle', 'apps/web/src/modules/masterdata/lifecycle-'],
    tests: [
      'apps/server/test/supplier-lifecycle',
      'packages/contracts/test/supplier-lifecycle',
      'e2e/tests/supplier-lifecycle.spec.ts',
    ],
  },
  {
    kind: 'performance appraisal `appraisal` (own routes)',
    contracts: ['packages/contracts/src/appraisal.ts'],
    server: ['apps/server/src/modules/appraisal/', 'apps/server/src/seed/demo-appraisal.ts'],
    web: ['apps/web/src/modules/appraisal/'],
    tests: ['apps/server/test/appraisal', 'e2e/tests/appraisal.spec.ts'],
  },
  {
    kind: 'improvement sheets `improvement`, `improvementTemplate`',
    contracts: ['packages/contracts/src/improvement.ts'],
    server: ['apps/server/src/modules/improvement/', 'apps/server/src/seed/demo-improvement.ts'],
    web: ['apps/web/src/modules/improvement/'],
    tests: [
      'apps/server/test/improvement',
      'packages/contracts/test/improvement',
      'e2e/tests/improvement.spec.ts',
    ],
  },
];

const isTest = (p) => /\.test\.tsx?$|\/test\//.test(p) || p.startsWith('e2e/');
const isText = (p) => /(^|\/)i18n[^/]*\.ts$|\/locales\//.test(p) || p.endsWith('.json');
const isCode = (p) => /\.(ts|tsx|mjs|css)$/.test(p);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\n')
  .filter((p) => p && isCode(p));
const lineCache = new Map();
/** Non-blank lines of a file. */
function linesOf(p) {
  if (!lineCache.has(p)) {
    let text = '';
    try {
      text = readFileSync(join(root, p), 'utf8');
    } catch {}
    lineCache.set(p, text.split('\n').filter((l) => l.trim() !== '').length);
  }
  return lineCache.get(p);
}
const matches = (p, patterns) => patterns.some((pattern) => p.startsWith(pattern));
const sum = (patterns, filter) =>
  files.filter((p) => matches(p, patterns) && filter(p)).reduce((n, p) => n + linesOf(p), 0);
const prod = (p) => !isTest(p) && !isText(p);
const fmt = (n) => n.toLocaleString('en-US');

/** The codes of the manifest of kinds (packages/contracts/src/kinds.ts) that no row's label names. */
export function uncountedKinds() {
  const manifest = readFileSync(join(root, 'packages/contracts/src/kinds.ts'), 'utf8');
  const codes = [...manifest.matchAll(/^ {4}code: '(\w+)',$/gm)].map((m) => m[1]);
  if (codes.length === 0) throw new Error('figures: no kind codes found in packages/contracts/src/kinds.ts');
  return codes.filter((code) => !KINDS.some((k) => k.kind.includes(`\`${code}\``)));
}

/** The generated markdown block. */
export function figures() {
  const uncounted = uncountedKinds();
  if (uncounted.length > 0)
    throw new Error(`figures: no row of KINDS names ${uncounted.join(', ')} (scripts/figures.mjs)`);
  const rows = KINDS.map((k) => {
    const c = sum(k.contracts, prod);
    const s = sum(k.server, prod);
    const w = sum(k.web, prod);
    const t = sum(k.tests, isTest);
    return `| ${k.kind} | ${fmt(c)} | ${fmt(s)} | ${fmt(w)} | ${fmt(c + s + w)} | ${fmt(t)} |`;
  });
  const production = files.filter(
    (p) => /^(apps\/(server|web)\/src|packages\/contracts\/src)\//.test(p) && prod(p) && /\.tsx?$/.test(p),
  );
  const long = production.filter((p) => linesOf(p) > 400);
  const all = edges(root);
  const between = all.filter((e) => e.from.startsWith('apps/server/src/modules/'));
  const pair = (e) => `${e.from.split('/')[4]} -> ${e.to.split('/')[4]}`;
  const fromPlatform = all.filter((e) => e.from.startsWith('apps/server/src/platform/'));
  const web = all.filter((e) => e.from.startsWith('apps/web/'));
  return [
    'Lines per kind: non-blank lines of production code (texts and tests excluded), tests separately.',
    '',
    '| kind | contracts | server | web | total | tests |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `- Production files over 400 non-blank lines: **${long.length}** of ${production.length}.`,
    `- Imports across server module borders: **${between.length}** (files), between **${new Set(between.map(pair)).size}** module pairs; from \`platform/\` into modules: **${fromPlatform.length}**; across web feature borders: **${web.length}**.`,
  ].join('\n');
}

const START = '<!-- figures:start (npm run figures -- --write) -->';
const END = '<!-- figures:end -->';
if (import.meta.url === `file://${process.argv[1]}`) {
  const block = figures();
  const path = join(root, 'ARCHITECTURE.md');
  const doc = readFileSync(path, 'utf8');
  const at = doc.indexOf(START);
  const end = doc.indexOf(END);
  const current = at >= 0 && end > at ? doc.slice(at + START.length, end).trim() : null;
  if (process.argv.includes('--write')) {
    if (current === null) throw new Error(`ARCHITECTURE.md has no ${START} … ${END} block`);
    writeFileSync(path, `${doc.slice(0, at + START.length)}\n${block}\n${doc.slice(end)}`);
    console.log('figures: ARCHITECTURE.md updated');
  } else if (process.argv.includes('--check')) {
    if (current !== block) {
      console.error('✖ the figures in ARCHITECTURE.md are stale: run `npm run figures -- --write`');
      process.exit(1);
    }
    console.log('figures: ARCHITECTURE.md is current');
  } else console.log(block);
}
