import type { Locale } from '@srm/contracts/constants';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { userTopic } from '../../platform/broker.ts';
import type { Queryable } from '../../platform/db.ts';
import {
  fillText,
  type LocalizedText,
  type Notification,
  type Receivers,
} from '../../platform/notification.ts';
import { outboxEvent } from '../../platform/tables.ts';
import { subaccount } from '../account/tables.ts';
import { webhookEndpoint } from '../webhook/tables.ts';
import { sysMsg } from './tables.ts';

export { fillText, type LocalizedText, type Notification, type Receivers };

const inLocale = (text: LocalizedText | undefined, locale: Locale): string =>
  text === undefined ? '' : typeof text === 'string' ? text : (text[locale] ?? text.zh_cn);

/**
 * The event bus (issue #4): `notify` stores a system message for each receiver and an outbox row for
 * its push, inside the caller's transaction; the dispatcher delivers the outbox to the broker after
 * commit. Title and content are written in each receiver's interface language (subaccount.lang).
 * In the same transaction each receiving company's webhook endpoints subscribed to `message.created`
 * (`message.*` or `*`) get one event (issue #18, docs/webhooks.md).
 * Returns the number of messages written.
 */
export async function notify(tx: Queryable, env: string, notification: Notification): Promise<number> {
  const named = notification.receivers.users ?? [];
  const companies = notification.receivers.companies ?? [];
  if (named.length === 0 && companies.length === 0) return 0;
  // One query for the active receivers and their languages: whole companies and named users.
  const conditions = [
    ...(companies.length > 0 ? [inArray(subaccount.elsAccount, companies)] : []),
    ...named.map((u) =>
      and(eq(subaccount.elsAccount, u.elsAccount), eq(subaccount.elsSubAccount, u.elsSubAccount)),
    ),
  ];
  const rows = await tx
    .select({
      elsAccount: subaccount.elsAccount,
      elsSubAccount: subaccount.elsSubAccount,
      lang: subaccount.lang,
    })
    .from(subaccount)
    .where(and(or(...conditions), eq(subaccount.status, 'active')));
  const unique = [...new Map(rows.map((u) => [`${u.elsAccount}_${u.elsSubAccount}`, u])).values()];
  if (unique.length === 0) return 0;
  await tx.insert(sysMsg).values(
    unique.map((u) => ({
      elsAccount: u.elsAccount,
      elsSubAccount: u.elsSubAccount,
      msgTitle: inLocale(notification.msgTitle, u.lang),
      msgContent: inLocale(notification.msgContent, u.lang),
      senderElsAccount: notification.sender?.elsAccount ?? null,
      senderElsSubAccount: notification.sender?.elsSubAccount ?? null,
      senderName: notification.sender?.name ?? null,
      businessType: notification.businessType ?? null,
      businessId: notification.businessId ?? null,
      linkUrl: notification.linkUrl ?? null,
    })),
  );
  await tx.insert(outboxEvent).values(
    unique.map((u) => ({
      topic: userTopic(env, u.elsAccount, u.elsSubAccount),
      // Spec 000 §3: the message pushed over the channel is plain text.
      payload: inLocale(notification.msgTitle, u.lang),
      meta: { businessType: notification.businessType ?? null, businessId: notification.businessId ?? null },
    })),
  );
  await queueMessageWebhooks(tx, notification, unique);
  return unique.length;
}

/**
 * One `message.created` event per receiving company with enabled endpoints subscribed to it: `{ id, type,
 * createdAt (ISO-8601 UTC), elsAccount, data: { msgTitle, msgContent (zh_cn and en when the text has both),
 * businessType, businessId, linkUrl, sender, receivers: [elsSubAccount …] } }`. A company's event names only
 * its own sub-accounts. Nothing is written when no endpoint listens.
 */
async function queueMessageWebhooks(
  tx: Queryable,
  notification: Notification,
  receivers: ReadonlyArray<{ elsAccount: string; elsSubAccount: string }>,
): Promise<void> {
  const byCompany = new Map<string, string[]>();
  for (const r of receivers)
    byCompany.set(r.elsAccount, [...(byCompany.get(r.elsAccount) ?? []), r.elsSubAccount]);
  const companies = [...byCompany.keys()];
  const text = (t: LocalizedText | undefined) =>
    t === undefined
      ? null
      : typeof t === 'string'
        ? { zh_cn: t, en: t }
        : { zh_cn: t.zh_cn, en: t.en ?? t.zh_cn };
  const data = {
    msgTitle: text(notification.msgTitle),
    msgContent: text(notification.msgContent),
    businessType: notification.businessType ?? null,
    businessId: notification.businessId ?? null,
    linkUrl: notification.linkUrl ?? null,
    sender: notification.sender ?? null,
  };
  const perCompany = JSON.stringify(Object.fromEntries(byCompany));
  await tx.execute(sql`insert into webhook_delivery (endpoint_id, els_account, event_id, event_type, payload)
    select e.id, e.els_account, ev.id, 'message.created',
      jsonb_build_object('id', ev.id, 'type', 'message.created',
        'createdAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'elsAccount', e.els_account,
        'data', ${JSON.stringify(data)}::jsonb
          || jsonb_build_object('receivers', ${perCompany}::jsonb -> e.els_account))::text
    from ${webhookEndpoint} e
    join (select c as els_account, gen_random_uuid() as id
          from unnest(${sql`array[${sql.join(
            companies.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[]`}) c) ev on ev.els_account = e.els_account
    where e.enabled and e.event_types && array['message.created', 'message.*', '*']::text[]`);
}
