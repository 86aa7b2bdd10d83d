import { API_KEY_HEADER } from '@srm/contracts/api-key';
import { ACTIONS } from '@srm/contracts/company-admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purchaseOrder } from '../src/modules/order/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Attachments with an API key (issue #18): a machine lists, uploads and downloads the files of a document
 * kind its scopes grant — upload under `{kind}.attach` (write), list and download under `{kind}.read` —
 * and is refused (403, naming the kind) outside them; another company's files stay 404, a file of no
 * document is refused, a revoked key downloads nothing, and every download is recorded with the key's uses.
 */
let server: TestServer;
let admin: Session;
let buyer1: Session;
let supplier2Admin: Session;
let supplierAdmin: Session;
const { post } = callsOf(() => server);
const ORDER = '/apis/order/PurchaseOrderService';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('key-attachment-png'),
]);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  admin = await login(server, '100000', 'admin');
  buyer1 = await login(server, '100000', 'buyer1');
  supplier2Admin = await login(server, '200002', 'admin');
  supplierAdmin = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type Key = { id: string; key: string; version: number };
async function createKey(
  scopes: Array<{ kind: string; access: 'read' | 'write' }>,
  by: Session = admin,
  elsSubAccount = 'buyer1',
): Promise<Key> {
  const res = await post('/apis/ApiKeyService/create', by, { elsSubAccount, name: 'ERP files', scopes });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data;
}

function multipart(fileName: string, bytes: Buffer) {
  const boundary = '----srmkeyboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** The caller's credentials: a session's token headers or a key. */
const credentials = (who: Session | string) =>
  typeof who === 'string' ? { [API_KEY_HEADER]: who } : who.headers;
const upload = (url: string, who: Session | string, fileName: string, bytes: Buffer) => {
  const body = multipart(fileName, bytes);
  return server.app.inject({
    method: 'POST',
    url,
    headers: { ...credentials(who), lang: 'en', ...body.headers },
    payload: body.payload,
  });
};
const download = (filePath: string, who: Session | string) =>
  server.app.inject({
    method: 'GET',
    url: `/apis/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(filePath)}`,
    headers: { ...credentials(who), lang: 'en' },
  });
const listWithKey = (key: string, orderId: string) =>
  server.app.inject({
    method: 'GET',
    url: `${ORDER}/attachments/${orderId}`,
    headers: { [API_KEY_HEADER]: key, lang: 'en' },
  });

/** A draft purchase order of buyer1 to supplier 200001 with one PDF buyer1 attached. */
async function orderWithFile() {
  const saved = await post(`${ORDER}/save`, buyer1, {
    toElsAccount: '200001',
    orderType: '0',
    orderDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
    currency: 'CNY',
    exchangeRate: '1',
    deliveryAddress: 'Key file street 1',
    items: [
      {
        materialNumber: 'M-KEYFILE-1',
        materialDesc: 'key file',
        unit: 'PCS',
        quantity: '3',
        priceExcludingTax: '4',
        taxRate: '13',
        deliveryDate: '2026-12-31',
      },
    ],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  const orderId = saved.json().data.id as string;
  const attached = await upload(`${ORDER}/attachments/${orderId}`, buyer1, 'drawing.pdf', PDF);
  expect(attached.json().code, attached.json().message).toBe('200');
  return { orderId, filePath: attached.json().data.filePath as string };
}

/** A new sub-account of the admin's company whose one role holds the whole catalogue except `without`. */
async function userWithout(companyAdmin: Session, name: string, without: string[]) {
  const role = await post('/apis/ElsRoleService/add', companyAdmin, {
    roleCode: `kf-${name}`,
    roleName: '密钥附件',
    roleNameEn: 'Key files',
    menuIds: null,
    actions: ACTIONS.filter((a) => !without.includes(a)),
  });
  expect(role.json().code, role.body).toBe('200');
  const user = await post('/apis/ElsAccountService/add', companyAdmin, {
    elsSubAccount: name,
    password: server.cipher.encrypt('Start123'),
    name: 'Key files',
    mobile: '13812345670',
    roleIds: [role.json().data.id],
  });
  expect(user.json().code, user.body).toBe('200');
}

describe('attachments with an API key', () => {
  it('downloads a document’s file under the kind’s read scope, the same bytes a user gets', async () => {
    const { orderId, filePath } = await orderWithFile();
    for (const scopes of [
      [{ kind: 'order', access: 'read' as const }],
      [{ kind: '*', access: 'read' as const }],
    ]) {
      const key = await createKey(scopes);
      const listed = (await listWithKey(key.key, orderId)).json();
      expect(listed.code, listed.message).toBe('200');
      expect(listed.data.map((f: { filePath: string }) => f.filePath)).toEqual([filePath]);
      const res = await download(filePath, key.key);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    // The user's download is unchanged.
    expect((await download(filePath, buyer1)).rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a file of a kind its scopes do not grant (403 naming the kind), upload without write', async () => {
    const { orderId, filePath } = await orderWithFile();
    const notes = await createKey([{ kind: 'deliveryNote', access: 'write' }]);
    const res = await download(filePath, notes.key);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: '403',
      message: 'The API key’s scopes do not grant read access to order',
    });
    expect((await listWithKey(notes.key, orderId)).statusCode).toBe(403);
    // Chinese by default.
    const zh = await server.app.inject({
      method: 'GET',
      url: `/apis/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(filePath)}`,
      headers: { [API_KEY_HEADER]: notes.key },
    });
    expect(zh.json().message).toBe('API 密钥的权限范围不包含 order 的读取权限');

    // Read is not enough to attach: write is ('403' naming order and write), and nothing is stored.
    const reader = await createKey([{ kind: 'order', access: 'read' }]);
    const refused = await upload(`${ORDER}/attachments/${orderId}`, reader.key, 'spec.png', PNG);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The API key’s scopes do not grant write access to order');
    expect((await listWithKey(reader.key, orderId)).json().data).toHaveLength(1);
  });

  it('uploads under the kind’s write scope as its sub-account; the file downloads with the key and by users', async () => {
    const { orderId } = await orderWithFile();
    const writer = await createKey([{ kind: 'order', access: 'write' }]);
    const added = await upload(`${ORDER}/attachments/${orderId}`, writer.key, 'spec.png', PNG);
    expect(added.json().code, added.json().message).toBe('200');
    expect(added.json().data).toMatchObject({
      fileName: 'spec.png',
      contentType: 'image/png',
      createUser: '100000_buyer1',
      side: 'purchase',
    });
    const filePath = added.json().data.filePath as string;
    expect((await download(filePath, writer.key)).rawPayload.equals(PNG)).toBe(true);
    expect((await download(filePath, buyer1)).rawPayload.equals(PNG)).toBe(true);
    // The trail records the attach as the key's sub-account.
    const trail = (await server.database.db.execute(
      sql`select create_user from audit_trail where document_id = ${orderId} and action = 'attach' order by create_date`,
    )) as unknown as { rows: Array<{ create_user: string }> };
    expect(trail.rows.map((r) => r.create_user)).toEqual(['100000_buyer1', '100000_buyer1']);
    // A bad upload is '400' naming the rule, nothing stored.
    const bad = await upload(`${ORDER}/attachments/${orderId}`, writer.key, 'x.txt', Buffer.from('plain'));
    expect(bad.json().code).toBe('400');
    expect((await listWithKey(writer.key, orderId)).json().data).toHaveLength(2);
  });

  it('acts as its sub-account: without order.read nothing; the supplier’s key reads the buyer’s file of a sent order', async () => {
    const { filePath } = await orderWithFile();
    await userWithout(admin, 'keynoread', ['order.read']);
    const noRead = await createKey([{ kind: 'order', access: 'write' }], admin, 'keynoread');
    const refused = await download(filePath, noRead.key);
    expect(refused.statusCode).toBe(404);

    // A sent order of 100000 to 200001 (demo seed): the buyer attaches, the supplier's ERP downloads.
    const [sent] = await server.database.db
      .select({ id: purchaseOrder.id })
      .from(purchaseOrder)
      .where(
        and(
          eq(purchaseOrder.elsAccount, '100000'),
          eq(purchaseOrder.toElsAccount, '200001'),
          eq(purchaseOrder.sendStatus, '1'),
        ),
      )
      .limit(1);
    expect(sent).toBeDefined();
    const attached = await upload(`${ORDER}/attachments/${sent.id}`, buyer1, 'sent.pdf', PDF);
    expect(attached.json().code, attached.json().message).toBe('200');
    await userWithout(supplierAdmin, 'keyerp', []);
    const supplierKey = await createKey([{ kind: 'order', access: 'read' }], supplierAdmin, 'keyerp');
    const got = await download(attached.json().data.filePath, supplierKey.key);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    // The supplier's key on the draft (not sent: not the supplier's to see) gets the missing file's 404.
    expect((await download(filePath, supplierKey.key)).statusCode).toBe(404);
  });

  it('stays within its company: another company’s key gets 404, whatever its scopes', async () => {
    const { orderId, filePath } = await orderWithFile();
    const other = await createKey([{ kind: '*', access: 'write' }], supplier2Admin, 'admin');
    const res = await download(filePath, other.key);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('404');
    const list = await server.app.inject({
      method: 'GET',
      url: `/apis/order/SaleOrderService/attachments/${orderId}`,
      headers: { [API_KEY_HEADER]: other.key, lang: 'en' },
    });
    expect(list.json().code).toBe('404');
    const up = await upload(`/apis/order/SaleOrderService/attachments/${orderId}`, other.key, 'x.pdf', PDF);
    expect(up.json().code).toBe('404');
  });

  it('refuses files of no document, a dead key, and records each download', async () => {
    // A company file uploaded outside any document (the generic upload, e.g. a login picture's draft).
    const general = await upload('/apis/ElsAttachmentService/upload', admin, 'logo.png', PNG);
    expect(general.json().code, general.json().message).toBe('200');
    const generalPath = general.json().data.filePath as string;
    const key = await createKey([{ kind: '*', access: 'write' }]);
    const refused = await download(generalPath, key.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'API keys download only files attached to documents: this file belongs to no document',
    );
    // Keys cannot use the generic upload either: document files go through the kind's attachments call.
    const generic = await upload('/apis/ElsAttachmentService/upload', key.key, 'logo.png', PNG);
    expect(generic.statusCode).toBe(403);
    // Another company's general file: 404, not 403.
    const theirs = await upload('/apis/ElsAttachmentService/upload', supplier2Admin, 'theirs.png', PNG);
    expect((await download(theirs.json().data.filePath, key.key)).statusCode).toBe(404);

    const { filePath } = await orderWithFile();
    expect((await download(filePath, key.key)).statusCode).toBe(200);
    // Uses are recorded after the answer has gone.
    await vi.waitFor(async () => {
      const uses = (await post(`/apis/ApiKeyService/uses/${key.id}`, admin, { pageSize: 20 })).json();
      expect(uses.code, uses.message).toBe('200');
      const downloads = uses.data.filter(
        (u: { route: string }) => u.route === '/apis/ElsAttachmentService/downloadFileByPortal',
      );
      expect(downloads.map((u: { statusCode: number }) => u.statusCode).sort()).toEqual([200, 403, 404]);
    });

    // Revoked: '401' at once; an unknown key too; no bytes.
    const revoked = await post(`/apis/ApiKeyService/revoke/${key.id}`, admin, { version: key.version });
    expect(revoked.json().code).toBe('200');
    const dead = await download(filePath, key.key);
    expect(dead.statusCode).toBe(401);
    expect(dead.json().message).toBe('The API key is invalid, expired or revoked');
    expect((await download(filePath, 'srmk_not-a-key')).statusCode).toBe(401);
    // No credentials at all: 404, as before.
    expect((await download(filePath, '')).statusCode).toBe(404);
  });
});
