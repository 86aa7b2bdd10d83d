// What is inside an over-budget chunk, and which source file imported it: a second, in-memory build
// of apps/web with its own vite.config.ts (write: false, nothing on disk, config untouched) plus a
// reporting plugin that reads rolldown's module info. Chunk names and hashes match the checked
// dist when it was built from the same sources; otherwise chunks are matched by name.
//
//   node bench/web/explain.mjs assets/ShellLayout-XXXX.js …    (or called by budget-check on failure)
import { posix, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const web = resolve(root, 'apps/web');

const pkgOf = (id) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replaceAll('\\', '/'));
  return m ? m[1] : null;
};
const short = (id) => {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '').replaceAll('\\', '/');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) return clean.slice(nm + 'node_modules/'.length);
  return clean.startsWith(`${root}/`) ? clean.slice(root.length + 1) : clean;
};
const stem = (file) => posix.basename(file).replace(/-[\w-]{6,}\.js$/, '');

export async function explain(files, { top = 8 } = {}) {
  const { build } = await import('vite');
  const report = new Map();
  await build({
    configFile: resolve(web, 'vite.config.ts'),
    root: web,
    logLevel: 'silent',
    build: { write: false, manifest: false },
    plugins: [
      {
        name: 'srm-bench-explain',
        generateBundle(_options, bundle) {
          const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
          for (const file of files) {
            const chunk =
              chunks.find((c) => c.fileName === file) ?? chunks.find((c) => stem(c.fileName) === stem(file));
            if (!chunk) continue;
            const groups = new Map(); // package or source folder → { bytes, modules, importedBy }
            for (const [id, info] of Object.entries(chunk.modules)) {
              const key = pkgOf(id) ?? posix.dirname(short(id));
              const grp = groups.get(key) ?? { bytes: 0, modules: 0, importedBy: new Set() };
              grp.bytes += info.renderedLength;
              grp.modules += 1;
              // Who pulled this package in: the first importers outside the package, found by walking
              // up through the package's own modules (barrel files such as `antd`'s index included).
              const seen = new Set([id]);
              const queue = [id];
              while (queue.length && seen.size < 2000) {
                for (const imp of this.getModuleInfo(queue.shift())?.importers ?? []) {
                  if (seen.has(imp)) continue;
                  seen.add(imp);
                  if ((pkgOf(imp) ?? posix.dirname(short(imp))) !== key) grp.importedBy.add(short(imp));
                  else queue.push(imp);
                }
              }
              groups.set(key, grp);
            }
            report.set(file, { actual: chunk.fileName, groups });
          }
        },
      },
    ],
  });
  for (const file of files) {
    const r = report.get(file);
    if (!r) {
      console.log(`\n  ${file}: not found in the analysis build (sources changed since the build?)`);
      continue;
    }
    console.log(
      `\n  inside ${file}${r.actual !== file ? ` (now ${r.actual})` : ''} — biggest parts, minified bytes before gzip:`,
    );
    const rows = [...r.groups.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top);
    for (const [key, grp] of rows) {
      const by = [...grp.importedBy];
      const names = by.slice(0, 3).join(', ') + (by.length > 3 ? ` +${by.length - 3} more` : '');
      console.log(
        `    ${`${(grp.bytes / 1024).toFixed(1)} KiB`.padStart(10)}  ${key} (${grp.modules} modules)${names ? `  ← imported by ${names}` : ''}`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await explain(process.argv.slice(2));
}
