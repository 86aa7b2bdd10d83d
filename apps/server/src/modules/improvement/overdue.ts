import { dateIn, instantOfWallClock } from '@srm/contracts/calendar';
import { sql } from 'drizzle-orm';
import { addDays, defaultCompanyTimeZone, nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { registerJobHandler, scheduleJob } from '../../platform/jobs.ts';
import { fillText, notify } from '../message/index.ts';
import { improvement, improvementItem, improvementReminderSent } from './tables.ts';

/** The scheduled_job kind and key of the daily overdue scan (platform/jobs.ts: one process runs it). */
export const IMPROVEMENT_OVERDUE_JOB = 'improvementOverdueScan';
const JOB_KEY = 'daily';

/**
 * Reminds both sides (each receiver in its language) of every improvement item past its due date — the
 * supplier's promised date once answered, else the buyer's required date — that is not verified, on a sheet
 * that is sent, answered or reopened (not drafts, closed or cancelled sheets). Once per item and due date:
 * improvement_reminder_sent's unique key (item, due date) is the guard, written in the same transaction, so
 * a second run or process sends nothing and a new due date reminds again once it passes. Answers the
 * reminders sent (items).
 */
export async function runImprovementOverdueScan(tx: Queryable, env: string, now: Date): Promise<number> {
  const result = await tx.execute(sql`select i.id as item_id, i.item_name,
      coalesce(i.due_date, i.required_date)::text as due, h.id as sheet_id, h.improvement_number,
      h.els_account, h.to_els_account, h.supplier_name, h.buyer_name
    from ${improvementItem} i
    join ${improvement} h on h.id = i.document_id
    left join company c on c.els_account = h.els_account
    where i.item_status <> '2' and h.improvement_status in ('1', '2', '3')
      and coalesce(i.due_date, i.required_date)
        < (${now.toISOString()}::timestamptz at time zone coalesce(c.time_zone, ${defaultCompanyTimeZone()}))::date
    order by h.improvement_number, i.line_number`);
  const rows = ((result as { rows?: unknown[] }).rows ?? []) as Array<{
    item_id: string;
    item_name: string;
    due: string;
    sheet_id: string;
    improvement_number: string;
    els_account: string;
    to_els_account: string;
    supplier_name: string;
    buyer_name: string;
  }>;
  let sent = 0;
  for (const r of rows) {
    const inserted = await tx
      .insert(improvementReminderSent)
      .values({ itemId: r.item_id, dueDate: r.due })
      .onConflictDoNothing()
      .returning({ id: improvementReminderSent.id });
    if (inserted.length === 0) continue;
    const params = { number: r.improvement_number, item: r.item_name, date: r.due };
    const linkUrl = `/improvement/#/v2/improvement/detail?id=${r.sheet_id}`;
    await notify(tx, env, {
      receivers: { companies: [r.els_account] },
      msgTitle: fillText(
        {
          zh_cn: '改善单 {number} 的改善项“{item}”已逾期（应于 {date} 完成）',
          en: 'Improvement sheet {number}: item “{item}” is overdue (due {date})',
        },
        params,
      ),
      msgContent: fillText(
        { zh_cn: '供应商：{supplier}', en: 'Supplier: {supplier}' },
        { supplier: `${r.to_els_account} ${r.supplier_name}` },
      ),
      businessType: 'improvement',
      businessId: r.sheet_id,
      linkUrl,
    });
    await notify(tx, env, {
      receivers: { companies: [r.to_els_account] },
      msgTitle: fillText(
        {
          zh_cn: '改善单 {number} 的改善项“{item}”已逾期（应于 {date} 完成），请尽快完成整改',
          en: 'Improvement sheet {number}: item “{item}” is overdue (due {date}), please complete it',
        },
        params,
      ),
      msgContent: fillText(
        { zh_cn: '采购方：{buyer}', en: 'Buyer: {buyer}' },
        { buyer: `${r.els_account} ${r.buyer_name}` },
      ),
      businessType: 'improvement',
      businessId: r.sheet_id,
      linkUrl,
    });
    sent++;
  }
  return sent;
}

/**
 * The next run: tomorrow 01:30 on the wall clock of the server's default company zone (TZ_DEFAULT, else
 * Asia/Shanghai; issue #35). The scan judges each company by its own date, so the hour only picks a quiet time.
 */
export function nextOverdueScanTime(now: Date): Date {
  const zone = defaultCompanyTimeZone();
  const tomorrow = addDays(dateIn(zone, now.getTime()), 1);
  return new Date(instantOfWallClock(zone, `${tomorrow} 01:30`));
}

registerJobHandler(IMPROVEMENT_OVERDUE_JOB, async (tx, _job, { env }) => {
  const now = nowDate();
  await runImprovementOverdueScan(tx, env, now);
  await scheduleJob(tx, { kind: IMPROVEMENT_OVERDUE_JOB, key: JOB_KEY, runAt: nextOverdueScanTime(now) });
});

/** Schedules a scan now (at server start; the job then reschedules itself daily). */
export async function scheduleImprovementOverdueScan(db: Queryable, now = nowDate()): Promise<void> {
  await scheduleJob(db, { kind: IMPROVEMENT_OVERDUE_JOB, key: JOB_KEY, runAt: now });
}
