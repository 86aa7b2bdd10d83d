import { CERT_REMINDER_DAYS_DEFAULT } from '@srm/contracts/supplier-lifecycle';
import { sql } from 'drizzle-orm';
import { addDays, companyTimeZone, dateOf, nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { registerJobHandler, scheduleJob } from '../../platform/jobs.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { fillText, notify } from '../message/index.ts';
import { systemSetting } from '../system/tables.ts';
import { certReminderSent } from './tables.ts';

/** The scheduled_job kind and key of the daily scan (platform/jobs.ts: one process runs it). */
export const CERT_EXPIRY_JOB = 'certExpiryScan';
const JOB_KEY = 'daily';
const DAY_MS = 86_400_000;
/** The buyer's setting (system_setting) of the days before expiry at which both sides are reminded. */
export const CERT_SETTING = { group: 'Supplier_Group', code: 'certReminderDays' } as const;

/**
 * Finds the certifications (supplier_master.certifications) expiring within N days of `now` — N the
 * buyer's `Supplier_Group/certReminderDays` setting, default 30 — and reminds both the buyer and the
 * supplier once per certification type and expiry date, each receiver in its language. The reminder is
 * recorded in cert_reminder_sent in the same transaction; its unique key (buyer, supplier, type, expiry
 * date) makes a second run (or a second process) skip it. Already expired certifications are not
 * reminded again (awards are refused for them, rights.ts). Answers the reminders sent.
 */
export async function runCertExpiryScan(tx: Queryable, env: string, now: Date): Promise<number> {
  // A wide first cut (a day either side covers every zone); each buyer's own "today" decides below (issue #35).
  const earliest = addDays(dateOf(now, 'UTC'), -1);
  const horizonMax = addDays(earliest, 3652);
  const result =
    await tx.execute(sql`select m.els_account, m.to_els_account, m.full_name, c->>'type' as cert_type,
      c->>'expiryDate' as expiry_date, s.set_value as days
    from ${supplierMaster} m
    cross join lateral jsonb_array_elements(m.certifications) c
    left join ${systemSetting} s on s.els_account = m.els_account
      and s.set_group_code = ${CERT_SETTING.group} and s.set_code = ${CERT_SETTING.code}
    where c->>'expiryDate' >= ${earliest} and c->>'expiryDate' <= ${horizonMax}`);
  const rows = ((result as { rows?: unknown[] }).rows ?? []) as Array<{
    els_account: string;
    to_els_account: string;
    full_name: string;
    cert_type: string;
    expiry_date: string;
    days: string | null;
  }>;
  let sent = 0;
  for (const r of rows) {
    const days = Number.parseInt(r.days ?? '', 10);
    const window = Number.isFinite(days) && days >= 0 ? days : CERT_REMINDER_DAYS_DEFAULT;
    const today = dateOf(now, await companyTimeZone(tx, r.els_account));
    if (r.expiry_date < today || r.expiry_date > addDays(today, window)) continue;
    const inserted = await tx
      .insert(certReminderSent)
      .values({
        elsAccount: r.els_account,
        toElsAccount: r.to_els_account,
        certType: r.cert_type,
        expiryDate: r.expiry_date,
      })
      .onConflictDoNothing()
      .returning({ id: certReminderSent.id });
    if (inserted.length === 0) continue;
    const params = { type: r.cert_type, date: r.expiry_date, supplier: `${r.to_els_account} ${r.full_name}` };
    await notify(tx, env, {
      receivers: { companies: [r.els_account] },
      msgTitle: fillText(
        {
          zh_cn: '供应商 {supplier} 的认证“{type}”将于 {date} 到期',
          en: 'Supplier {supplier}: certification “{type}” expires on {date}',
        },
        params,
      ),
      businessType: 'certExpiry',
      linkUrl: '/masterdata/#/v2/supplier-lifecycle',
    });
    await notify(tx, env, {
      receivers: { companies: [r.to_els_account] },
      msgTitle: fillText(
        {
          zh_cn: '贵司的认证“{type}”将于 {date} 到期，请及时续期',
          en: 'Your certification “{type}” expires on {date}: please renew it',
        },
        params,
      ),
      businessType: 'certExpiry',
    });
    sent++;
  }
  return sent;
}

/** The next run: tomorrow 01:00 UTC. */
export function nextScanTime(now: Date): Date {
  const next = new Date(now.getTime() + DAY_MS);
  next.setUTCHours(1, 0, 0, 0);
  return next;
}

registerJobHandler(CERT_EXPIRY_JOB, async (tx, _job, { env }) => {
  const now = nowDate();
  await runCertExpiryScan(tx, env, now);
  await scheduleJob(tx, { kind: CERT_EXPIRY_JOB, key: JOB_KEY, runAt: nextScanTime(now) });
});

/** Schedules a scan now (at server start; the job then reschedules itself daily). */
export async function scheduleCertExpiryScan(db: Queryable, now = nowDate()): Promise<void> {
  await scheduleJob(db, { kind: CERT_EXPIRY_JOB, key: JOB_KEY, runAt: now });
}
