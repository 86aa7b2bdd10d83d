import { z } from 'zod';
import { elsAccountSchema, elsSubAccountSchema } from './auth.ts';
import { PAGE_SIZES } from './constants.ts';

/**
 * The refine arguments of "one of these numbers" (page sizes): the rule travels as the message key
 * 'rule.enum' with its values, so the server answers "pageSize must be one of 10, 20 …" in the caller's
 * language (issue #32) rather than "pageSize is invalid".
 */
export const oneOfNumbers = (values: readonly number[]) =>
  [
    (n: number) => values.includes(n),
    { message: 'rule.enum', params: { values: values.join(', ') } },
  ] as const;

const pageSize = z.coerce
  .number()
  .int()
  .refine(...oneOfNumbers([5, ...PAGE_SIZES]));

/** Common list paging (DESIGN §3): currentPage ≥ 1, pageSize from the pager (5 for the header widget). */
export const pagingSchema = z.object({
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: pageSize.default(10),
});

/** A system message as lists show it (spec 000 §3; header list shows msgTitle and sendTime). */
export type SysMsg = {
  id: string;
  msgTitle: string;
  msgContent: string;
  senderElsAccount: string | null;
  senderName: string | null;
  /** ISO-8601. */
  sendTime: string;
  readFlag: 'Y' | 'N';
  handleFlag: 'Y' | 'N';
  businessType: string | null;
  businessId: string | null;
  linkUrl: string | null;
};

/** POST /apis/ElsSysMsgService/findPageList body. elsAccount/elsSubAccount, when sent, must be the caller's. */
export const sysMsgPageBodySchema = pagingSchema.extend({
  elsAccount: elsAccountSchema.optional(),
  elsSubAccount: elsSubAccountSchema.optional(),
  readFlag: z.enum(['Y', 'N']).optional(),
  handleFlag: z.enum(['Y', 'N']).optional(),
  keyword: z.string().trim().max(100).optional(),
  /**
   * The sending company (issue #16 "one inbox": a supplier of several buyers reads one buyer's messages);
   * messages the server sent on nobody's behalf have no sender and are left out by this filter.
   */
  senderElsAccount: elsAccountSchema.optional(),
  /** ISO-8601 date-times, inclusive. */
  sendTimeStart: z.iso.datetime({ offset: true }).optional(),
  sendTimeEnd: z.iso.datetime({ offset: true }).optional(),
});

/** POST /apis/ElsSysMsgService/update/{elsAccount}/{elsSubAccount} body: mark messages read or handled. */
export const sysMsgUpdateBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
  handleFlag: z.literal('Y').optional(),
  readFlag: z.literal('Y').optional(),
});

export const NOTICE_TITLE_MAX = 100;
/** Announcement content limit in characters (seed 001 §5 "announcement content has a character limit"). */
export const NOTICE_CONTENT_MAX = 5000;

/** Announcement save body (seed 001 §3). id + version for an edit; times ISO-8601. */
export const noticeSaveBodySchema = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().min(0).optional(),
    title: z.string().trim().min(1).max(NOTICE_TITLE_MAX),
    content: z.string().min(1).max(NOTICE_CONTENT_MAX),
    type: z.enum(['1', '2', '3']).default('1'),
    noticeChannel: z.enum(['1', '2']).default('1'),
    pubOrgDesc: z.string().trim().max(100).optional(),
    noticeStartTime: z.iso.datetime({ offset: true }),
    noticeEndTime: z.iso.datetime({ offset: true }),
    receivers: z.array(elsAccountSchema).min(1).max(1000),
  })
  .refine((b) => Date.parse(b.noticeEndTime) > Date.parse(b.noticeStartTime), {
    path: ['noticeEndTime'],
    message: 'noticeEndTime must be after noticeStartTime',
  });

/** Announcement types (dictionary): 1 general, 2 procurement, 3 system. */
export const NOTICE_TYPES = {
  '1': { zh_cn: '普通公告', en: 'General' },
  '2': { zh_cn: '采购公告', en: 'Procurement' },
  '3': { zh_cn: '系统公告', en: 'System' },
} as const;
/** Announcement status (seed 001 §4 "Publishing"): 0 unpublished, 1 published. */
export const NOTICE_STATUS = {
  '0': { zh_cn: '未发布', en: 'Unpublished' },
  '1': { zh_cn: '已发布', en: 'Published' },
} as const;
/** Notice channel: 1 portal, 2 portal and email. */
export const NOTICE_CHANNELS = {
  '1': { zh_cn: '门户', en: 'Portal' },
  '2': { zh_cn: '门户和邮件', en: 'Portal and email' },
} as const;

export type Notice = {
  id: string;
  elsAccount: string;
  noticeNumber: string;
  title: string;
  content: string;
  type: string;
  status: '0' | '1';
  auditStatus: string;
  noticeChannel: string;
  pubOrg: string | null;
  pubOrgDesc: string | null;
  pubUser: string | null;
  noticeStartTime: string;
  noticeEndTime: string;
  publishTime: string | null;
  receivers: string[];
  version: number;
  createDate: string;
};

/** What a supplier received (POST /apis/ElsNoticeReceiveService/findPageList). */
export type ReceivedNotice = Omit<Notice, 'receivers' | 'version'> & {
  isRead: 'Y' | 'N';
  companyName: string;
};
