import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The document kernel's Excel import (issue #12 "One Excel engine (exceljs, with per-row errors on
 * import)"), on purchase-initiated delivery requests (`deliveryNote`, buyer side): the template in the
 * caller's language, an import of two documents from three rows found in the list, and a file with bad
 * rows answering '400' with every bad row and column while creating nothing.
 */
let server: TestServer;
let buyer: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const BUY = '/apis/order/PurchaseDeliveryNoteService';

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type OpenLine = {
  orderItemId: string;
  orderNumber: string;
  itemNumber: number;
  toElsAccount: string;
  remainQuantity: string;
};

/** Three open lines of buyer 100000's orders to supplier 200001. */
async function threeLines(): Promise<OpenLine[]> {
  const res = await post(`${BUY}/findCreateDeliveryManage`, buyer, {
    currentPage: 1,
    pageSize: 100,
    toElsAccount: '200001',
  });
  expect(res.json().code, res.json().message).toBe('200');
  const lines = (res.json().data.records as OpenLine[]).filter((l) => Number(l.remainQuantity) >= 2);
  expect(lines.length).toBeGreaterThanOrEqual(3);
  return lines.slice(0, 3);
}

function multipart(bytes: Buffer, fileName = 'import.xlsx') {
  const boundary = '----srmdocumentimportboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(bytes: Buffer, lang = 'en', base = BUY, session = buyer) {
  const body = multipart(bytes);
  return server.app.inject({
    method: 'POST',
    url: `${base}/import`,
    headers: { ...session.headers, ...body.headers, lang },
    payload: body.payload,
  });
}

/** The template (in `lang`) with rows filled under its headers by label. */
async function filledTemplate(lang: string, rows: Array<Record<string, unknown>>) {
  const res = await server.app.inject({
    method: 'GET',
    url: `${BUY}/importTemplate`,
    headers: { ...buyer.headers, lang },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const headers = ((sheet.getRow(1).values as unknown[]).slice(1) as string[]).map(String);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? null));
  return { headers, bytes: Buffer.from(await book.xlsx.writeBuffer()) };
}

async function total() {
  const res = await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 100 });
  expect(res.json().code).toBe('200');
  return res.json().data.total as number;
}

describe('importing delivery requests from Excel', () => {
  it('offers a template in the caller’s language with the reference, header and line columns', async () => {
    const { headers: zh } = await filledTemplate('zh_cn', []);
    expect(zh[0]).toBe('单据参考号');
    expect(zh).toEqual(
      expect.arrayContaining(['送货日期', '运输方式', '订单号', '订单行号', '送货数量', '批次号', '箱数']),
    );
    // Fields the server sets are not columns.
    expect(zh).not.toContain('送货单号');
    const { headers: en } = await filledTemplate('en', []);
    expect(en).toEqual(
      expect.arrayContaining([
        'Document reference',
        'Delivery date',
        'Order number',
        'Order line number',
        'Delivery quantity',
      ]),
    );
    // An order line is named by order number and line number, not by its id.
    expect(en).not.toContain('Order line');
    expect(zh).not.toContain('订单行');
    // The supplier's station does not create delivery requests.
    const wrong = await get(`${BUY}/importTemplate`, supplier);
    expect(wrong.json().code).toBe('403');
  });

  it('imports 2 documents from 3 rows (codes by label, dates as date cells) and lists both', async () => {
    const [a, b, c] = await threeLines();
    const before = await total();
    const { bytes } = await filledTemplate('en', [
      {
        'Document reference': 'R1',
        'Delivery date': new Date(Date.UTC(2026, 10, 25)),
        'Transport way': '快递',
        'Receiving address': 'Suzhou DC 2',
        'Order number': a.orderNumber,
        'Order line number': a.itemNumber,
        'Delivery quantity': 1.5,
        'Batch number': 'B-1',
      },
      // Header cells of later rows of a document are not read.
      {
        'Document reference': 'R1',
        'Transport way': 'nonsense',
        'Order number': b.orderNumber,
        'Order line number': b.itemNumber,
        'Delivery quantity': '2',
      },
      {
        'Document reference': 'R2',
        'Delivery date': '2026-12-01',
        'Transport way': 'Road',
        'Order number': c.orderNumber,
        'Order line number': c.itemNumber,
        'Delivery quantity': 1,
        Boxes: 3,
      },
    ]);
    const res = await upload(bytes);
    expect(res.json().code, JSON.stringify(res.json())).toBe('200');
    const { created, numbers } = res.json().data as { created: number; numbers: string[] };
    expect(created).toBe(2);
    expect(numbers).toHaveLength(2);
    for (const n of numbers) expect(n).toMatch(/^DN\d{10}$/);
    expect(await total()).toBe(before + 2);

    const [first, second] = await Promise.all(
      numbers.map(async (n) => {
        const list = await post(`${BUY}/findPageList`, buyer, {
          currentPage: 1,
          pageSize: 10,
          deliveryNoteNumber: n,
        });
        const [record] = list.json().data.records;
        expect(record?.deliveryNoteNumber).toBe(n);
        return (await get(`${BUY}/findDetail/${record.id}`, buyer)).json().data;
      }),
    );
    expect(first.record).toMatchObject({
      noteType: '2',
      noteStatus: '0',
      noteDate: '2026-11-25',
      transportWay: '5',
      receivedAddress: 'Suzhou DC 2',
      totalQuantity: '3.500',
    });
    expect(first.lines.map((l: { orderItemId: string }) => l.orderItemId)).toEqual([
      a.orderItemId,
      b.orderItemId,
    ]);
    expect(first.lines[0]).toMatchObject({ sendDeliveryNoteQuantity: '1.500', batchNumber: 'B-1' });
    expect(second.record).toMatchObject({
      noteDate: '2026-12-01',
      transportWay: '1',
      totalQuantity: '1.000',
    });
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]).toMatchObject({ orderItemId: c.orderItemId, boxCount: 3 });
  });

  it('refuses a file with bad rows naming each row and column in the caller’s language, and creates nothing', async () => {
    const [a, b, c] = await threeLines();
    const before = await total();
    const { bytes } = await filledTemplate('zh_cn', [
      // Row 2: a good document — not created either, since the file has bad rows.
      { 单据参考号: 'OK', 订单号: a.orderNumber, 订单行号: a.itemNumber, 送货数量: '1' },
      // Row 3: the required quantity is missing.
      { 单据参考号: 'X1', 订单号: b.orderNumber, 订单行号: b.itemNumber },
      // Row 4: not a decimal; row 5: an unknown transport way.
      { 单据参考号: 'X2', 订单号: c.orderNumber, 订单行号: c.itemNumber, 送货数量: '1,5' },
      { 单据参考号: 'X3', 运输方式: '飞艇', 订单号: c.orderNumber, 订单行号: c.itemNumber, 送货数量: '1' },
      // Row 6: an order line that does not exist (or is not the buyer's).
      { 单据参考号: 'X4', 订单号: 'PO1999010001', 订单行号: 10, 送货数量: '1' },
    ]);
    const res = await upload(bytes, 'zh_cn');
    const body = res.json();
    expect(body.code).toBe('400');
    expect(body.message).toBe('4 行数据有错误，未导入任何数据');
    const errors = body.data.errors as Array<{ row: number; field: string; message: string }>;
    expect(errors).toEqual([
      { row: 3, field: '送货数量', message: '送货数量 不能为空' },
      { row: 4, field: '送货数量', message: '送货数量 应为数字：最多 12 位整数、3 位小数' },
      { row: 5, field: '运输方式', message: '运输方式 取值应为 公路、铁路、航空、海运、快递' },
      { row: 6, field: '订单号 / 订单行号', message: '找不到订单行：PO1999010001 / 10（或您不能使用它）' },
    ]);
    expect(await total()).toBe(before);

    // The same file in English: fields and messages in English.
    const en = (await upload(bytes, 'en')).json();
    expect(en.data.errors[0]).toEqual({
      row: 3,
      field: 'Delivery quantity',
      message: 'Delivery quantity is required',
    });
    expect(await total()).toBe(before);
  });

  it('rolls back every document when the kind’s own rules refuse a later one (one transaction)', async () => {
    const [a] = await threeLines();
    const before = await total();
    const { bytes } = await filledTemplate('en', [
      {
        'Document reference': 'A',
        'Order number': a.orderNumber,
        'Order line number': a.itemNumber,
        'Delivery quantity': '1',
      },
      // More than the order line can take: the kind's save refuses it after document A was saved.
      {
        'Document reference': 'B',
        'Order number': a.orderNumber,
        'Order line number': a.itemNumber,
        'Delivery quantity': '999999',
      },
    ]);
    const body = (await upload(bytes)).json();
    expect(body.code).toBe('400');
    expect(body.data.errors).toHaveLength(1);
    expect(body.data.errors[0]).toMatchObject({ row: 3, field: 'Document reference' });
    expect(await total()).toBe(before);
    // A dry run of a good file counts without creating.
    const good = await filledTemplate('en', [
      {
        'Document reference': 'A',
        'Order number': a.orderNumber,
        'Order line number': a.itemNumber,
        'Delivery quantity': '1',
      },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: `${BUY}/import?dryRun=Y`,
      headers: { ...buyer.headers, ...multipart(good.bytes).headers },
      payload: multipart(good.bytes).payload,
    });
    expect(res.json()).toMatchObject({ code: '200', data: { created: 1, numbers: [] } });
    expect(await total()).toBe(before);
  });

  it('answers 400 naming the rule to files that are not a usable workbook, never 500', async () => {
    const notXlsx = (await upload(Buffer.from('%PDF-1.4 not a workbook'))).json();
    expect(notXlsx).toMatchObject({
      code: '400',
      message: 'The file could not be read; please upload an .xlsx workbook',
    });
    const zipNotXlsx = (await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))).json();
    expect(zipNotXlsx.code).toBe('400');
    const { bytes: empty } = await filledTemplate('en', []);
    expect((await upload(empty)).json()).toMatchObject({ code: '400', message: 'The file has no data rows' });
    const book = new ExcelJS.Workbook();
    book.addWorksheet('x').addRow(['Something', 'Else']);
    book.worksheets[0].addRow(['a', 'b']);
    const wrongColumns = (await upload(Buffer.from(await book.xlsx.writeBuffer()))).json();
    expect(wrongColumns.code).toBe('400');
    expect(wrongColumns.message).toContain('Missing column');
    const json = await post(`${BUY}/import`, buyer, { file: 'x' });
    expect(json.json().code).toBe('400');
    // The other side's station cannot import this side's documents.
    expect((await upload(empty, 'en', BUY, supplier)).json().code).toBe('403');
    // Too many rows.
    const big = new ExcelJS.Workbook();
    const sheet = big.addWorksheet('x');
    sheet.addRow(['Document reference', 'Order number', 'Order line number', 'Delivery quantity']);
    for (let i = 0; i < 5001; i++) sheet.addRow([`R${i}`, 'x', 10, '1']);
    const tooMany = (await upload(Buffer.from(await big.xlsx.writeBuffer()))).json();
    expect(tooMany).toMatchObject({ code: '400', message: 'At most 5000 rows can be imported at once' });
  });
});

describe('importing returns from Excel', () => {
  const RBUY = '/apis/order/PurchaseRefundService';

  it('names the notice by its number and its lines by line number, and refuses a number that is not the buyer’s', async () => {
    // A received notice of buyer 100000 with a line that can still be returned (demo world).
    const notes = (await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 100 })).json().data
      .records as Array<{ id: string; deliveryNoteNumber: string }>;
    let picked: { number: string; lineNumber: number; deliveryNoteItemId: string } | undefined;
    for (const note of notes) {
      const returnable = (
        await post(`${RBUY}/findReturnableLines`, buyer, { deliveryNoteId: note.id })
      ).json().data;
      const line = returnable?.lines.find(
        (l: { returnableQuantity: string }) => Number(l.returnableQuantity) >= 1,
      );
      if (!line) continue;
      const detail = (await get(`${BUY}/findDetail/${note.id}`, buyer)).json().data;
      const lineNumber = detail.lines.find(
        (l: { id: string }) => l.id === line.deliveryNoteItemId,
      ).lineNumber;
      picked = { number: note.deliveryNoteNumber, lineNumber, deliveryNoteItemId: line.deliveryNoteItemId };
      break;
    }
    expect(picked).toBeDefined();
    const template = await server.app.inject({
      method: 'GET',
      url: `${RBUY}/importTemplate`,
      headers: { ...buyer.headers, lang: 'en' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headers = ((sheet.getRow(1).values as unknown[]).slice(1) as string[]).map(String);
    expect(headers).toEqual(
      expect.arrayContaining(['Notice number', 'Notice line number', 'Return quantity']),
    );
    const fill = (row: Record<string, unknown>) => sheet.addRow(headers.map((h) => row[h] ?? null));
    fill({
      'Document reference': 'R',
      'Notice number': picked?.number,
      'Notice line number': picked?.lineNumber,
      'Back reason': 'Scratched',
      'Return quantity': '1',
    });
    // Another row naming a notice that does not exist: the whole file is refused, naming the row.
    fill({
      'Document reference': 'S',
      'Notice number': 'DN1999010001',
      'Notice line number': 10,
      'Back reason': 'Scratched',
      'Return quantity': '1',
    });
    const bad = (await upload(Buffer.from(await book.xlsx.writeBuffer()), 'en', RBUY)).json();
    expect(bad.code).toBe('400');
    expect(bad.data.errors).toEqual([
      { row: 3, field: 'Notice number', message: 'No delivery notice DN1999010001 that you can use' },
    ]);
    sheet.spliceRows(3, 1);
    const good = (await upload(Buffer.from(await book.xlsx.writeBuffer()), 'en', RBUY)).json();
    expect(good.code, JSON.stringify(good)).toBe('200');
    const [number] = good.data.numbers as string[];
    const list = (
      await post(`${RBUY}/findPageList`, buyer, { currentPage: 1, pageSize: 10, refundNumber: number })
    ).json().data.records;
    const detail = (await get(`${RBUY}/findDetail/${list[0].id}`, buyer)).json().data;
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({
      deliveryNoteItemId: picked?.deliveryNoteItemId,
      returnQuantity: '1.000',
    });
  });
});
