import type { Envelope, Page } from '@srm/contracts/envelope';
import type { Notice, ReceivedNotice, SysMsg } from '@srm/contracts/message';
import { call, http } from './http.ts';

export type { Page };

export type MsgQuery = {
  currentPage: number;
  pageSize: number;
  elsAccount?: string;
  elsSubAccount?: string;
  readFlag?: 'Y' | 'N';
  handleFlag?: 'Y' | 'N';
  keyword?: string;
  sendTimeStart?: string;
  sendTimeEnd?: string;
};

/** Query keys: a push invalidates every message and notice list at once. */
export const MESSAGE_KEYS = { all: ['messages'] as const, notices: ['notices'] as const };

/** `POST /apis/ElsSysMsgService/findPageList` (spec 000 §7). */
export function findMessages(body: MsgQuery): Promise<Page<SysMsg>> {
  return call<Page<SysMsg>>({ url: '/ElsSysMsgService/findPageList', method: 'POST', data: body });
}

/**
 * The header widget's raw call: it reads code, data and message itself (spec 000 §7, §8), so a
 * non-'200' code or empty data becomes its own error text rather than the client's generic one.
 */
export async function findHeaderMessages(
  body: MsgQuery,
): Promise<{ body: Partial<Envelope<Page<SysMsg>>> | null; statusText: string }> {
  const res = await http.post<Envelope<Page<SysMsg>>>('/ElsSysMsgService/findPageList', body);
  if (res.data?.code === '401') {
    // Expired token: the client's refresh-and-replay flow (or the 3-second redirect) takes over.
    const data = await findMessages(body);
    return { body: { code: '200', message: '', data }, statusText: 'OK' };
  }
  return { body: res.data ?? null, statusText: res.statusText };
}

/** `GET /apis/ElsSysMsgService/getUnReadMsgList/{a}/{b}`: latest unread (≤10) and the unread count. */
export function getUnreadMessages(
  elsAccount: string,
  elsSubAccount: string,
): Promise<{ records: SysMsg[]; total: number }> {
  return call({
    url: `/ElsSysMsgService/getUnReadMsgList/${encodeURIComponent(elsAccount)}/${encodeURIComponent(elsSubAccount)}`,
  });
}

/** `POST /apis/ElsSysMsgService/update/{a}/{b}`: mark handled (and read) or read. */
export function updateMessages(
  elsAccount: string,
  elsSubAccount: string,
  body: { ids: string[]; handleFlag?: 'Y'; readFlag?: 'Y' },
): Promise<{ updated: number }> {
  return call({
    url: `/ElsSysMsgService/update/${encodeURIComponent(elsAccount)}/${encodeURIComponent(elsSubAccount)}`,
    method: 'POST',
    data: body,
  });
}

export type NoticeSave = {
  id?: string;
  version?: number;
  title: string;
  content: string;
  type: string;
  noticeChannel: string;
  pubOrgDesc?: string;
  noticeStartTime: string;
  noticeEndTime: string;
  receivers: string[];
};

/** `POST /apis/ElsNoticeService/findPageList` (buyer's announcements). */
export function findNotices(body: {
  currentPage: number;
  pageSize: number;
  title?: string;
  status?: '0' | '1';
}): Promise<Page<Notice>> {
  return call({ url: '/ElsNoticeService/findPageList', method: 'POST', data: body });
}

export function findNoticeDetail(id: string): Promise<Notice> {
  return call({ url: `/ElsNoticeService/findDetail/${encodeURIComponent(id)}` });
}

export function saveNotice(body: NoticeSave): Promise<Notice> {
  return call({ url: '/ElsNoticeService/save', method: 'POST', data: body });
}

export function publishNotice(id: string, version: number): Promise<Notice> {
  return call({
    url: `/ElsNoticeService/publish/${encodeURIComponent(id)}`,
    method: 'POST',
    data: { version },
  });
}

/** `POST /apis/ElsNoticeReceiveService/findPageList` (what the supplier's company received). */
export function findReceivedNotices(body: {
  currentPage: number;
  pageSize: number;
  title?: string;
  isRead?: 'Y' | 'N';
}): Promise<Page<ReceivedNotice>> {
  return call({ url: '/ElsNoticeReceiveService/findPageList', method: 'POST', data: body });
}

export function readReceivedNotice(id: string): Promise<null> {
  return call({ url: `/ElsNoticeReceiveService/read/${encodeURIComponent(id)}`, method: 'POST', data: {} });
}

export type NavShortcut = {
  id: string;
  title: string;
  titleI18n: { zh_cn: string; en: string };
  url: string;
  icon: string | null;
};

/** `POST /apis/ElsNavigationService/queryElsNavigation` (home shortcuts per station). */
export function queryNavigation(): Promise<NavShortcut[]> {
  return call({ url: '/ElsNavigationService/queryElsNavigation', method: 'POST', data: {} });
}
