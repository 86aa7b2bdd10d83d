import { PUBLIC_ENQUIRY_METHOD } from '@srm/contracts/enquiry';
import { INVITABLE_STAGES } from '@srm/contracts/supplier-lifecycle';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { now, nowDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { type Job, registerJobHandler, scheduleJob } from '../../platform/jobs.ts';
import { scheduledJob } from '../../platform/tables.ts';
import { accountRelation } from '../account/tables.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { fillText, notify } from '../message/index.ts';
import { enquiry, enquirySupplier } from './tables.ts';

/**
 * Receiving companies per run of the notice job: each run writes one batch (its messages, outbox rows and the
 * job's cursor) in one transaction, small enough to hold few locks and stay under the bind-parameter limit.
 */
export const PUBLIC_NOTICE_BATCH = 200;

/** The job that announces a published public RFQ (key: the RFQ's id; payload: PublicNoticePayload). */
export const PUBLIC_NOTICE_JOB = 'enquiry.publicNotice';

/**
 * The notice job's payload: the buyer, who published (the messages' sender), and the cursor — the last
 * supplier account already told ('' before the first batch). Accounts are told in ascending order.
 */
export type PublicNoticePayload = {
  elsAccount: string;
  sender: { elsAccount: string; elsSubAccount: string };
  after: string;
};

/**
 * The next `limit` companies after the account `after` (ascending) that are to hear of the public RFQ
 * `enquiryId` of `buyer` (issue #13): the buyer's linked suppliers (`account_relation`) without an
 * invitation row on that RFQ (invited, or joined already: they know of it), whose standing at the buyer is
 * a stranger (no supplier-master row, or stage stranger) or a stage with the invitation right — never
 * blacklisted, eliminated, rejected (unqualified) or frozen. A keyset read on account_relation's primary key
 * (els_account, to_els_account).
 */
export async function publicNoticeReceivers(
  db: Queryable,
  buyer: string,
  enquiryId: string,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ account: accountRelation.toElsAccount })
    .from(accountRelation)
    .leftJoin(
      supplierMaster,
      and(
        eq(supplierMaster.elsAccount, accountRelation.elsAccount),
        eq(supplierMaster.toElsAccount, accountRelation.toElsAccount),
      ),
    )
    .where(
      and(
        eq(accountRelation.elsAccount, buyer),
        gt(accountRelation.toElsAccount, after),
        sql`not exists (select 1 from ${enquirySupplier} where ${enquirySupplier.enquiryId} = ${enquiryId}
          and ${enquirySupplier.toElsAccount} = ${accountRelation.toElsAccount})`,
        or(
          sql`${supplierMaster.id} is null`,
          and(
            eq(supplierMaster.frozen, false),
            inArray(supplierMaster.supplierStatus, ['stranger', ...INVITABLE_STAGES]),
          ),
        ),
      ),
    )
    .orderBy(accountRelation.toElsAccount)
    .limit(limit);
  return rows.map((r) => r.account);
}

/**
 * Called by the publish effect of a public RFQ (issue #13), in its transaction: schedules the notice job
 * (due at once) that tells the buyer's linked suppliers about it, so publishing writes one row however many
 * suppliers the buyer has. Publishing happens once per RFQ; a key already scheduled (or done) is left as it
 * is, so nobody is told twice.
 */
export async function schedulePublicNotice(
  tx: Queryable,
  enquiryId: string,
  payload: Omit<PublicNoticePayload, 'after'>,
): Promise<void> {
  const [existing] = await tx
    .select({ id: scheduledJob.id })
    .from(scheduledJob)
    .where(and(eq(scheduledJob.kind, PUBLIC_NOTICE_JOB), eq(scheduledJob.jobKey, enquiryId)));
  if (existing) return;
  await scheduleJob(tx, {
    kind: PUBLIC_NOTICE_JOB,
    key: enquiryId,
    runAt: nowDate(),
    payload: { ...payload, after: '' },
  });
}

const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/**
 * One run of the notice job (platform/jobs.ts: claimed by one server process, in that transaction): tells
 * the next PUBLIC_NOTICE_BATCH companies of `publicNoticeReceivers` after the payload's cursor — each
 * company's active users, in their language, through `notify` and the outbox — one message "公开询价：
 * {number}（{buyer}）" linking to its Public RFQs list; then, when the batch was full, schedules its own key
 * again (due at once) with the cursor moved to the batch's last account. Messages and cursor commit together,
 * so a run that fails (or a process that dies) leaves neither, and the retry starts from the same cursor:
 * every receiver is told exactly once. Stops (done) when the RFQ is no longer a quoting public RFQ or its
 * registration (else quote) deadline has passed: nobody could take part any more. Answers the number of
 * companies told by this run. `env`: the deployment's name (the outbox topics).
 */
export async function runPublicNotice(tx: Tx, job: Job, env: string): Promise<number> {
  const payload = job.payload as PublicNoticePayload;
  const [row] = await tx
    .select()
    .from(enquiry)
    .where(and(eq(enquiry.id, job.jobKey), eq(enquiry.elsAccount, payload.elsAccount)));
  if (row?.enquiryMethod !== PUBLIC_ENQUIRY_METHOD || row.enquiryStatus !== '1') return 0;
  if ((row.joinEndTime ?? row.quoteEndTime).getTime() <= now()) return 0;
  const companies = await publicNoticeReceivers(
    tx,
    row.elsAccount,
    row.id,
    payload.after,
    PUBLIC_NOTICE_BATCH,
  );
  if (companies.length === 0) return 0;
  const params = {
    number: row.enquiryNumber,
    buyer: row.buyerName,
    desc: row.enquiryDesc,
    end: minute(row.quoteEndTime),
    join: minute(row.joinEndTime ?? row.quoteEndTime),
  };
  await notify(tx, env, {
    receivers: { companies },
    msgTitle: fillText(
      { zh_cn: '公开询价：{number}（{buyer}）', en: 'Public request for quotation {number} from {buyer}' },
      params,
    ),
    msgContent: fillText(
      {
        zh_cn: '{desc}，报名截止 {join} UTC，报价截止 {end} UTC。可在“公开询价”中查看并参与报价。',
        en: '{desc}; registration closes {join} UTC, quotes due by {end} UTC. Open Public RFQs to take part.',
      },
      params,
    ),
    sender: payload.sender,
    businessType: 'enquiry',
    businessId: row.id,
    linkUrl: '/rfq/#/v2/public',
  });
  if (companies.length === PUBLIC_NOTICE_BATCH)
    await scheduleJob(tx, {
      kind: PUBLIC_NOTICE_JOB,
      key: job.jobKey,
      // Strictly later than the claimed run, so the runner marks only that run done.
      runAt: new Date(Math.max(now(), job.runAt.getTime() + 1)),
      payload: { ...payload, after: companies[companies.length - 1] },
    });
  return companies.length;
}

registerJobHandler(PUBLIC_NOTICE_JOB, async (tx, job, { env }) => {
  await runPublicNotice(tx, job, env);
});
