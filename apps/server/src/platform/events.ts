import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Broker } from './broker.ts';
import type { Db } from './db.ts';
import { outboxEvent } from './tables.ts';

/**
 * Delivers pending outbox rows to the broker, oldest first, in batches. Rows are claimed with
 * FOR UPDATE SKIP LOCKED so several server processes share the work; a row whose publish fails stays
 * pending and is tried again on the next round.
 */
export function createOutboxDispatcher(options: {
  db: Db;
  broker: Broker;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const { db, broker, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let lastOutage = false;

  async function deliverBatch(): Promise<number> {
    if (!broker.isUp()) {
      if (!lastOutage) log.warn('message broker unreachable: pushes wait in the outbox');
      lastOutage = true;
      return 0;
    }
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outboxEvent.id, topic: outboxEvent.topic, payload: outboxEvent.payload })
        .from(outboxEvent)
        .where(isNull(outboxEvent.deliveredDate))
        .orderBy(outboxEvent.id)
        .limit(200)
        .for('update', { skipLocked: true });
      const delivered: number[] = [];
      for (const row of rows) {
        try {
          await broker.publish(row.topic, row.payload);
          delivered.push(row.id);
        } catch (error) {
          await tx
            .update(outboxEvent)
            .set({ attempts: sql`${outboxEvent.attempts} + 1`, lastError: String((error as Error).message) })
            .where(eq(outboxEvent.id, row.id));
          if (!lastOutage) log.warn({ err: error }, 'message broker publish failed: will retry');
          lastOutage = true;
          break;
        }
      }
      if (delivered.length > 0) {
        await tx
          .update(outboxEvent)
          .set({ deliveredDate: sql`now()`, attempts: sql`${outboxEvent.attempts} + 1` })
          .where(inArray(outboxEvent.id, delivered));
        if (lastOutage) log.info('message broker reachable again: pending pushes delivered');
        lastOutage = false;
      }
      return delivered.length;
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await deliverBatch();
      total += n;
      if (n < 200) return total;
    }
  }

  /** Runs a delivery round now (after a commit); overlapping calls fold into one extra round. */
  function kick(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error) => {
        log.error({ err: error }, 'outbox delivery failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  return {
    kick,
    start() {
      timer = setInterval(() => void kick(), options.intervalMs ?? 1000);
      timer.unref();
      void kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type OutboxDispatcher = ReturnType<typeof createOutboxDispatcher>;
