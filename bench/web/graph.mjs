// What a built page loads, read from Vite's output alone (no plugin, no config change):
// the HTML's <script type=module>, <link rel=modulepreload|stylesheet|icon|preload>, the static
// `import` statements of every JS chunk (es-module-lexer), its dynamic `import()`s together with the
// files Vite preloads beside them (`__vite__mapDeps([...])`), and url(...) references in CSS.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

const TEXT = /\.(m?js|css|html|svg|json|txt|xml|map)$/i;

/**
 * Response header bytes per file as Chromium counts them (status line, headers, chunked framing), read
 * from `bench/web/run.mjs` (CDP encodedDataLength − body) against the server's answers: the pages carry
 * the document policies (CSP …), the hashed scripts and styles a short set (issue #12).
 */
export const HEADER_BYTES = { page: 920, asset: 400 };
const headerBytes = (rel) => (/\.html$/i.test(rel) ? HEADER_BYTES.page : HEADER_BYTES.asset);

/** The server's compression of static files: brotli quality 4 (@fastify/compress's default), every size. */
const br = (buf) =>
  brotliCompressSync(buf, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_GENERIC,
    },
  }).length;

/** Heavy libraries that must never load before they are used (issue #7, DESIGN §10). */
export const HEAVY = [
  { lib: 'ECharts', name: /echarts|zrender/i, content: /__ec_inner_|echarts\.apache\.org|\bzrender\b/ },
  { lib: 'mqtt.js', name: /^mqtt[.-]/i, content: /mqttjs_/ },
  { lib: 'exceljs', name: /exceljs|xlsx/i, content: /xl\/worksheets\/|xl\/workbook\.xml/ },
  { lib: 'pdfmake', name: /pdfmake|pdfkit/i, content: /pdfmake|%PDF-1\.\d/ },
  { lib: 'bpmn-js', name: /bpmn/i, content: /bpmn:Definitions|bpmn-js/ },
];

export async function loadDist(dist) {
  await init;
  const files = new Map(); // path relative to dist (posix) → { raw, gzip, wire, text? }
  const file = (rel) => {
    if (files.has(rel)) return files.get(rel);
    const abs = join(dist, rel);
    if (!existsSync(abs) || !statSync(abs).isFile()) return null;
    const buf = readFileSync(abs);
    const info = {
      path: rel,
      raw: buf.length,
      gzip: TEXT.test(rel) ? gzipSync(buf, { level: 9 }).length : buf.length,
      // What Chromium transfers: the body as the server compresses it plus the response headers.
      wire: (TEXT.test(rel) ? br(buf) : buf.length) + headerBytes(rel),
      text: TEXT.test(rel) ? buf.toString('utf8') : null,
    };
    files.set(rel, info);
    return info;
  };

  const chunks = new Map(); // JS chunk → { static: [], dynamic: [{ target, deps }] }
  const chunk = (rel) => {
    if (chunks.has(rel)) return chunks.get(rel);
    const f = file(rel);
    if (!f) return null;
    const node = { path: rel, static: [], dynamic: [] };
    chunks.set(rel, node);
    const src = f.text;
    const mapDeps = /__vite__mapDeps=\([^)]*m\.f=\[([^\]]*)\]/.exec(src);
    // With the relative build base (issue #19, BASE_PATH) the preload list names files relative to this
    // chunk (`./core-x.js`); with an absolute base, relative to dist (`assets/core-x.js`).
    const depFiles = mapDeps
      ? [...mapDeps[1].matchAll(/["'`]([^"'`]+)["'`]/g)].map((m) =>
          m[1].startsWith('.') ? posix.normalize(posix.join(posix.dirname(rel), m[1])) : m[1],
        )
      : [];
    const [imports] = parse(src);
    for (const imp of imports) {
      const spec = imp.n;
      if (!spec?.startsWith('.')) continue; // bare specifiers and computed imports: nothing to load
      const target = posix.normalize(posix.join(posix.dirname(rel), spec));
      if (imp.d === -1) node.static.push(target);
      else if (imp.d >= 0) {
        const after = src.slice(imp.se, imp.se + 400);
        const m = /^[\s\S]*?__vite__mapDeps\(\[([\d,\s]*)\]\)/.exec(after);
        const nextImport = after.indexOf('import(');
        const deps =
          m && (nextImport === -1 || m.index + m[0].length < nextImport)
            ? m[1]
                .split(',')
                .filter(Boolean)
                .map((i) => depFiles[Number(i)])
                .filter(Boolean)
            : [];
        node.dynamic.push({ target, deps });
      }
    }
    for (const t of node.static) chunk(t);
    for (const d of node.dynamic) {
      chunk(d.target);
      for (const dep of d.deps) if (dep.endsWith('.js')) chunk(dep);
    }
    return node;
  };

  const apps = [];
  for (const name of readdirSync(dist).sort()) {
    const html = join(dist, name, 'index.html');
    if (name === 'assets' || name.startsWith('.') || !existsSync(html)) continue;
    const rel = `${name}/index.html`;
    const text = file(rel).text;
    const refs = { scripts: [], preloads: [], styles: [], other: [] };
    for (const tag of text.match(/<(script|link)\b[^>]*>/gi) ?? []) {
      const url = /\b(?:src|href)\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
      if (!url || /^(data:|https?:|\/\/)/.test(url)) continue;
      const target = url.startsWith('/') ? url.slice(1) : posix.normalize(posix.join(name, url));
      if (/^<script/i.test(tag)) {
        if (/type\s*=\s*["']?module/i.test(tag)) refs.scripts.push(target);
        else refs.other.push(target);
      } else if (/rel\s*=\s*["']?modulepreload/i.test(tag)) refs.preloads.push(target);
      else if (/rel\s*=\s*["']?stylesheet/i.test(tag)) refs.styles.push(target);
      else if (/rel\s*=\s*["']?(preload|icon)/i.test(tag)) refs.other.push(target);
    }
    for (const s of [...refs.scripts, ...refs.preloads]) chunk(s);
    apps.push({ name, html: rel, ...refs });
  }

  let manifest = null;
  const mf = join(dist, '.vite/manifest.json');
  if (existsSync(mf)) manifest = JSON.parse(readFileSync(mf, 'utf8'));
  const sourceOf = new Map(); // chunk file → source module (entries and lazy chunks only)
  for (const [key, v] of Object.entries(manifest ?? {}))
    if (v.src && v.file) sourceOf.set(v.file, v.src ?? key);

  return { dist, files, file, chunks, chunk, apps, sourceOf };
}

/** url(...) references of a CSS file (fonts, images), relative to dist. */
function cssRefs(g, cssPath) {
  const text = g.file(cssPath)?.text ?? '';
  const out = [];
  for (const m of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
    const u = m[1];
    if (/^(data:|https?:|\/\/|#)/.test(u)) continue;
    out.push(u.startsWith('/') ? u.slice(1) : posix.normalize(posix.join(posix.dirname(cssPath), u)));
  }
  return out;
}

/**
 * A set of loaded files with, for each, how it got there (parent + edge kind), so that an offending
 * chunk can be traced back to the HTML page: page → entry → … → chunk.
 */
export class LoadSet {
  constructor(g) {
    this.g = g;
    this.via = new Map(); // file → { from, kind }
  }
  has(f) {
    return this.via.has(f);
  }
  clone() {
    const c = new LoadSet(this.g);
    c.via = new Map(this.via);
    return c;
  }
  add(f, from, kind) {
    if (this.via.has(f) || !this.g.file(f)) return;
    this.via.set(f, { from, kind });
    if (f.endsWith('.js')) {
      const node = this.g.chunk(f);
      for (const s of node.static) this.add(s, f, 'import');
    } else if (f.endsWith('.css')) {
      for (const r of cssRefs(this.g, f)) this.add(r, f, 'url()');
    }
  }
  /** Loads what `import(target)` inside `from` loads: the preloaded deps and the target's static closure. */
  addDynamic(from, dyn) {
    this.add(dyn.target, from, 'import()');
    for (const d of dyn.deps) this.add(d, from, `import(${posix.basename(dyn.target)}) preload`);
  }
  files() {
    return [...this.via.keys()];
  }
  bytes(filter = () => true) {
    let gzip = 0;
    let raw = 0;
    let wire = 0;
    for (const f of this.files()) {
      if (!filter(f)) continue;
      const info = this.g.file(f);
      gzip += info.gzip;
      raw += info.raw;
      wire += info.wire;
    }
    return { gzip, raw, wire };
  }
  chain(f) {
    const steps = [];
    let cur = f;
    const seen = new Set();
    while (cur && !seen.has(cur)) {
      seen.add(cur);
      const v = this.via.get(cur);
      const src = this.g.sourceOf.get(cur);
      steps.unshift(`${cur}${src ? ` (${src})` : ''}${v?.kind && v.from ? `  ⟵ ${v.kind}` : ''}`);
      cur = v?.from;
    }
    return steps;
  }
}

/** Everything a page loads before any script runs: the HTML, its module scripts, preloads, styles. */
export function eagerSet(g, app) {
  const set = new LoadSet(g);
  set.add(app.html, null, 'page');
  for (const s of app.scripts) set.add(s, app.html, '<script type=module>');
  for (const s of app.preloads) set.add(s, app.html, '<link rel=modulepreload>');
  for (const s of app.styles) set.add(s, app.html, '<link rel=stylesheet>');
  for (const s of app.other) set.add(s, app.html, '<link>');
  return set;
}

/** Heavy libraries found in the JS of a set (by chunk name or by a signature in the code). */
export function heavyIn(set) {
  const hits = [];
  for (const f of set.files()) {
    if (!f.endsWith('.js')) continue;
    const text = set.g.file(f).text;
    for (const h of HEAVY) {
      if (h.name.test(posix.basename(f)) || h.content.test(text)) hits.push({ lib: h.lib, file: f });
    }
  }
  return hits;
}

export const isJs = (f) => f.endsWith('.js');
