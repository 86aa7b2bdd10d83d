import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProbeServer } from './collection-probe.ts';
import { callsOf, type Session, type TestServer } from './helpers.ts';

/**
 * A kind's child collections in Excel and PDF (issue #34), on the throwaway contract probe
 * (collection-probe.ts: a payment plan both sides read, 1–3 rows; clauses the buyer alone reads): the
 * import template has a sheet per collection; an import reads those sheets into the documents of the same
 * reference; the list export writes each collection the side reads as its own sheet, which imports back as
 * it is; a bad collection row is refused with the save's wording on its sheet, row and column, nothing
 * created; the print shows each collection as a titled table in both languages.
 */

let server: TestServer;
let buyer: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const BUY = '/apis/probe/PurchaseCollectionProbeService';
const SALE = '/apis/probe/SaleCollectionProbeService';

beforeAll(async () => {
  ({ server, buyer, supplier } = await startProbeServer());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Cells = Array<Record<string, unknown>>;

async function book(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's header row and its data rows as arrays of cell values. */
function sheetValues(sheet: ExcelJS.Worksheet) {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { header: rows[0] as string[], rows: rows.slice(1) };
}

/** The import template in `lang`, each named sheet filled by header label. */
async function filledTemplate(lang: string, fill: Record<string, Cells>) {
  const res = await server.app.inject({
    method: 'GET',
    url: `${BUY}/importTemplate`,
    headers: { ...buyer.headers, lang },
  });
  expect(res.statusCode).toBe(200);
  const workbook = await book(res.rawPayload);
  for (const sheet of workbook.worksheets) {
    const header = sheetValues(sheet).header;
    for (const row of fill[sheet.name] ?? []) sheet.addRow(header.map((h) => row[h] ?? null));
  }
  return { workbook, bytes: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

async function upload(bytes: Buffer, lang = 'en') {
  const boundary = '----srmcollectionsheets';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="probe.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return server.app.inject({
    method: 'POST',
    url: `${BUY}/import`,
    headers: { ...buyer.headers, lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

const MAIN = { Supplier: '200001', Date: '2026-12-04', Material: 'M-1', Quantity: 10 };
const PLAN_A = [
  { 'Document reference': 'A', 'Due date': '2027-01-31', Ratio: 30 },
  { 'Document reference': 'A', 'Due date': '2027-03-31', Ratio: '70' },
];

type Detail = {
  record: { id: string; probeNumber: string };
  collections: Record<string, Array<Record<string, unknown>>>;
};
const detail = async (session: Session, base: string, id: string): Promise<Detail> =>
  (await get(`${base}/findDetail/${id}`, session)).json().data;
const idOf = async (number: string) => {
  const res = await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 50 });
  return (res.json().data.records as Array<{ id: string; probeNumber: string }>).find(
    (r) => r.probeNumber === number,
  )?.id as string;
};
const plain = (rows: Array<Record<string, unknown>>) => rows.map(({ id: _i, ...rest }) => rest);

describe('child collections in Excel', () => {
  let numbers: string[];

  it('gives the import template a sheet per collection the side saves, labelled in the caller’s language', async () => {
    const { workbook } = await filledTemplate('zh_cn', {});
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['合同探针', '付款计划', '条款']);
    expect(sheetValues(workbook.worksheets[1]).header).toEqual(['单据参考号', '行号', '到期日', '比例']);
    expect(sheetValues(workbook.worksheets[2]).header).toEqual(['单据参考号', '行号', '条款内容']);
  });

  it('imports the collection sheets into the documents of the same reference', async () => {
    const { bytes } = await filledTemplate('en', {
      'Contract probe': [
        { 'Document reference': 'A', Subject: 'Frame A', ...MAIN },
        { 'Document reference': 'A', Material: 'M-2', Quantity: 5 },
        { 'Document reference': 'B', Subject: 'Frame B', ...MAIN },
      ],
      'Payment plan': [...PLAN_A, { 'Document reference': 'b', 'Due date': '2027-02-28', Ratio: 100 }],
      Clauses: [{ 'Document reference': 'A', Clause: 'Delivery DDP Suzhou' }],
    });
    const res = await upload(bytes);
    expect(res.json().code, JSON.stringify(res.json())).toBe('200');
    numbers = res.json().data.numbers;
    expect(numbers).toHaveLength(2);
    const a = await detail(buyer, BUY, await idOf(numbers[0]));
    expect(plain(a.collections.paymentPlan)).toEqual([
      { lineNumber: 10, dueDate: '2027-01-31', ratio: '30.00' },
      { lineNumber: 20, dueDate: '2027-03-31', ratio: '70.00' },
    ]);
    expect(plain(a.collections.clauses)).toEqual([{ lineNumber: 10, clauseText: 'Delivery DDP Suzhou' }]);
    const b = await detail(buyer, BUY, await idOf(numbers[1]));
    expect(plain(b.collections.paymentPlan)).toEqual([
      { lineNumber: 10, dueDate: '2027-02-28', ratio: '100.00' },
    ]);
    expect(b.collections.clauses).toEqual([]);
  });

  it('exports each collection the side reads as its own sheet, keyed by the document number', async () => {
    const res = await post(`${BUY}/export`, buyer, { currentPage: 1, pageSize: 10 });
    expect(res.statusCode).toBe(200);
    const workbook = await book(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Contract probe', 'Payment plan', 'Clauses']);
    const plan = sheetValues(workbook.worksheets[1]);
    expect(plan.header).toEqual(['Document reference', 'Line', 'Due date', 'Ratio']);
    expect(plan.rows).toEqual(
      expect.arrayContaining([
        [numbers[0], 10, '2027-01-31', '30.00'],
        [numbers[0], 20, '2027-03-31', '70.00'],
        [numbers[1], 10, '2027-02-28', '100.00'],
      ]),
    );
    expect(plan.rows).toHaveLength(3);
    expect(sheetValues(workbook.worksheets[2]).rows).toEqual([[numbers[0], 10, 'Delivery DDP Suzhou']]);
    // The supplier's export has the sheets the supplier reads: no clauses.
    const theirs = await book(
      (await post(`${SALE}/export`, supplier, { currentPage: 1, pageSize: 10 })).rawPayload,
    );
    expect(theirs.worksheets.map((s) => s.name)).toEqual(['Contract probe', 'Payment plan']);
    expect(JSON.stringify(sheetValues(theirs.worksheets[1]).rows)).not.toContain('Suzhou');
  });

  it('imports the exported collection sheets back as they are (round trip)', async () => {
    const exported = await book(
      (await post(`${BUY}/export`, buyer, { currentPage: 1, pageSize: 10 })).rawPayload,
    );
    const { workbook } = await filledTemplate('en', {
      'Contract probe': [{ 'Document reference': numbers[0], Subject: 'Frame A again', ...MAIN }],
    });
    // The template's collection sheets replaced by the export's (the other document's rows refer to no
    // document of the first sheet: only the first document's are kept).
    for (const name of ['Payment plan', 'Clauses']) {
      const target = workbook.getWorksheet(name) as ExcelJS.Worksheet;
      const source = sheetValues(exported.getWorksheet(name) as ExcelJS.Worksheet);
      for (const row of source.rows.filter((r) => r[0] === numbers[0])) target.addRow(row);
    }
    const res = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.json().code, JSON.stringify(res.json())).toBe('200');
    const again = await detail(buyer, BUY, await idOf(res.json().data.numbers[0]));
    const original = await detail(buyer, BUY, await idOf(numbers[0]));
    expect(plain(again.collections.paymentPlan)).toEqual(plain(original.collections.paymentPlan));
    expect(plain(again.collections.clauses)).toEqual(plain(original.collections.clauses));
  });

  it('refuses a bad collection row with the save’s wording on its sheet, row and column; nothing created', async () => {
    const before = (await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 50 })).json().data
      .total;
    const saved = await post(
      `${BUY}/save`,
      buyer,
      {
        toElsAccount: '200001',
        probeDate: '2026-12-04',
        subject: 'S',
        lines: [{ materialNumber: 'M-1', quantity: '1' }],
        paymentPlan: [
          { dueDate: '2027-01-31', ratio: '30' },
          { dueDate: '2027-03-31', ratio: '-5' },
        ],
      },
      'zh_cn',
    );
    expect(saved.statusCode).toBe(400);
    const saveMessage = saved.json().data.errors[0].message as string;
    expect(saveMessage).toContain('付款计划第 20 行 比例');
    const { bytes } = await filledTemplate('zh_cn', {
      合同探针: [{ 单据参考号: 'A', 供应商: '200001', 日期: '2026-12-04', 标题: 'S', 物料: 'M-1', 数量: 1 }],
      付款计划: [
        { 单据参考号: 'A', 到期日: '2027-01-31', 比例: 30 },
        { 单据参考号: 'A', 到期日: '2027-03-31', 比例: -5 },
        { 单据参考号: 'Z', 到期日: '2027-03-31', 比例: 5 },
      ],
    });
    const res = await upload(bytes, 'zh_cn');
    expect(res.statusCode).toBe(400);
    const errors = res.json().data.errors;
    expect(errors).toEqual([
      { sheet: '付款计划', row: 3, field: '比例', message: saveMessage },
      {
        sheet: '付款计划',
        row: 4,
        field: '单据参考号',
        message: '表“付款计划”的单据参考号 Z 在第一张表中没有对应的单据',
      },
    ]);
    const after = (await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 50 })).json().data
      .total;
    expect(after).toBe(before);
  });

  it('refuses too many rows on the sheet, and a missing sheet when the collection needs rows', async () => {
    const four = Array.from({ length: 4 }, (_, i) => ({
      'Document reference': 'A',
      'Due date': `2027-0${i + 1}-28`,
      Ratio: 25,
    }));
    const many = await filledTemplate('en', {
      'Contract probe': [{ 'Document reference': 'A', Subject: 'S', ...MAIN }],
      'Payment plan': four,
    });
    const res = await upload(many.bytes);
    expect(res.json().data.errors).toEqual([
      {
        sheet: 'Payment plan',
        row: 2,
        field: 'Payment plan',
        message: expect.stringContaining('Payment plan'),
      },
    ]);
    // Without the payment plan's sheet (min 1 row): the document's row names the collection.
    many.workbook.removeWorksheet((many.workbook.getWorksheet('Payment plan') as ExcelJS.Worksheet).id);
    const none = await upload(Buffer.from(await many.workbook.xlsx.writeBuffer()));
    expect(none.statusCode).toBe(400);
    expect(none.json().data.errors).toEqual([
      { row: 2, field: 'Payment plan', message: expect.stringContaining('Payment plan') },
    ]);
  });
});

describe('child collections in the PDF', () => {
  const textOf = async (base: string, session: Session, id: string, lang: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${base}/print/${id}`,
      headers: { ...session.headers, lang },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  };

  it('prints each collection the side reads as a titled table after the lines, in both languages', async () => {
    const res = await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 50 });
    const record = (res.json().data.records as Array<{ id: string; subject: string }>).find(
      (r) => r.subject === 'Frame A',
    );
    const id = record?.id as string;
    const en = await textOf(BUY, buyer, id, 'en');
    expect(en).toContain('Payment plan');
    expect(en).toMatch(/Line Due date Ratio 10 2027-01-31 30\.00 20 2027-03-31 70\.00/);
    expect(en).toContain('Clauses');
    expect(en).toContain('Delivery DDP Suzhou');
    expect(en.indexOf('Payment plan')).toBeGreaterThan(en.indexOf('M-2'));
    const zh = await textOf(BUY, buyer, id, 'zh_cn');
    expect(zh).toMatch(/付款计划 行号 到期日 比例 10 2027-01-31 30\.00/);
    expect(zh).toContain('条款内容');
    const theirs = await textOf(SALE, supplier, id, 'en');
    expect(theirs).toContain('2027-03-31');
    expect(theirs).not.toContain('Suzhou');
  });
});
