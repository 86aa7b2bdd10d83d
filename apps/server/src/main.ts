import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { DEMO_PASSWORD } from './seed/demo.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const started = Date.now();
const { app, database, seeded } = await startServer(config, {
  logger: {
    level: config.LOG_LEVEL,
    redact: ['req.headers.token', 'req.headers.refreshtoken', 'req.headers.cookie'],
  },
});

// Graceful shutdown: on SIGTERM the server first drains — readiness answers 503 so a load balancer
// stops sending, while connections already queued by the kernel are still accepted and served — until
// no new connection has come for DRAIN_QUIET_MS (at most SHUTDOWN_DRAIN_MS); then it closes the
// listener, finishes the requests in flight and closes the database cleanly.
const DRAIN_QUIET_MS = 300;
let lastConnectionAt = Date.now();
app.server.on('connection', () => {
  lastConnectionAt = Date.now();
});
async function drain(maxMs: number) {
  const until = Date.now() + maxMs;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A busy loop may not have accepted what the kernel queued yet: let one poll phase run first.
    await new Promise((resolve) => setImmediate(resolve));
    if (Date.now() >= until || Date.now() - lastConnectionAt >= DRAIN_QUIET_MS) return;
  }
}
closeWithGrace({ delay: 10_000 + config.SHUTDOWN_DRAIN_MS }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  if (signal === 'SIGTERM' && config.SHUTDOWN_DRAIN_MS > 0) {
    app.lifecycle.draining = true;
    app.log.info({ maxDrainMs: config.SHUTDOWN_DRAIN_MS }, 'SIGTERM: draining before close');
    await drain(config.SHUTDOWN_DRAIN_MS);
  }
  await app.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const url = `http://localhost:${port}/portal/`;
const lines = [
  '',
  `SRM portal ready in ${Date.now() - started} ms on ${database.kind === 'pglite' ? `PGlite (${config.DATA_DIR})` : 'PostgreSQL'}${seeded ? ', demo world seeded' : ''}`,
  `  Portal:   ${url}`,
  `  API docs: http://localhost:${port}/apis/docs`,
  '',
  `  Demo logins (password ${DEMO_PASSWORD}):`,
  '    buyer    100000 / admin   (administrator, sees System management)',
  '    buyer    100000 / buyer1  (buyer, no administration)',
  '    supplier 200001 / admin',
  '    supplier 200002 / admin   (must change the password at first login)',
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
