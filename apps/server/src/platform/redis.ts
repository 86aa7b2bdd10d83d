import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How long the first connection may take before start-up fails (ms). */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long one command may wait for its answer before the limiter falls back to memory (ms). */
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * Opens this process's one Redis client (issue #18, `REDIS_URL`), used by every rate limiter
 * (platform/rate-limit.ts). Made once at start-up by buildApp and closed in its onClose hook.
 *
 * - `url`: `redis://[user:password@]host:port[/db]` or `rediss://…` (TLS), as validated by config.ts.
 * - `keyPrefix`: put before every key this client touches (ioredis's `keyPrefix`), so several
 *   installations or test runs share one Redis without colliding (config `REDIS_KEY_PREFIX`).
 * - `enableOfflineQueue: false`, as rate-limiter-flexible's documentation asks: while Redis is down a
 *   command fails at once instead of waiting in a queue, so the limiter's in-memory insurance limiter
 *   answers (platform/rate-limit.ts) and a login never hangs on Redis. `maxRetriesPerRequest: 1` and a
 *   1 s `commandTimeout` likewise bound a command caught by a dropped or silent connection. The client
 *   reconnects on its own (after 0.1 s, 0.2 s … at most every 2 s).
 *
 * Errors: rejects with an Error naming REDIS_URL (and the address, password hidden) when Redis does not
 * answer within 5 s or refuses the credentials — the server does not start without its configured
 * store. Later connection errors are logged (once per outage, and when it is back), never thrown.
 */
export async function connectRedis(options: {
  url: string;
  keyPrefix: string;
  log?: FastifyBaseLogger;
}): Promise<Redis> {
  // Loaded only when REDIS_URL is set: ioredis is ~0.15 s of a start-up that does not use it (issue #43).
  const { Redis } = await import('ioredis');
  const client = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    keyPrefix: options.keyPrefix,
    // Reconnect after 100 ms, 200 ms … at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  // Outages after start-up are logged once each (a failed start-up is thrown instead, below).
  let started = false;
  let down = false;
  // The cause of a failed start-up (refused, timed out, wrong password …): connect() says only "closed".
  let startError: Error | null = null;
  client.on('error', (error: Error) => {
    if (!started) startError = error;
    if (!started || down) return;
    down = true;
    options.log?.warn(
      { err: error },
      'Redis (REDIS_URL) unreachable: rate limits count per process meanwhile',
    );
  });
  client.on('ready', () => {
    started = true;
    if (!down) return;
    down = false;
    options.log?.info('Redis (REDIS_URL) reachable again: rate limits are shared again');
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `REDIS_URL: cannot connect to Redis at ${redactUrl(options.url)} (${(startError ?? (error as Error)).message}); start Redis or unset REDIS_URL`,
      { cause: startError ?? error },
    );
  }
  return client;
}

/** The URL without its password, for messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured address';
  }
}

/** Closes the client: waits for replies in flight (QUIT), or drops the connection if Redis is down. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}
