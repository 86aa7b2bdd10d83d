// @postgres: flow:attachment, database-url — attachments of a delivery notice; with DATABASE_URL the bytes live in the database file store
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Attachments of kernel documents (issue #12, spec 000 §7 ElsAttachmentService): the supplier attaches a
 * PDF to a delivery notice; the buyer lists and downloads the same bytes; another supplier sees nothing
 * (404 listing, uploading, downloading); a type not recognised from the bytes is '400'; only the
 * uploading company removes a file; the trail records attach and delete.
 */
let server: TestServer;
let buyer: Session;
let supplier: Session;
let otherSupplier: Session;
const { post, get } = callsOf(() => server);
const SALE = '/apis/order/SaleDeliveryNoteService';
const BUY = '/apis/order/PurchaseDeliveryNoteService';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
  otherSupplier = await login(server, '200002', 'admin');
});
afterAll(async () => {
  await server?.close();
});

function multipart(fileName: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----srmattachboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (url: string, session: Session, fileName: string, bytes: Buffer) => {
  const body = multipart(fileName, bytes);
  return server.app.inject({
    method: 'POST',
    url,
    headers: { ...session.headers, lang: 'en', ...body.headers },
    payload: body.payload,
  });
};
const download = (filePath: string, session: Session) =>
  server.app.inject({
    method: 'GET',
    url: `/apis/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(filePath)}`,
    headers: session.headers,
  });

/** A shipped delivery notice of supplier 200001 to buyer 100000 (both sides see it). */
async function shippedNotice() {
  const open = await post(`${SALE}/findCreateDeliveryManage`, supplier, { currentPage: 1, pageSize: 100 });
  const line = (open.json().data.records as Array<{ orderItemId: string; elsAccount: string }>).find(
    (l) => l.elsAccount === '100000',
  );
  expect(line).toBeDefined();
  const saved = await post(`${SALE}/save`, supplier, {
    noteDate: '2026-11-25',
    transportWay: '5',
    receivedAddress: '苏州 2 号仓',
    lines: [{ orderItemId: line?.orderItemId, sendDeliveryNoteQuantity: '1' }],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  const note = saved.json().data;
  const shipped = await post(`${SALE}/ship/${note.id}`, supplier, {
    version: note.version,
    logisticsCompany: '顺丰速运',
    trackingNumber: 'SF-ATTACH-1',
  });
  expect(shipped.json().code, shipped.json().message).toBe('200');
  return shipped.json().data as { id: string; version: number };
}

/** Whether the file store holds a path: the database on PostgreSQL (issue #18), the DATA_DIR folder on PGlite. */
async function stored(filePath: string): Promise<boolean> {
  if (server.database.kind === 'postgres') {
    const result = await server.database.db.execute(
      sql`select count(*)::int as n from file_chunk where file_path = ${filePath}`,
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0].n > 0;
  }
  return existsSync(join(server.config.DATA_DIR, 'files', filePath));
}

describe('attachments of a delivery notice', () => {
  it('the supplier attaches a PDF; the buyer lists and downloads the same bytes; strangers get 404', async () => {
    const note = await shippedNotice();

    const uploaded = await upload(`${SALE}/attachments/${note.id}`, supplier, '质检报告.pdf', PDF);
    expect(uploaded.json().code, uploaded.json().message).toBe('200');
    const file = uploaded.json().data;
    expect(file).toMatchObject({
      fileName: '质检报告.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      elsAccount: '200001',
      side: 'sale',
      createUser: '200001_admin',
      mine: true,
    });

    // The buyer lists it (not its own) and downloads the same bytes.
    const listed = await get(`${BUY}/attachments/${note.id}`, buyer);
    expect(listed.json().code).toBe('200');
    expect(listed.json().data).toEqual([{ ...file, mine: false }]);
    const bytes = await download(file.filePath, buyer);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
    expect(bytes.rawPayload.equals(PDF)).toBe(true);

    // The buyer attaches its own file too: both parties see both, each marked by its side.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const own = await upload(`${BUY}/attachments/${note.id}`, buyer, 'photo.png', png);
    expect(own.json().code, own.json().message).toBe('200');
    expect(own.json().data).toMatchObject({ side: 'purchase', elsAccount: '100000', mine: true });
    const both = (await get(`${SALE}/attachments/${note.id}`, supplier)).json().data;
    expect(both.map((f: { fileName: string; mine: boolean }) => [f.fileName, f.mine])).toEqual([
      ['质检报告.pdf', true],
      ['photo.png', false],
    ]);
    expect((await download(own.json().data.filePath, supplier)).rawPayload.equals(png)).toBe(true);

    // Another supplier: 404 listing, uploading and downloading, and no id echoed; on the buyer's path its
    // station is refused first (403, issue #32).
    for (const [path, code] of [
      [`${SALE}/attachments/${note.id}`, '404'],
      [`${BUY}/attachments/${note.id}`, '403'],
    ]) {
      const listedByOther = await get(path, otherSupplier);
      expect(listedByOther.json().code).toBe(code);
      expect(listedByOther.body).not.toContain(note.id);
    }
    const uploadedByOther = await upload(`${SALE}/attachments/${note.id}`, otherSupplier, 'x.pdf', PDF);
    expect(uploadedByOther.json().code).toBe('404');
    expect(uploadedByOther.body).not.toContain(note.id);
    expect((await download(file.filePath, otherSupplier)).json().code).toBe('404');
    expect((await download(own.json().data.filePath, otherSupplier)).json().code).toBe('404');
    // Nothing was stored for the stranger.
    const count = (await server.database.db.execute(
      sql`select count(*)::int as n from attachment where business_id = ${note.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(count.rows[0].n).toBe(2);

    // The trail records both attachments.
    const trail = (await get(`${BUY}/findDetail/${note.id}`, buyer)).json().data.trail;
    expect(trail.filter((t: { action: string }) => t.action === 'attach')).toHaveLength(2);
  });

  it('refuses a type not recognised from the bytes, an empty upload and a non-multipart body', async () => {
    const note = await shippedNotice();
    const exe = await upload(
      `${SALE}/attachments/${note.id}`,
      supplier,
      'invoice.pdf',
      Buffer.from('MZ\x90\x00'),
    );
    expect(exe.json().code).toBe('400');
    const empty = await upload(`${SALE}/attachments/${note.id}`, supplier, 'empty.pdf', Buffer.alloc(0));
    expect(empty.json().code).toBe('400');
    const json = await post(`${SALE}/attachments/${note.id}`, supplier, { file: 'x' });
    expect(json.json().code).toBe('400');
    expect((await get(`${SALE}/attachments/${note.id}`, supplier)).json().data).toEqual([]);
  });

  it('only the uploading company removes a file, while it can see the document', async () => {
    const note = await shippedNotice();
    const file = (await upload(`${SALE}/attachments/${note.id}`, supplier, 'a.pdf', PDF)).json().data;
    const byBuyer = await post(`${BUY}/deleteAttachment/${note.id}`, buyer, { attachmentId: file.id });
    expect(byBuyer.json().code).toBe('403');
    const byOther = await post(`${SALE}/deleteAttachment/${note.id}`, otherSupplier, {
      attachmentId: file.id,
    });
    expect(byOther.json().code).toBe('404');
    expect(byOther.body).not.toContain(file.id);
    // An attachment of another document is not found through this one.
    const other = await shippedNotice();
    const wrongDoc = await post(`${SALE}/deleteAttachment/${other.id}`, supplier, { attachmentId: file.id });
    expect(wrongDoc.json().code).toBe('404');
    expect((await get(`${BUY}/attachments/${note.id}`, buyer)).json().data).toHaveLength(1);

    expect(await stored(file.filePath)).toBe(true);
    const removed = await post(`${SALE}/deleteAttachment/${note.id}`, supplier, { attachmentId: file.id });
    expect(removed.json().code, removed.json().message).toBe('200');
    expect((await get(`${BUY}/attachments/${note.id}`, buyer)).json().data).toEqual([]);
    expect((await download(file.filePath, buyer)).json().code).toBe('404');
    // The bytes are gone from the file store too (the database on PostgreSQL, a folder under DATA_DIR on PGlite).
    expect(await stored(file.filePath)).toBe(false);
    const trail = (await get(`${SALE}/findDetail/${note.id}`, supplier)).json().data.trail;
    expect(trail.map((t: { action: string }) => t.action)).toContain('deleteAttachment');
  });

  it('a file attached through the generic upload to a document of others is neither listed nor readable', async () => {
    const note = await shippedNotice();
    // Another supplier tags its own file with the notice's id: the parties do not see it …
    const body = multipart('spam.pdf', PDF);
    const planted = await server.app.inject({
      method: 'POST',
      url: `/apis/ElsAttachmentService/upload?businessType=deliveryNote&businessId=${note.id}`,
      headers: { ...otherSupplier.headers, ...body.headers },
      payload: body.payload,
    });
    expect(planted.json().code).toBe('200');
    expect((await get(`${BUY}/attachments/${note.id}`, buyer)).json().data).toEqual([]);
    expect((await download(planted.json().data.filePath, buyer)).json().code).toBe('404');
    // … and a party's file tagged with it stays the party's (the stranger cannot read it).
    const mine = (await upload(`${SALE}/attachments/${note.id}`, supplier, 'b.pdf', PDF)).json().data;
    expect((await download(mine.filePath, otherSupplier)).json().code).toBe('404');
  });
});

describe('custom field labels of kernel kinds', () => {
  it('the buyer admin names a delivery notice’s fields; both parties read them by the notice; others get 404', async () => {
    const admin = await login(server, '100000', 'admin');
    const tooFar = await post('/apis/CustomFieldService/saveLabels', admin, {
      documentKind: 'deliveryNote',
      labels: [{ fieldKey: 'fbk31', zh_cn: '超出', en: 'Beyond' }],
    });
    expect(tooFar.json().code).toBe('400');
    expect(tooFar.json().message).toContain('body.labels.0.fieldKey');
    for (const [documentKind, label] of [
      ['deliveryNote', { fieldKey: 'fbk2', zh_cn: '车牌号', en: 'Plate number' }],
      ['deliveryNoteItem', { fieldKey: 'fbk1', zh_cn: '炉号', en: 'Heat number' }],
    ] as const) {
      const saved = await post('/apis/CustomFieldService/saveLabels', admin, {
        documentKind,
        labels: [label],
      });
      expect(saved.json().code, saved.json().message).toBe('200');
    }
    const note = await shippedNotice();
    const expected = {
      header: [{ fieldKey: 'fbk2', zh_cn: '车牌号', en: 'Plate number' }],
      lines: [{ fieldKey: 'fbk1', zh_cn: '炉号', en: 'Heat number' }],
    };
    for (const session of [buyer, supplier]) {
      const res = await get(`/apis/CustomFieldService/findDocumentLabels/deliveryNote/${note.id}`, session);
      expect(res.json().code, res.json().message).toBe('200');
      expect(res.json().data).toEqual(expected);
    }
    const other = await get(
      `/apis/CustomFieldService/findDocumentLabels/deliveryNote/${note.id}`,
      otherSupplier,
    );
    expect(other.json().code).toBe('404');
    // A notice is not a return: the same id under another kind is not found.
    const wrongKind = await get(`/apis/CustomFieldService/findDocumentLabels/refund/${note.id}`, buyer);
    expect(wrongKind.json().code).toBe('404');
  });
});
