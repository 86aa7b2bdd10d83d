// Where a print's time goes, in process (issue #14 leftover): `node bench/print/breakdown.mjs [--docs=3]`
//
// For each font set, in a fresh child process (so every step is cold, as after a server start): import
// pdfmake; read the Regular and Bold files; parse them with fontkit (`fontkit.create`, then the tables a
// layout needs: cmap, metrics, GSUB/GPOS); lay out a line of Chinese and Latin text; subset and encode the
// glyphs of that line (what pdfkit embeds per document); then `--docs` documents through pdfmake (an order-
// like page: a bold title and a 40-line table of Chinese and figures), each split into pdfmake's layout
// (createPdfKitDocument) and its end (font subsets encoded, streams compressed). CPU time of the process
// (user + system, process.cpuUsage, less moved by a shared machine's load than wall time) and the RSS after
// each step. Font sets:
//   otf-per-document  NotoSansHans (CFF, @embedpdf/fonts-sc) by path: pdfkit reads and parses it per document
//                     (the printer until 2026-11-29; only when that package is still installed)
//   ttf-shared        NotoSansSC (TrueType, @expo-google-fonts/noto-sans-sc) read once, the fontkit fonts
//                     shared by every document (apps/server/src/platform/document/print.ts since 2026-11-29)
// Prints a markdown table; writes bench/results/print-breakdown-*.json.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { arg, gitCommit, log, machine, root, table, writeResult } from '../lib.mjs';

const DOCS = Number(arg('docs', 3));
const requireServer = createRequire(join(root, 'apps/server/package.json'));

function fontSets() {
  const sets = {};
  try {
    const dir = join(dirname(requireServer.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
    sets['otf-per-document'] = {
      normal: join(dir, 'NotoSansHans-Regular.otf'),
      bold: join(dir, 'NotoSansHans-Bold.otf'),
      shared: false,
    };
  } catch {
    log('@embedpdf/fonts-sc is not installed: otf-per-document skipped');
  }
  const pkg = '@expo-google-fonts/noto-sans-sc';
  sets['ttf-shared'] = {
    normal: requireServer.resolve(`${pkg}/400Regular/NotoSansSC_400Regular.ttf`),
    bold: requireServer.resolve(`${pkg}/700Bold/NotoSansSC_700Bold.ttf`),
    shared: true,
  };
  return sets;
}

/** One font set, cold, in this process: answers the steps with CPU ms and RSS MiB after each. */
async function measure({ normal, bold, shared }) {
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const rssMiB = () => Math.round(process.memoryUsage().rss / 2 ** 20);
  const steps = [{ step: 'process started', cpuMs: 0, rssMiB: rssMiB() }];
  const step = async (name, fn) => {
    const c0 = cpu();
    const value = await fn();
    steps.push({ step: name, cpuMs: Math.round(cpu() - c0), rssMiB: rssMiB() });
    return value;
  };
  const PdfPrinter = await step('import pdfmake', () => requireServer('pdfmake'));
  const pdfkitPath = createRequire(requireServer.resolve('pdfmake')).resolve('@foliojs-fork/pdfkit');
  const fontkit = createRequire(pdfkitPath)('@foliojs-fork/fontkit');
  const buffers = await step('read Regular + Bold', () => [readFileSync(normal), readFileSync(bold)]);
  const fonts = await step('fontkit.create ×2', () => buffers.map((b) => fontkit.create(b)));
  const text = '采购订单 PO2026110001 供应商：深圳市华南包装有限公司 数量 1,200.000 单价 12.50';
  const runs = await step('first layout (cmap, metrics, GSUB/GPOS) ×2', () =>
    fonts.map((f) => f.layout(text)),
  );
  await step('subset + encode the line ×2', async () => {
    for (const [i, f] of fonts.entries()) {
      const subset = f.createSubset();
      for (const g of runs[i].glyphs) subset.includeGlyph(g.id);
      const encoded = subset.encodeStream();
      encoded.resume();
      await new Promise((ok) => encoded.on('end', ok));
    }
  });
  let definitions;
  if (shared) {
    const parsed = new Map(buffers.map((b, i) => [b, fonts[i]]));
    const create = fontkit.create;
    fontkit.create = (b, name) => parsed.get(b) ?? create.call(fontkit, b, name);
    definitions = { normal: buffers[0], bold: buffers[1], italics: buffers[0], bolditalics: buffers[1] };
  } else definitions = { normal, bold, italics: normal, bolditalics: bold };
  const printer = new PdfPrinter({ NotoSans: definitions });
  const doc = (n) => ({
    pageSize: 'A4',
    defaultStyle: { font: 'NotoSans', fontSize: 9 },
    content: [
      { text: `采购订单 PO20261100${n}`, fontSize: 16, bold: true },
      {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto'],
          body: [
            ['物料编码', '物料描述', '数量', '单价'].map((text) => ({ text, bold: true })),
            ...Array.from({ length: 40 }, (_, i) => [
              `MAT-${String(i + n).padStart(5, '0')}`,
              `瓦楞纸箱 五层 ${i + 1} 号（${['华东', '华南', '西南', '华北'][i % 4]}仓）`,
              `${(i + 1) * 12}.000`,
              '12.50',
            ]),
          ],
        },
      },
    ],
  });
  let bytes = 0;
  for (let n = 1; n <= DOCS; n++) {
    const pdf = await step(`document ${n}: pdfmake layout`, () => printer.createPdfKitDocument(doc(n)));
    const chunks = [];
    pdf.on('data', (c) => chunks.push(c));
    const ended = new Promise((ok) => pdf.on('end', ok));
    const c0 = cpu();
    pdf.end();
    await ended;
    steps.push({
      step: `document ${n}: end (subsets, compression)`,
      cpuMs: Math.round(cpu() - c0),
      rssMiB: rssMiB(),
    });
    bytes = Buffer.concat(chunks).length;
  }
  return { steps, pdfBytes: bytes };
}

if (process.argv[2] === '--child') {
  const answer = await measure(JSON.parse(process.argv[3]));
  process.stdout.write(JSON.stringify(answer));
} else {
  const results = {};
  for (const [name, set] of Object.entries(fontSets())) {
    log(`${name} …`);
    const child = spawnSync(
      process.execPath,
      [import.meta.filename, '--child', JSON.stringify(set), `--docs=${DOCS}`],
      {
        encoding: 'utf8',
        maxBuffer: 1e7,
      },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    results[name] = JSON.parse(child.stdout);
  }
  const names = Object.keys(results);
  const file = writeResult('print-breakdown', {
    when: new Date().toISOString(),
    commit: gitCommit(),
    machine: machine(),
    results,
  });
  console.log(
    table(
      ['step', ...names.map((n) => `${n}: CPU ms / RSS MiB after`)],
      results[names[0]].steps.map((s, i) => [
        s.step,
        ...names.map((n) => `${results[n].steps[i].cpuMs} / ${results[n].steps[i].rssMiB}`),
      ]),
    ),
  );
  console.log(
    `\nPDF of the last document: ${names.map((n) => `${n} ${Math.round(results[n].pdfBytes / 1024)} KiB`).join(', ')}`,
  );
  log(`written ${file}`);
}
