import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { company } from '../account/tables.ts';
import { navigation, notice, noticeReceiver, sysMsg } from './tables.ts';

export type Receiver = { elsAccount: string; elsSubAccount: string };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Messages of one receiver, newest first, filtered; total counts the filtered set. */
export async function findMessages(
  db: Queryable,
  receiver: Receiver,
  filter: {
    readFlag?: 'Y' | 'N';
    handleFlag?: 'Y' | 'N';
    keyword?: string;
    senderElsAccount?: string;
    sendTimeStart?: string;
    sendTimeEnd?: string;
    offset: number;
    limit: number;
  },
) {
  const where: SQL[] = [
    eq(sysMsg.elsAccount, receiver.elsAccount),
    eq(sysMsg.elsSubAccount, receiver.elsSubAccount),
  ];
  if (filter.readFlag) where.push(eq(sysMsg.readFlag, filter.readFlag));
  if (filter.handleFlag) where.push(eq(sysMsg.handleFlag, filter.handleFlag));
  if (filter.keyword) {
    const like = `%${escapeLike(filter.keyword)}%`;
    where.push(or(ilike(sysMsg.msgTitle, like), ilike(sysMsg.msgContent, like))!);
  }
  // A filter on the receiver's index range (a user's messages are few enough to read past others' senders).
  if (filter.senderElsAccount) where.push(eq(sysMsg.senderElsAccount, filter.senderElsAccount));
  if (filter.sendTimeStart) where.push(gte(sysMsg.sendTime, new Date(filter.sendTimeStart)));
  if (filter.sendTimeEnd) where.push(lte(sysMsg.sendTime, new Date(filter.sendTimeEnd)));
  const condition = and(...where);
  const [records, [{ total }]] = await Promise.all([
    db
      .select()
      .from(sysMsg)
      .where(condition)
      .orderBy(desc(sysMsg.sendTime), desc(sysMsg.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(sysMsg).where(condition),
  ]);
  return { records, total: Number(total) };
}

/** Marks the receiver's messages; ids of anybody else are left alone. Returns the ids changed. */
export async function markMessages(
  db: Queryable,
  receiver: Receiver,
  ids: string[],
  set: { readFlag?: 'Y'; handleFlag?: 'Y' },
): Promise<string[]> {
  const rows = await db
    .update(sysMsg)
    .set(set)
    .where(
      and(
        eq(sysMsg.elsAccount, receiver.elsAccount),
        eq(sysMsg.elsSubAccount, receiver.elsSubAccount),
        inArray(sysMsg.id, ids),
      ),
    )
    .returning({ id: sysMsg.id });
  return rows.map((r) => r.id);
}

/** Whether every id is a message of the receiver (checked before changing anything). */
export async function countOwnMessages(db: Queryable, receiver: Receiver, ids: string[]): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(sysMsg)
    .where(
      and(
        eq(sysMsg.elsAccount, receiver.elsAccount),
        eq(sysMsg.elsSubAccount, receiver.elsSubAccount),
        inArray(sysMsg.id, ids),
      ),
    );
  return Number(n);
}

export type NoticeRow = typeof notice.$inferSelect;

export async function findNoticePage(
  db: Queryable,
  elsAccount: string,
  filter: { title?: string; status?: '0' | '1'; offset: number; limit: number },
) {
  const where: SQL[] = [eq(notice.elsAccount, elsAccount)];
  if (filter.title) where.push(ilike(notice.title, `%${escapeLike(filter.title)}%`));
  if (filter.status) where.push(eq(notice.status, filter.status));
  const condition = and(...where);
  const [records, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notice)
      .where(condition)
      .orderBy(desc(notice.createDate), desc(notice.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(notice).where(condition),
  ]);
  return { records, total: Number(total) };
}

export async function findNotice(db: Queryable, elsAccount: string, id: string): Promise<NoticeRow | null> {
  const rows = await db
    .select()
    .from(notice)
    .where(and(eq(notice.id, id), eq(notice.elsAccount, elsAccount)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findNoticeReceivers(db: Queryable, noticeIds: string[]) {
  if (noticeIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ noticeId: noticeReceiver.noticeId, toElsAccount: noticeReceiver.toElsAccount })
    .from(noticeReceiver)
    .where(inArray(noticeReceiver.noticeId, noticeIds));
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.noticeId, [...(map.get(r.noticeId) ?? []), r.toElsAccount]);
  return map;
}

export async function insertNotice(db: Queryable, values: typeof notice.$inferInsert): Promise<NoticeRow> {
  const [row] = await db.insert(notice).values(values).returning();
  return row;
}

/** Updates a notice at a known version (optimistic lock); null when the version moved on. */
export async function updateNotice(
  db: Queryable,
  elsAccount: string,
  id: string,
  version: number,
  set: Partial<typeof notice.$inferInsert>,
): Promise<NoticeRow | null> {
  const rows = await db
    .update(notice)
    .set({ ...set, lastUpdateDate: sql`now()`, version: sql`${notice.version} + 1` })
    .where(and(eq(notice.id, id), eq(notice.elsAccount, elsAccount), eq(notice.version, version)))
    .returning();
  return rows[0] ?? null;
}

export async function replaceNoticeReceivers(
  db: Queryable,
  elsAccount: string,
  noticeId: string,
  receivers: string[],
) {
  await db
    .delete(noticeReceiver)
    .where(and(eq(noticeReceiver.noticeId, noticeId), eq(noticeReceiver.elsAccount, elsAccount)));
  if (receivers.length > 0)
    await db
      .insert(noticeReceiver)
      .values(receivers.map((toElsAccount) => ({ noticeId, elsAccount, toElsAccount })));
}

/** Published announcements a supplier received, newest first. */
export async function findReceivedNotices(
  db: Queryable,
  toElsAccount: string,
  filter: { title?: string; isRead?: 'Y' | 'N'; offset: number; limit: number },
) {
  const where: SQL[] = [eq(noticeReceiver.toElsAccount, toElsAccount), eq(notice.status, '1')];
  if (filter.title) where.push(ilike(notice.title, `%${escapeLike(filter.title)}%`));
  if (filter.isRead) where.push(eq(noticeReceiver.isRead, filter.isRead));
  const condition = and(...where);
  const [records, [{ total }]] = await Promise.all([
    db
      .select({ notice, isRead: noticeReceiver.isRead, companyName: company.companyName })
      .from(noticeReceiver)
      .innerJoin(notice, eq(notice.id, noticeReceiver.noticeId))
      .innerJoin(company, eq(company.elsAccount, notice.elsAccount))
      .where(condition)
      .orderBy(desc(notice.publishTime), desc(notice.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(noticeReceiver)
      .innerJoin(notice, eq(notice.id, noticeReceiver.noticeId))
      .where(condition),
  ]);
  return { records, total: Number(total) };
}

/** Marks a received announcement read; false when the supplier did not receive it. */
export async function markNoticeRead(
  db: Queryable,
  toElsAccount: string,
  noticeId: string,
): Promise<boolean> {
  const rows = await db
    .update(noticeReceiver)
    .set({ isRead: 'Y', readTime: sql`now()` })
    .where(and(eq(noticeReceiver.noticeId, noticeId), eq(noticeReceiver.toElsAccount, toElsAccount)))
    .returning({ noticeId: noticeReceiver.noticeId });
  return rows.length === 1;
}

export async function findNavigation(db: Queryable, station: 'purchase' | 'sale', elsAccount: string) {
  return db
    .select()
    .from(navigation)
    .where(
      and(
        eq(navigation.station, station),
        or(sql`${navigation.elsAccount} is null`, eq(navigation.elsAccount, elsAccount)),
      ),
    )
    .orderBy(navigation.sortOrder);
}
