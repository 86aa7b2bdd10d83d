import { HEADER_MESSAGE_HARD_CAP } from '@srm/contracts/constants';
import type { Page } from '@srm/contracts/envelope';
import type { Notice, ReceivedNotice, SysMsg } from '@srm/contracts/message';
import { recordAudit } from '../../platform/audit-trail.ts';
import { now, nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { withTenant } from '../../platform/tenant.ts';
import { findLinkedSuppliers, findSubaccountInCompany } from '../account/index.ts';
import { notify } from './notify.ts';
import {
  countOwnMessages,
  findMessages,
  findNavigation,
  findNotice,
  findNoticePage,
  findNoticeReceivers,
  findReceivedNotices,
  insertNotice,
  markMessages,
  markNoticeRead,
  type NoticeRow,
  replaceNoticeReceivers,
  updateNotice,
} from './repository.ts';

type MsgRow = Awaited<ReturnType<typeof findMessages>>['records'][number];

function toSysMsg(row: MsgRow): SysMsg {
  return {
    id: row.id,
    msgTitle: row.msgTitle,
    msgContent: row.msgContent,
    senderElsAccount: row.senderElsAccount,
    senderName: row.senderName,
    sendTime: row.sendTime.toISOString(),
    readFlag: row.readFlag,
    handleFlag: row.handleFlag,
    businessType: row.businessType,
    businessId: row.businessId,
    linkUrl: row.linkUrl,
  };
}

/** The caller may only name themselves; anything else is '403' (spec 000 §7 sends both ids). */
function assertSelf(auth: AuthContext, elsAccount?: string, elsSubAccount?: string) {
  if (
    (elsAccount && elsAccount !== auth.elsAccount) ||
    (elsSubAccount && elsSubAccount !== auth.elsSubAccount)
  )
    throw forbidden('notYourMessages');
}

const self = (auth: AuthContext) => ({ elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount });

/** System messages of the caller, newest first (spec 000 §7 ElsSysMsgService/findPageList). */
export async function listMessages(
  db: Queryable,
  auth: AuthContext,
  body: {
    elsAccount?: string;
    elsSubAccount?: string;
    currentPage: number;
    pageSize: number;
    readFlag?: 'Y' | 'N';
    handleFlag?: 'Y' | 'N';
    keyword?: string;
    senderElsAccount?: string;
    sendTimeStart?: string;
    sendTimeEnd?: string;
  },
): Promise<Page<SysMsg>> {
  assertSelf(auth, body.elsAccount, body.elsSubAccount);
  const { records, total } = await withTenant(db, auth.elsAccount, (tx) =>
    findMessages(tx, self(auth), {
      ...body,
      offset: (body.currentPage - 1) * body.pageSize,
      limit: body.pageSize,
    }),
  );
  return { records: records.map(toSysMsg), total, currentPage: body.currentPage, pageSize: body.pageSize };
}

/** Unread messages of the caller: the latest ones (hard cap 10, spec 000 §9) and the unread total. */
export async function unreadMessages(
  db: Queryable,
  auth: AuthContext,
  elsAccount: string,
  elsSubAccount: string,
) {
  assertSelf(auth, elsAccount, elsSubAccount);
  const { records, total } = await withTenant(db, auth.elsAccount, (tx) =>
    findMessages(tx, self(auth), { readFlag: 'N', offset: 0, limit: HEADER_MESSAGE_HARD_CAP }),
  );
  return { records: records.map(toSysMsg), total };
}

/**
 * Marks the caller's messages read and/or handled (spec 000 §7 ElsSysMsgService/update). All ids must
 * be the caller's, else nothing changes and the answer is '404'.
 */
export async function updateMessages(
  db: Queryable,
  auth: AuthContext,
  path: { elsAccount: string; elsSubAccount: string },
  body: { ids: string[]; handleFlag?: 'Y'; readFlag?: 'Y' },
) {
  assertSelf(auth, path.elsAccount, path.elsSubAccount);
  if (!body.handleFlag && !body.readFlag) throw badRequest('updateFlagRequired');
  const ids = [...new Set(body.ids)];
  const set = {
    ...(body.readFlag ? { readFlag: 'Y' as const } : {}),
    ...(body.handleFlag ? { handleFlag: 'Y' as const, readFlag: 'Y' as const } : {}),
  };
  return db.transaction(async (tx) => {
    if ((await countOwnMessages(tx, self(auth), ids)) !== ids.length) throw notFound('messageNotFound');
    return { updated: (await markMessages(tx, self(auth), ids, set)).length };
  });
}

function toNotice(row: NoticeRow, receivers: string[]): Notice {
  return {
    id: row.id,
    elsAccount: row.elsAccount,
    noticeNumber: row.noticeNumber,
    title: row.title,
    content: row.content,
    type: row.type,
    status: row.status,
    auditStatus: row.auditStatus,
    noticeChannel: row.noticeChannel,
    pubOrg: row.pubOrg,
    pubOrgDesc: row.pubOrgDesc,
    pubUser: row.pubUser,
    noticeStartTime: row.noticeStartTime.toISOString(),
    noticeEndTime: row.noticeEndTime.toISOString(),
    publishTime: row.publishTime?.toISOString() ?? null,
    receivers,
    version: row.version,
    createDate: row.createDate.toISOString(),
  };
}

/** The caller company's announcements (spec 000 §7 ElsNoticeService/findPageList). */
export async function listNotices(
  db: Queryable,
  auth: AuthContext,
  body: { currentPage: number; pageSize: number; title?: string; status?: '0' | '1' },
): Promise<Page<Notice>> {
  const { records, receivers, total } = await withTenant(db, auth.elsAccount, async (tx) => {
    const page = await findNoticePage(tx, auth.elsAccount, {
      ...body,
      offset: (body.currentPage - 1) * body.pageSize,
      limit: body.pageSize,
    });
    const ids = page.records.map((r) => r.id);
    return { ...page, receivers: await findNoticeReceivers(tx, ids) };
  });
  return {
    records: records.map((r) => toNotice(r, receivers.get(r.id) ?? [])),
    total,
    currentPage: body.currentPage,
    pageSize: body.pageSize,
  };
}

export async function getNotice(db: Queryable, auth: AuthContext, id: string): Promise<Notice> {
  const row = await findNotice(db, auth.elsAccount, id);
  if (!row) throw notFound('noticeNotFound');
  return toNotice(row, (await findNoticeReceivers(db, [id])).get(id) ?? []);
}

function userKey(auth: AuthContext) {
  return `${auth.elsAccount}_${auth.elsSubAccount}`;
}

/**
 * Creates or edits an unpublished announcement (buyer side). Receivers must be the buyer's suppliers;
 * end after start; an edit names the version it read ('409' when stale).
 */
export async function saveNotice(
  db: Queryable,
  auth: AuthContext,
  body: {
    id?: string;
    version?: number;
    title: string;
    content: string;
    type: '1' | '2' | '3';
    noticeChannel: '1' | '2';
    pubOrgDesc?: string;
    noticeStartTime: string;
    noticeEndTime: string;
    receivers: string[];
  },
): Promise<Notice> {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
  const receivers = [...new Set(body.receivers)];
  const linked = new Set((await findLinkedSuppliers(db, auth.elsAccount, receivers)).map((l) => l.account));
  const strangers = receivers.filter((r) => !linked.has(r));
  if (strangers.length > 0) throw badRequest('receiversNotLinked', { accounts: strangers.join(', ') });
  const values = {
    title: body.title,
    content: body.content,
    type: body.type,
    noticeChannel: body.noticeChannel,
    pubOrgDesc: body.pubOrgDesc ?? null,
    noticeStartTime: new Date(body.noticeStartTime),
    noticeEndTime: new Date(body.noticeEndTime),
    lastUpdateUser: userKey(auth),
  };
  return db.transaction(async (tx) => {
    let row: NoticeRow | null;
    if (body.id) {
      const current = await findNotice(tx, auth.elsAccount, body.id);
      if (!current) throw notFound('noticeNotFound');
      if (current.status === '1') throw badRequest('noticePublished');
      if (body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
      row = await updateNotice(tx, auth.elsAccount, body.id, body.version, values);
      if (!row) throw conflict();
    } else {
      row = await insertNotice(tx, {
        ...values,
        elsAccount: auth.elsAccount,
        noticeNumber: await nextDocumentNumber(tx, auth.elsAccount, 'NT'),
        pubOrg: auth.elsAccount,
        createUser: userKey(auth),
      });
      await recordAudit(tx, {
        elsAccount: auth.elsAccount,
        documentKind: 'notice',
        documentId: row.id,
        action: 'create',
        fromStatus: null,
        toStatus: '0',
        createUser: userKey(auth),
      });
    }
    await replaceNoticeReceivers(tx, auth.elsAccount, row.id, receivers);
    return toNotice(row, receivers);
  });
}

/**
 * Publishes an announcement: status 0 → 1, one audit-trail row, and a system message to every active
 * sub-account of every receiver, all in one transaction; pushes follow through the outbox.
 */
export async function publishNotice(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  version: number,
): Promise<Notice> {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
  return db.transaction(async (tx) => {
    const current = await findNotice(tx, auth.elsAccount, id);
    if (!current) throw notFound('noticeNotFound');
    if (current.status === '1') throw badRequest('noticePublished');
    if (current.noticeEndTime.getTime() <= now()) throw badRequest('noticeEnded');
    const me = await findSubaccountInCompany(tx, auth.subaccountId, auth.elsAccount);
    const row = await updateNotice(tx, auth.elsAccount, id, version, {
      status: '1',
      publishTime: nowDate(),
      pubUser: me?.name ?? auth.elsSubAccount,
      lastUpdateUser: userKey(auth),
    });
    if (!row) throw conflict();
    const receivers = (await findNoticeReceivers(tx, [id])).get(id) ?? [];
    await recordAudit(tx, {
      elsAccount: auth.elsAccount,
      documentKind: 'notice',
      documentId: id,
      action: 'publish',
      fromStatus: '0',
      toStatus: '1',
      createUser: userKey(auth),
      documentNumber: row.title,
      // The receiving suppliers' endpoints hear the publication too (`notice.publish`, issue #18).
      parties: [auth.elsAccount, ...receivers],
    });
    await notify(tx, env, {
      receivers: { companies: receivers },
      msgTitle: row.title,
      msgContent: row.content.slice(0, 500),
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount, name: me?.name },
      businessType: 'notice',
      businessId: id,
      // Suppliers read announcements on their home portal.
      linkUrl: '/portal/supplier/index',
    });
    return toNotice(row, receivers);
  });
}

/** Announcements the caller's company received (spec 000 §7 ElsNoticeReceiveService/findPageList). */
export async function listReceivedNotices(
  db: Queryable,
  auth: AuthContext,
  body: { currentPage: number; pageSize: number; title?: string; isRead?: 'Y' | 'N' },
): Promise<Page<ReceivedNotice>> {
  const { records, total } = await withTenant(db, auth.elsAccount, (tx) =>
    findReceivedNotices(tx, auth.elsAccount, {
      ...body,
      offset: (body.currentPage - 1) * body.pageSize,
      limit: body.pageSize,
    }),
  );
  return {
    records: records.map((r) => {
      const { receivers: _r, version: _v, ...rest } = toNotice(r.notice, []);
      return { ...rest, isRead: r.isRead, companyName: r.companyName };
    }),
    total,
    currentPage: body.currentPage,
    pageSize: body.pageSize,
  };
}

export async function readReceivedNotice(db: Queryable, auth: AuthContext, id: string) {
  if (!(await markNoticeRead(db, auth.elsAccount, id))) throw notFound('noticeNotFound');
}

/** Home navigation shortcuts of the caller's station (spec 000 §7 queryElsNavigation). */
export async function listNavigation(db: Queryable, auth: AuthContext, locale: 'zh_cn' | 'en') {
  const rows = await findNavigation(db, auth.station, auth.elsAccount);
  return rows.map((r) => ({
    id: r.id,
    title: locale === 'en' ? r.titleEn : r.title,
    titleI18n: { zh_cn: r.title, en: r.titleEn },
    url: r.url,
    icon: r.icon,
  }));
}
