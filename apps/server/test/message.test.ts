// @postgres: flow:message — system messages and announcements published to receivers
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Session = Awaited<ReturnType<typeof login>>;
const post = (url: string, session: Session | null, payload: unknown, lang = 'zh_cn') =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...(session?.headers ?? {}), lang },
    payload: payload as object,
  });

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

describe('system messages', () => {
  it('lists only the caller messages, newest first, with paging', async () => {
    const buyer = await login(server, '100000', 'buyer1');
    const res = await post('/apis/ElsSysMsgService/findPageList', buyer, { currentPage: 1, pageSize: 5 });
    const body = res.json();
    expect(body.code).toBe('200');
    expect(body.data.total).toBeGreaterThanOrEqual(1);
    expect(body.data.pageSize).toBe(5);
    const welcome = await post('/apis/ElsSysMsgService/findPageList', buyer, { keyword: '欢迎使用' });
    expect(welcome.json().data.records[0].msgTitle).toBe('欢迎使用 SRM 供应商协同平台');
    const times = body.data.records.map((r: { sendTime: string }) => r.sendTime);
    expect([...times].sort().reverse()).toEqual(times);
    const supplier = await login(server, '200001', 'admin');
    const theirs = await post('/apis/ElsSysMsgService/findPageList', supplier, {
      currentPage: 1,
      pageSize: 10,
    });
    expect(JSON.stringify(theirs.json().data.records)).not.toContain('欢迎使用');
  });

  it("refuses to list another user's messages", async () => {
    const supplier = await login(server, '200001', 'admin');
    const res = await post('/apis/ElsSysMsgService/findPageList', supplier, {
      elsAccount: '100000',
      elsSubAccount: 'buyer1',
      currentPage: 1,
      pageSize: 10,
    });
    expect(res.json().code).toBe('403');
    const unread = await server.app.inject({
      method: 'GET',
      url: '/apis/ElsSysMsgService/getUnReadMsgList/100000/buyer1',
      headers: supplier.headers,
    });
    expect(unread.json().code).toBe('403');
  });

  it('rejects bad paging and filters with 400 naming the field', async () => {
    const buyer = await login(server, '100000', 'buyer1');
    const bad = await post(
      '/apis/ElsSysMsgService/findPageList',
      buyer,
      { currentPage: 0, pageSize: 7 },
      'en',
    );
    expect(bad.json().code).toBe('400');
    expect(bad.json().message).toContain('body.currentPage');
    const badFlag = await post('/apis/ElsSysMsgService/findPageList', buyer, { readFlag: 'maybe' }, 'en');
    expect(badFlag.json().message).toContain('body.readFlag');
  });

  it('marks own messages handled, refuses foreign ids and changes nothing then', async () => {
    const buyer = await login(server, '100000', 'buyer1');
    const admin = await login(server, '100000', 'admin');
    const mine = (await post('/apis/ElsSysMsgService/findPageList', buyer, { readFlag: 'N' })).json().data
      .records;
    const theirs = (await post('/apis/ElsSysMsgService/findPageList', admin, { readFlag: 'N' })).json().data
      .records;
    const forged = await post('/apis/ElsSysMsgService/update/100000/buyer1', buyer, {
      ids: [mine[0].id, theirs[0].id],
      handleFlag: 'Y',
    });
    expect(forged.json().code).toBe('404');
    const stillUnread = await post('/apis/ElsSysMsgService/findPageList', buyer, { readFlag: 'N' });
    expect(stillUnread.json().data.records.map((m: { id: string }) => m.id)).toContain(mine[0].id);
    const viaOtherPath = await post('/apis/ElsSysMsgService/update/100000/admin', buyer, {
      ids: [theirs[0].id],
      handleFlag: 'Y',
    });
    expect(viaOtherPath.json().code).toBe('403');
    const okRes = await post('/apis/ElsSysMsgService/update/100000/buyer1', buyer, {
      ids: [mine[0].id],
      handleFlag: 'Y',
    });
    expect(okRes.json().data).toEqual({ updated: 1 });
    const unread = await server.app.inject({
      method: 'GET',
      url: '/apis/ElsSysMsgService/getUnReadMsgList/100000/buyer1',
      headers: buyer.headers,
    });
    expect(unread.json().data.records.map((m: { id: string }) => m.id)).not.toContain(mine[0].id);
    const theirsAfter = (await post('/apis/ElsSysMsgService/findPageList', admin, { readFlag: 'N' })).json()
      .data;
    expect(theirsAfter.records.map((m: { id: string }) => m.id)).toContain(theirs[0].id);
    const empty = await post('/apis/ElsSysMsgService/update/100000/buyer1', buyer, { ids: [] });
    expect(empty.json().code).toBe('400');
  });
});

describe('announcements', () => {
  const draft = (receivers: string[]) => ({
    title: '交期调整通知',
    content: '请各供应商按新交期安排生产。',
    noticeStartTime: new Date().toISOString(),
    noticeEndTime: inADay(),
    receivers,
  });

  it('a buyer creates, edits with the right version, publishes; receivers get a message and see it', async () => {
    const buyer = await login(server, '100000', 'admin');
    const created = (await post('/apis/ElsNoticeService/save', buyer, draft(['200001']))).json();
    expect(created.code).toBe('200');
    expect(created.data.noticeNumber).toMatch(/^NT\d{6}\d{4}$/);
    expect(created.data.status).toBe('0');
    const stale = await post('/apis/ElsNoticeService/save', buyer, {
      ...draft(['200001']),
      id: created.data.id,
      version: 5,
    });
    expect(stale.json().code).toBe('409');
    const edited = (
      await post('/apis/ElsNoticeService/save', buyer, {
        ...draft(['200001', '200002']),
        id: created.data.id,
        version: created.data.version,
        title: '交期调整通知（更新）',
      })
    ).json();
    expect(edited.data.receivers.sort()).toEqual(['200001', '200002']);
    const supplier = await login(server, '200002', 'admin');
    const before = (
      await server.app.inject({
        method: 'GET',
        url: '/apis/ElsSysMsgService/getUnReadMsgList/200002/admin',
        headers: supplier.headers,
      })
    ).json().data.total;
    const published = await post(`/apis/ElsNoticeService/publish/${created.data.id}`, buyer, {
      version: edited.data.version,
    });
    expect(published.json().data.status).toBe('1');
    const after = (
      await server.app.inject({
        method: 'GET',
        url: '/apis/ElsSysMsgService/getUnReadMsgList/200002/admin',
        headers: supplier.headers,
      })
    ).json().data;
    expect(after.total).toBe(before + 1);
    expect(after.records[0].msgTitle).toBe('交期调整通知（更新）');
    const received = (await post('/apis/ElsNoticeReceiveService/findPageList', supplier, {})).json().data;
    const item = received.records.find((r: { id: string }) => r.id === created.data.id);
    expect(item).toMatchObject({ isRead: 'N', companyName: '华东精密制造有限公司' });
    expect(
      (await post(`/apis/ElsNoticeReceiveService/read/${created.data.id}`, supplier, {})).json().code,
    ).toBe('200');
    const readNow = (
      await post('/apis/ElsNoticeReceiveService/findPageList', supplier, { isRead: 'Y' })
    ).json().data;
    expect(readNow.records.map((r: { id: string }) => r.id)).toContain(created.data.id);
    const again = await post(`/apis/ElsNoticeService/publish/${created.data.id}`, buyer, {
      version: published.json().data.version,
    });
    expect(again.json().code).toBe('400');
    const editPublished = await post('/apis/ElsNoticeService/save', buyer, {
      ...draft(['200001']),
      id: created.data.id,
      version: published.json().data.version,
    });
    expect(editPublished.json().code).toBe('400');
  });

  it('enforces the rules: end after start, content limit, receivers must be own suppliers, buyers only', async () => {
    const buyer = await login(server, '100000', 'admin');
    const endFirst = await post(
      '/apis/ElsNoticeService/save',
      buyer,
      { ...draft(['200001']), noticeStartTime: inADay(), noticeEndTime: inAnHour() },
      'en',
    );
    expect(endFirst.json().code).toBe('400');
    expect(endFirst.json().message).toContain('noticeEndTime');
    const long = await post(
      '/apis/ElsNoticeService/save',
      buyer,
      { ...draft(['200001']), content: 'x'.repeat(5001) },
      'en',
    );
    expect(long.json().message).toContain('body.content must be at most 5000');
    const stranger = await post('/apis/ElsNoticeService/save', buyer, draft(['100000', '999999']), 'en');
    expect(stranger.json().message).toContain('not your suppliers: 100000, 999999');
    const none = await post('/apis/ElsNoticeService/save', buyer, draft([]));
    expect(none.json().code).toBe('400');
    const supplier = await login(server, '200001', 'admin');
    expect((await post('/apis/ElsNoticeService/save', supplier, draft(['200002']))).json().code).toBe('403');
  });

  it("never shows a company's announcements or drafts to another company", async () => {
    const buyer = await login(server, '100000', 'admin');
    const created = (
      await post('/apis/ElsNoticeService/save', buyer, { ...draft(['200001']), title: '内部草稿' })
    ).json();
    const supplier = await login(server, '200002', 'admin');
    const list = (await post('/apis/ElsNoticeService/findPageList', supplier, {})).json();
    expect(list.data.total).toBe(0);
    const detail = await server.app.inject({
      method: 'GET',
      url: `/apis/ElsNoticeService/findDetail/${created.data.id}`,
      headers: supplier.headers,
    });
    expect(detail.json().code).toBe('404');
    const received = (
      await post('/apis/ElsNoticeReceiveService/findPageList', supplier, { title: '内部草稿' })
    ).json();
    expect(received.data.total).toBe(0);
    const publishForeign = await post(`/apis/ElsNoticeService/publish/${created.data.id}`, supplier, {
      version: 0,
    });
    expect(publishForeign.json().code).toBe('403');
    const readDraft = await post(`/apis/ElsNoticeReceiveService/read/${created.data.id}`, supplier, {});
    expect(readDraft.json().code).toBe('404');
  });
});

describe('navigation', () => {
  it('gives each station its shortcuts in the caller language', async () => {
    const buyer = await login(server, '100000', 'buyer1');
    const res = await post('/apis/ElsNavigationService/queryElsNavigation', buyer, {}, 'en');
    expect(res.json().data.map((n: { title: string }) => n.title)).toEqual([
      'Personal information',
      'Message center',
      'To-do',
    ]);
    const supplier = await login(server, '200001', 'admin');
    const theirs = await post('/apis/ElsNavigationService/queryElsNavigation', supplier, {});
    expect(theirs.json().data).toHaveLength(2);
  });
});
