import { and, eq, inArray } from 'drizzle-orm';
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

export type Notification = {
  receivers: Receivers;
  msgTitle: string;
  msgContent?: string;
  sender?: { elsAccount: string; elsSubAccount: string; name?: string };
  businessType?: string;
  businessId?: string;
  linkUrl?: string;
};

/**
 * The event bus (issue #4): `notify` stores a system message for each receiver and an outbox row for
 * its push, inside the caller's transaction; the dispatcher delivers the outbox to the broker after
 * commit. Returns the number of messages written.
 */
export async function notify(tx: Queryable, env: string, notification: Notification): Promise<number> {
  const users = [...(notification.receivers.users ?? [])];
  const companies = notification.receivers.companies ?? [];
  if (companies.length > 0) {
    const rows = await tx
      .select({ elsAccount: subaccount.elsAccount, elsSubAccount: subaccount.elsSubAccount })
      .from(subaccount)
      .where(and(inArray(subaccount.elsAccount, companies), eq(subaccount.status, 'active')));
    users.push(...rows);
  }
  const unique = [...new Map(users.map((u) => [`${u.elsAccount}_${u.elsSubAccount}`, u])).values()];
  if (unique.length === 0) return 0;
  await tx.insert(sysMsg).values(
    unique.map((u) => ({
      elsAccount: u.elsAccount,
      elsSubAccount: u.elsSubAccount,
      msgTitle: notification.msgTitle,
      msgContent: notification.msgContent ?? '',
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
      payload: notification.msgTitle,
      meta: { businessType: notification.businessType ?? null },
    })),
  );
  return unique.length;
}
