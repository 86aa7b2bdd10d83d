import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The PostgreSQL channel every server process listens on. */
export const CLUSTER_CHANNEL = 'srm_cluster';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes and more. */
export const MAX_NOTIFY_BYTES = 7900;

/** A message between server processes: its kind and a JSON payload. */
export type ClusterMessage = { kind: string; payload: unknown };
type Handler = (payload: unknown) => void;

/**
 * What one server process says to the others on the same database (issue #18): cache invalidations
 * (a revoked session, a user's changed password) and relayed pushes. On PostgreSQL it is LISTEN/NOTIFY on
 * `srm_cluster` — a connection of its own listens, `pg_notify` goes through the pool, and a process never
 * hears its own messages (each carries the sender's `origin`). Delivery is at most once and immediate
 * (a few ms); a process whose listening connection drops reconnects every second and then runs the
 * `reconnected` handlers (it may have missed messages: caches drop everything). On PGlite — one process
 * by nature — `publish` does nothing.
 *
 * Errors: `publish` never throws (a failed NOTIFY is logged; the caches' TTL still bounds staleness).
 * Payloads over MAX_NOTIFY_BYTES are refused with a warning.
 */
export type ClusterBus = {
  /** Whether other processes can be reached (PostgreSQL). */
  readonly shared: boolean;
  publish(kind: string, payload: unknown): Promise<void>;
  /** Calls `handler` for every message of `kind` from another process. */
  on(kind: string, handler: Handler): void;
  /** Calls `handler` after the listening connection came back (messages may have been missed). */
  onReconnected(handler: () => void): void;
  close(): Promise<void>;
};

/** The bus of a single process (PGlite, or tests without a second process): nothing to tell anyone. */
export function createLocalBus(): ClusterBus {
  return {
    shared: false,
    publish: async () => {},
    on: () => {},
    onReconnected: () => {},
    close: async () => {},
  };
}

/** The LISTEN/NOTIFY bus on PostgreSQL; resolves once this process listens. */
export async function createPostgresBus(options: {
  url: string;
  pool: pg.Pool;
  log: FastifyBaseLogger;
}): Promise<ClusterBus> {
  const origin = randomUUID();
  const handlers = new Map<string, Handler[]>();
  const reconnected: Array<() => void> = [];
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const dispatch = (text: string | undefined) => {
    if (!text) return;
    let message: { o: string; k: string; p: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.o === origin) return;
    for (const handler of handlers.get(message.k) ?? []) {
      try {
        handler(message.p);
      } catch (error) {
        options.log.warn({ err: error, kind: message.k }, 'cluster message handler failed');
      }
    }
  };

  async function listen(): Promise<void> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    client.on('notification', (n) => {
      if (n.channel === CLUSTER_CHANNEL) dispatch(n.payload);
    });
    client.on('error', () => reconnect(client));
    client.on('end', () => reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${CLUSTER_CHANNEL}`);
    listener = client;
  }

  function reconnect(dead: pg.Client) {
    if (closed || listener !== dead || retry) return;
    listener = null;
    dead.end().catch(() => {});
    options.log.warn('cluster bus: the listening connection dropped; reconnecting');
    const attempt = () => {
      retry = setTimeout(() => {
        listen()
          .then(() => {
            retry = null;
            for (const handler of reconnected) handler();
          })
          .catch(() => attempt());
      }, 1000);
      retry.unref();
    };
    attempt();
  }

  await listen();
  return {
    shared: true,
    async publish(kind, payload) {
      const text = JSON.stringify({ o: origin, k: kind, p: payload });
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
        options.log.warn({ kind, bytes: Buffer.byteLength(text) }, 'cluster message too large: not sent');
        return;
      }
      await options.pool
        .query('select pg_notify($1, $2)', [CLUSTER_CHANNEL, text])
        .then(() => undefined)
        .catch((error) => options.log.warn({ err: error, kind }, 'cluster message not sent'));
    },
    on(kind, handler) {
      handlers.set(kind, [...(handlers.get(kind) ?? []), handler]);
    },
    onReconnected(handler) {
      reconnected.push(handler);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
