// npm start: builds the web apps when needed, then runs the server (migrates and seeds on first start).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
ensureWebBuild();
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
