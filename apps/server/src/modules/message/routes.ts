import { elsAccountSchema, elsSubAccountSchema } from '@srm/contracts/auth';
import { envelopeSchema } from '@srm/contracts/envelope';
import {
  noticeSaveBodySchema,
  pagingSchema,
  sysMsgPageBodySchema,
  sysMsgUpdateBodySchema,
} from '@srm/contracts/message';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import {
  getNotice,
  listMessages,
  listNavigation,
  listNotices,
  listReceivedNotices,
  publishNotice,
  readReceivedNotice,
  saveNotice,
  unreadMessages,
  updateMessages,
} from './service.ts';

const sysMsgSchema = z.object({
  id: z.string(),
  msgTitle: z.string(),
  msgContent: z.string(),
  senderElsAccount: z.string().nullable(),
  senderName: z.string().nullable(),
  sendTime: z.string(),
  readFlag: z.enum(['Y', 'N']),
  handleFlag: z.enum(['Y', 'N']),
  businessType: z.string().nullable(),
  businessId: z.string().nullable(),
  linkUrl: z.string().nullable(),
});

const noticeFields = {
  id: z.string(),
  elsAccount: z.string(),
  noticeNumber: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.string(),
  status: z.enum(['0', '1']),
  auditStatus: z.string(),
  noticeChannel: z.string(),
  pubOrg: z.string().nullable(),
  pubOrgDesc: z.string().nullable(),
  pubUser: z.string().nullable(),
  noticeStartTime: z.string(),
  noticeEndTime: z.string(),
  publishTime: z.string().nullable(),
  createDate: z.string(),
};
const noticeSchema = z.object({ ...noticeFields, receivers: z.array(z.string()), version: z.number() });
const receivedNoticeSchema = z.object({
  ...noticeFields,
  isRead: z.enum(['Y', 'N']),
  companyName: z.string(),
});

const page = <T extends z.ZodType>(record: T) =>
  envelopeSchema(
    z.object({ records: z.array(record), total: z.number(), currentPage: z.number(), pageSize: z.number() }),
  );

/** Messages, announcements and navigation: spec 000 §7, issue #4. */
export function registerMessageRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const kick = () => void deps.outbox.kick();

  /**
   * POST /apis/ElsSysMsgService/findPageList — the caller's system messages, newest first.
   * Body { currentPage, pageSize (5 | 10 … 100), elsAccount?, elsSubAccount? (must be the caller),
   * readFlag?, handleFlag?, keyword?, senderElsAccount? (the sending company: a supplier's buyer filter,
   * issue #16), sendTimeStart?, sendTimeEnd? (ISO-8601) }.
   * data: { records: SysMsg[], total, currentPage, pageSize }. '403' when naming another user.
   */
  r.post(
    '/apis/ElsSysMsgService/findPageList',
    {
      schema: {
        tags: ['message'],
        summary: 'System messages of the caller',
        body: sysMsgPageBodySchema,
        response: { 200: page(sysMsgSchema) },
      },
    },
    async (request) => ok(await listMessages(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * GET /apis/ElsSysMsgService/getUnReadMsgList/{elsAccount}/{elsSubAccount} — unread messages of the
   * caller: data { records (latest, at most 10), total (unread count) }. '403' for another user.
   */
  r.get(
    '/apis/ElsSysMsgService/getUnReadMsgList/:elsAccount/:elsSubAccount',
    {
      schema: {
        tags: ['message'],
        summary: 'Unread messages of the caller',
        params: z.object({ elsAccount: elsAccountSchema, elsSubAccount: elsSubAccountSchema }),
        response: { 200: envelopeSchema(z.object({ records: z.array(sysMsgSchema), total: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await unreadMessages(
          deps.db,
          requireAuth(request.auth),
          request.params.elsAccount,
          request.params.elsSubAccount,
        ),
      ),
  );

  /**
   * POST /apis/ElsSysMsgService/update/{elsAccount}/{elsSubAccount} — marks the caller's messages
   * handled (and read) or read. Body { ids: uuid[] (1–100), handleFlag?: 'Y', readFlag?: 'Y' }.
   * data { updated }. '404' and nothing changed when any id is not the caller's; '403' for another user.
   */
  r.post(
    '/apis/ElsSysMsgService/update/:elsAccount/:elsSubAccount',
    {
      schema: {
        tags: ['message'],
        summary: 'Mark messages handled or read',
        params: z.object({ elsAccount: elsAccountSchema, elsSubAccount: elsSubAccountSchema }),
        body: sysMsgUpdateBodySchema,
        response: { 200: envelopeSchema(z.object({ updated: z.number() })) },
      },
    },
    async (request) =>
      ok(await updateMessages(deps.db, requireAuth(request.auth), request.params, request.body)),
  );

  /**
   * POST /apis/ElsNoticeService/findPageList — announcements of the caller's company (buyer side).
   * Body { currentPage, pageSize, title?, status? ('0' unpublished | '1' published) }.
   */
  r.post(
    '/apis/ElsNoticeService/findPageList',
    {
      config: { keyScope: 'notice.read' },
      schema: {
        tags: ['notice'],
        summary: "The caller company's announcements",
        body: pagingSchema.extend({
          title: z.string().trim().max(100).optional(),
          status: z.enum(['0', '1']).optional(),
        }),
        response: { 200: page(noticeSchema) },
      },
    },
    async (request) => ok(await listNotices(deps.db, requireAuth(request.auth), request.body)),
  );

  /** GET /apis/ElsNoticeService/findDetail/{id} — one announcement of the caller's company ('404' otherwise). */
  r.get(
    '/apis/ElsNoticeService/findDetail/:id',
    {
      config: { keyScope: 'notice.read' },
      schema: {
        tags: ['notice'],
        summary: 'One announcement',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeSchema(noticeSchema) },
      },
    },
    async (request) => ok(await getNotice(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST /apis/ElsNoticeService/save — create (no id) or edit (id + version) an unpublished announcement.
   * Body: title (≤100), content (≤5000), type, noticeChannel, pubOrgDesc?, noticeStartTime < noticeEndTime
   * (ISO-8601), receivers (the buyer's supplier elsAccounts, ≥1). '403' for suppliers, '409' stale version.
   */
  r.post(
    '/apis/ElsNoticeService/save',
    {
      config: { keyScope: 'notice.save' },
      schema: {
        tags: ['notice'],
        summary: 'Create or edit an announcement',
        body: noticeSaveBodySchema,
        response: { 200: envelopeSchema(noticeSchema) },
      },
    },
    async (request) => ok(await saveNotice(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/ElsNoticeService/publish/{id} — body { version }. Publishes and sends a message to every
   * receiver, pushed in real time. '400' already published or ended, '409' stale version.
   */
  r.post(
    '/apis/ElsNoticeService/publish/:id',
    {
      config: { keyScope: 'notice.publish' },
      schema: {
        tags: ['notice'],
        summary: 'Publish an announcement to its receivers',
        params: z.object({ id: z.uuid() }),
        body: z.object({ version: z.number().int().min(0) }),
        response: { 200: envelopeSchema(noticeSchema) },
      },
    },
    async (request) => {
      const result = await publishNotice(
        deps.db,
        requireAuth(request.auth),
        deps.config.ENV_NAME,
        request.params.id,
        request.body.version,
      );
      kick();
      return ok(result);
    },
  );

  /**
   * POST /apis/ElsNoticeReceiveService/findPageList — published announcements the caller's company
   * received. Body { currentPage, pageSize, title?, isRead? }.
   */
  r.post(
    '/apis/ElsNoticeReceiveService/findPageList',
    {
      config: { keyScope: 'notice.read' },
      schema: {
        tags: ['notice'],
        summary: 'Announcements received by the caller company',
        body: pagingSchema.extend({
          title: z.string().trim().max(100).optional(),
          isRead: z.enum(['Y', 'N']).optional(),
        }),
        response: { 200: page(receivedNoticeSchema) },
      },
    },
    async (request) => ok(await listReceivedNotices(deps.db, requireAuth(request.auth), request.body)),
  );

  /** POST /apis/ElsNoticeReceiveService/read/{id} — marks a received announcement read ('404' if not received). */
  r.post(
    '/apis/ElsNoticeReceiveService/read/:id',
    {
      config: { keyScope: 'notice.markRead' },
      schema: {
        tags: ['notice'],
        summary: 'Mark a received announcement read',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await readReceivedNotice(deps.db, requireAuth(request.auth), request.params.id);
      return ok(null);
    },
  );

  /**
   * POST /apis/ElsNavigationService/queryElsNavigation — home shortcuts of the caller's station.
   * data: [{ id, title, titleI18n, url, icon }].
   */
  r.post(
    '/apis/ElsNavigationService/queryElsNavigation',
    {
      schema: {
        tags: ['home'],
        summary: 'Home navigation shortcuts',
        body: z.object({}).passthrough().optional(),
        response: {
          200: envelopeSchema(
            z.array(
              z.object({
                id: z.string(),
                title: z.string(),
                titleI18n: z.object({ zh_cn: z.string(), en: z.string() }),
                url: z.string(),
                icon: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await listNavigation(deps.db, requireAuth(request.auth), request.locale)),
  );
}
