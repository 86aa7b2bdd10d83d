// npm start: builds the web apps and the server bundle when needed, then runs the server (migrates and
// seeds on first start). The bundle is plain JavaScript (scripts/server-build.mjs): no tsx at run time.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { serverArgs } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
ensureWebBuild();
const child = spawn(process.execPath, await serverArgs(), {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
