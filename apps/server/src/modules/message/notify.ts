import type { Locale } from '@srm/contracts/constants';
import { and, eq, inArray, or } from 'drizzle-orm';
import { userTopic } from '../../platform/broker.ts';
import type { Queryable } from '../../platform/db.ts';
import { outboxEvent } from '../../platform/tables.ts';
import { subaccount } from '../account/tables.ts';
import { sysMsg } from './tables.ts';

/** Who should know: whole companies (every active sub-account) or named sub-accounts. */
export type Receivers = {
  companies?: string[];
  users?: Array<{ elsAccount: string; elsSubAccount: string }>;
};

/**
 * A text for the receiver: the same for everyone (a supplier's remark, a user's announcement) or one per
 * interface language, chosen by each receiver's language (issue #12: a buyer working in English gets
 * "New purchase order to confirm: PO…", not the Chinese title).
 */
export type LocalizedText = string | Readonly<Record<Locale, string>>;

export type Notification = {
  receivers: Receivers;
  msgTitle: LocalizedText;
  msgContent?: LocalizedText;
  sender?: { elsAccount: string; elsSubAccount: string; name?: string };
  businessType?: string;
  businessId?: string;
  linkUrl?: string;
};

const inLocale = (text: LocalizedText | undefined, locale: Locale): string =>
  text === undefined ? '' : typeof text === 'string' ? text : (text[locale] ?? text.zh_cn);

/** Fills `{name}` placeholders of both languages of a text (document numbers, amounts …). */
export function fillText(
  text: Readonly<Record<Locale, string>>,
  params: Record<string, string | number>,
): Record<Locale, string> {
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
  return { zh_cn: fill(text.zh_cn), en: fill(text.en) };
}

/**
 * The event bus (issue #4): `notify` stores a system message for each receiver and an outbox row for
 * its push, inside the caller's transaction; the dispatcher delivers the outbox to the broker after
 * commit. Title and content are written in each receiver's interface language (subaccount.lang).
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
  return unique.length;
}
