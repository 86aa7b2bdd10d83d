// Migrations you can trust (issue #34): the tables the server declares (apps/server/src/**/tables.ts) must be
// exactly what the committed migrations and their snapshot (apps/server/drizzle/meta) describe. Runs
// `drizzle-kit generate` into a throw-away copy of apps/server/drizzle and fails when it would write a
// migration, i.e. when a table was changed without `npm run db:generate`. Run by `npm run lint`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const server = resolve(import.meta.dirname, '../apps/server');
const work = mkdtempSync(join(tmpdir(), 'srm-migrations-'));
try {
  cpSync(join(server, 'drizzle'), join(work, 'drizzle'), { recursive: true });
  const before = readdirSync(join(work, 'drizzle')).filter((f) => f.endsWith('.sql'));
  const config = join(server, `.drizzle-check-${process.pid}.config.mjs`);
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      dialect: 'postgresql',
      schema: ['./src/platform/tables.ts', './src/modules/*/tables.ts', './src/modules/*/*-tables.ts'],
      // drizzle-kit reads `out` relative to the working folder, even an absolute one.
      out: relative(server, join(work, 'drizzle')),
    })};\n`,
  );
  // drizzle-kit exits 0 on its own errors (a broken snapshot chain among them): read what it says.
  const run = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'check'], {
    cwd: server,
    encoding: 'utf8',
  });
  rmSync(config, { force: true });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.status !== 0 || /^Error/m.test(output)) {
    console.error(`✖ drizzle-kit generate failed:\n${output.split('\n').slice(-20).join('\n')}`);
    process.exit(1);
  }
  const added = readdirSync(join(work, 'drizzle')).filter((f) => f.endsWith('.sql') && !before.includes(f));
  if (added.length > 0 || !/No schema changes/.test(output)) {
    console.error(
      '✖ the tables differ from the migrations: `npm run db:generate` would write a migration. Run it, ' +
        'review the SQL and commit it with its snapshot (docs/document-kernel.md).\n',
    );
    console.error(output.split('\n').slice(-20).join('\n'));
    process.exit(1);
  }
  console.log('migrations: the tables match the migrations (drizzle-kit generate has nothing to write)');
} finally {
  rmSync(work, { recursive: true, force: true });
}
