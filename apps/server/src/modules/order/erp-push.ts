import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { nowDate } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import type { DocRow } from '../../platform/document/kind.ts';
import { erpConnector } from '../../platform/erp-push.ts';
import { registerJobHandler, scheduleJob } from '../../platform/jobs.ts';
import { purchaseOrder, purchaseOrderItem } from './tables.ts';

/** The job that pushes a sent order to the ERP (platform/jobs.ts: once, even across processes). */
export const ORDER_ERP_PUSH_JOB = 'orderErpPush';

/** Whether this process has an ERP to push to (ERP_PUSH_URL), set when the order's routes are registered. */
let erpConnected = false;
/** Whether sending an order starts an ERP push (without ERP_PUSH_URL the order stays "no ERP connected"). */
export const orderErpConnected = () => erpConnected;

/**
 * Schedules the ERP push of an order now, in the transaction that sends it (or asks again); each push
 * gets its own key, so asking again while one waits pushes twice at most — the ERP receives the order
 * number and may ignore a repeat.
 */
export async function scheduleOrderErpPush(tx: Tx, orderId: string): Promise<void> {
  await scheduleJob(tx, {
    kind: ORDER_ERP_PUSH_JOB,
    key: `${orderId}:${Date.now()}`,
    runAt: nowDate(),
    payload: { orderId },
  });
}

/**
 * Registers the order's ERP push job (issue #18 "ERP push on order send"; seed 001 §8 "push ERP
 * successful"). The job reads the sent order and its lines in its transaction; without ERP_PUSH_URL the
 * order says no ERP is connected ('0'); else, after that transaction commits, the connector posts
 * { kind: 'order', action: 'send', elsAccount, number, document, lines } (money as decimal strings in the
 * order's currency, quantities in the line's unit) and the answer is written on the order — S with the
 * ERP's number in erpPurchaseOrderNo, or E with the error (the buyer may push again: action pushErp). A
 * process that dies between the two leaves 'P', which the buyer may push again too. Not a user's edit:
 * the version stays, so nobody's open form goes stale.
 */
export function registerOrderErpPush(
  config: Config,
  present: {
    toRecord: (row: DocRow) => Record<string, unknown>;
    toLine: (row: DocRow) => Record<string, unknown>;
  },
): void {
  erpConnected = Boolean(config.ERP_PUSH_URL);
  // The job's database and configuration are the runner's (JobContext), not this call's.
  registerJobHandler(ORDER_ERP_PUSH_JOB, async (tx, job, { afterCommit, db, config: runnerConfig }) => {
    const orderId = String(job.payload.orderId ?? '');
    const [row] = (await tx
      .select()
      .from(purchaseOrder)
      .where(eq(purchaseOrder.id, orderId))) as unknown as DocRow[];
    if (row?.sendStatus !== '1') return;
    const connector = runnerConfig ? erpConnector(runnerConfig) : null;
    if (!connector) {
      await tx
        .update(purchaseOrder)
        .set({ erpPushStatus: '0', erpPushMessage: null })
        .where(eq(purchaseOrder.id, orderId));
      return;
    }
    const lines = (await tx
      .select()
      .from(purchaseOrderItem)
      .where(eq(purchaseOrderItem.orderId, orderId))
      .orderBy(asc(purchaseOrderItem.itemNumber))) as unknown as DocRow[];
    afterCommit(async () => {
      const result = await connector.push({
        kind: 'order',
        action: 'send',
        elsAccount: String(row.elsAccount),
        number: String(row.orderNumber),
        document: present.toRecord(row),
        lines: lines.map((l) => present.toLine(l)),
      });
      await db
        .update(purchaseOrder)
        .set(
          result.ok
            ? { erpPushStatus: 'S', erpPushMessage: null, erpPurchaseOrderNo: result.erpNumber }
            : { erpPushStatus: 'E', erpPushMessage: result.message },
        )
        .where(eq(purchaseOrder.id, orderId));
    });
  });
}
