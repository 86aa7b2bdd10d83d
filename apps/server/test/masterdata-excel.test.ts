import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from './helpers.ts';
import { inDays, LINKED, masterdataFixtures, STRANGER } from './masterdata-fixtures.ts';

/** Master data Excel export and import (issue #5): headers by language, all-or-nothing imports with row errors. */

let server: TestServer;

type Session = Awaited<ReturnType<typeof login>>;

const { setUpCompanies, auditRows, call } = masterdataFixtures(() => server);

let buyer: Session;
let supplier: Session;
let cate3: { id: string; cateCode: string };
let cate2: { id: string; cateCode: string };

const data = async (res: Awaited<ReturnType<typeof call>>) => {
  const body = res.json();
  expect(body.code, body.message).toBe('200');
  return body.data;
};

beforeAll(async () => {
  server = await createTestServer();
  await setUpCompanies();
  buyer = await login(server, '100000', 'admin');
  supplier = await login(server, '200001', 'admin');
  const l1 = await data(
    await call('PurchaseMaterialCateService/save', buyer, { cateCode: 'XL1', cateName: '电子' }),
  );
  cate2 = await data(
    await call('PurchaseMaterialCateService/save', buyer, {
      parentId: l1.id,
      cateCode: 'XL2',
      cateName: '被动件',
    }),
  );
  cate3 = await data(
    await call('PurchaseMaterialCateService/save', buyer, {
      parentId: cate2.id,
      cateCode: 'XL3',
      cateName: '电阻',
    }),
  );
});
afterAll(async () => {
  await server?.close();
});

function multipart(bytes: Buffer, fileName = 'import.xlsx') {
  const boundary = '----srmmasterdataboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(path: string, session: Session, bytes: Buffer, lang = 'en') {
  const body = multipart(bytes);
  return server.app.inject({
    method: 'POST',
    url: `/apis/masterdata/${path}`,
    headers: { ...session.headers, ...body.headers, lang },
    payload: body.payload,
  });
}

/** A workbook with one sheet: a header row and data rows. */
async function workbook(headers: string[], rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readBook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const MATERIAL_HEADERS_EN = [
  'Material number',
  'Material name',
  'Level-3 category code',
  'Base unit',
  'Over tolerance (%)',
  'Minimum packing quantity',
  'Minimum shelf life (days)',
];

describe('materials in Excel', () => {
  it('imports good rows in one go (created), then updates them (updated); rows show in findPageList', async () => {
    const bytes = await workbook(MATERIAL_HEADERS_EN, [
      ['XL-001', '电阻 10K', 'XL3', 'PCS', 5, '100', 30],
      ['XL-002', '电阻 20K', 'XL3', 'PCS', '2.5', 12.5, null],
      ['XL-003', '电阻 30K', 'XL3', 'PCS', null, null, null],
    ]);
    const dry = await data(
      await server.app.inject({
        method: 'POST',
        url: '/apis/masterdata/PurchaseMaterialService/import?dryRun=Y',
        headers: { ...buyer.headers, ...multipart(bytes).headers },
        payload: multipart(bytes).payload,
      }),
    );
    expect(dry).toEqual({ created: 3, updated: 0 });
    expect(
      (await data(await call('PurchaseMaterialService/findPageList', buyer, { keyword: 'XL-' }))).total,
    ).toBe(0);

    expect(await data(await upload('PurchaseMaterialService/import', buyer, bytes))).toEqual({
      created: 3,
      updated: 0,
    });
    const list = await data(await call('PurchaseMaterialService/findPageList', buyer, { keyword: 'XL-' }));
    expect(list.total).toBe(3);
    const second = list.records.find((m: { materialNumber: string }) => m.materialNumber === 'XL-002');
    expect(second).toMatchObject({
      overTolerance: '2.50',
      minPackingQuantity: '12.500',
      cateCode3: 'XL3',
      cateName1: '电子',
    });
    expect(await auditRows('material', second.id)).toHaveLength(1);

    // Chinese headers, in another order: updates the known numbers.
    const zh = await workbook(
      ['物料名称', '物料编码', '基本单位', '三级分类编码'],
      [
        ['电阻 10K 改', 'XL-001', 'PCS', 'XL3'],
        ['电阻 40K', 'XL-004', 'PCS', 'XL3'],
      ],
    );
    expect(await data(await upload('PurchaseMaterialService/import', buyer, zh, 'zh_cn'))).toEqual({
      created: 1,
      updated: 1,
    });
    const renamed = await data(
      await call('PurchaseMaterialService/findPageList', buyer, { keyword: '电阻 10K 改' }),
    );
    expect(renamed.records[0]).toMatchObject({ materialNumber: 'XL-001', version: 1 });
  });

  it('refuses the whole file when one row is bad, naming the sheet row, and imports nothing', async () => {
    const bytes = await workbook(MATERIAL_HEADERS_EN, [
      ['BAD-001', '好物料', 'XL3', 'PCS', 5, '1', 1],
      ['BAD-002', '挂在二级分类下', 'XL2', 'PCS', 5, '1', 1],
      ['BAD-003', '又一个好物料', 'XL3', 'PCS', 5, '1', 1],
      ['BAD-004', '容差太大', 'XL3', 'PCS', 101, '1', 1],
      ['BAD-001', '重复编码', 'XL3', 'PCS', 5, '1', 1],
      ['BAD-005', '缺单位且保质期为负', 'XL3', '', 5, '1', -1],
    ]);
    const res = await upload('PurchaseMaterialService/import', buyer, bytes);
    const body = res.json();
    expect(res.statusCode).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toBe('4 rows have errors; nothing was imported');
    expect(body.data.errors).toContainEqual({
      row: 3,
      field: 'cateCode',
      message: 'New materials must be under a level 3 class',
    });
    expect(body.data.errors).toContainEqual({
      row: 5,
      field: 'overTolerance',
      message: 'overTolerance must be between 0 and 100',
    });
    expect(body.data.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual(
      expect.arrayContaining(['6:materialNumber', '7:baseUnit', '7:minShelfLife']),
    );
    expect(body.data.errors.every((e: { row: number }) => [3, 5, 6, 7].includes(e.row))).toBe(true);
    const list = await data(await call('PurchaseMaterialService/findPageList', buyer, { keyword: 'BAD-' }));
    expect(list.total).toBe(0);

    const zh = await upload('PurchaseMaterialService/import', buyer, bytes, 'zh_cn');
    expect(zh.json().message).toBe('4 行数据有错误，未导入任何数据');
    expect(zh.json().data.errors).toContainEqual({
      row: 3,
      field: 'cateCode',
      message: '新建物料必须挂在三级分类下',
    });
  });

  it('refuses files that are not workbooks, lack a column or have no rows, and suppliers', async () => {
    const notXlsx = await upload('PurchaseMaterialService/import', buyer, Buffer.from('hello, world'));
    expect(notXlsx.json()).toMatchObject({
      code: '400',
      message: 'The file could not be read; please upload an .xlsx workbook',
    });
    const missing = await upload(
      'PurchaseMaterialService/import',
      buyer,
      await workbook(['Material number'], [['X-1']]),
    );
    expect(missing.json().message).toContain('Missing column');
    const empty = await upload(
      'PurchaseMaterialService/import',
      buyer,
      await workbook(MATERIAL_HEADERS_EN, []),
    );
    expect(empty.json().message).toBe('The file has no data rows');
    const json = await call('PurchaseMaterialService/import', buyer, {});
    expect(json.json().code).toBe('400');
    const bySupplier = await upload(
      'PurchaseMaterialService/import',
      supplier,
      await workbook(MATERIAL_HEADERS_EN, []),
    );
    expect(bySupplier.json().code).toBe('403');
  });

  it('exports the filtered materials with headers in the caller language, and re-imports the export', async () => {
    for (const n of ['EXP-001', 'EXP-002']) {
      await data(
        await call('PurchaseMaterialService/save', buyer, {
          cateId: cate3.id,
          materialNumber: n,
          materialName: `导出 ${n}`,
          baseUnit: 'KG',
          minOrderQuantity: '0.001',
        }),
      );
    }
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/masterdata/PurchaseMaterialService/export?format=xlsx',
      headers: { ...buyer.headers, lang: 'zh_cn' },
      payload: { keyword: 'EXP-' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="materials-\d{8}T\d{6}\.xlsx"$/,
    );
    const rows = await readBook(res.rawPayload);
    expect(rows[0].slice(0, 3)).toEqual(['物料编码', '物料名称', '物料描述']);
    expect(rows).toHaveLength(3);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['EXP-001', 'EXP-002']);
    expect(rows[1]).toContain('0.001');

    const en = await server.app.inject({
      method: 'POST',
      url: '/apis/masterdata/PurchaseMaterialService/export',
      headers: { ...buyer.headers, lang: 'en' },
      payload: { keyword: 'EXP-001' },
    });
    const envelope = en.json();
    expect(envelope.code).toBe('200');
    const enRows = await readBook(Buffer.from(envelope.data.content, 'base64'));
    expect(enRows[0].slice(0, 2)).toEqual(['Material number', 'Material name']);
    expect(enRows).toHaveLength(2);

    expect(await data(await upload('PurchaseMaterialService/import', buyer, res.rawPayload))).toEqual({
      created: 0,
      updated: 2,
    });
  });
});

describe('suppliers and prices in Excel', () => {
  it('imports suppliers (linked only, all or nothing) and exports them with status labels', async () => {
    const headers = [
      'Supplier account',
      'Supplier code',
      'Full name',
      'Supplier status',
      'Contact',
      'Contact phone',
      'Bank account',
    ];
    const bad = await upload(
      'PurchaseSupplierService/import',
      buyer,
      await workbook(headers, [
        [LINKED, 'XS-1', '关联供应商有限公司', '陌生', '张三', '13900139000', '6222000011112222'],
        [STRANGER, 'XS-2', '陌生供应商有限公司', 'stranger', '李四', '13900139001', null],
      ]),
    );
    expect(bad.json().code).toBe('400');
    expect(bad.json().data.errors).toEqual([
      { row: 3, field: 'toElsAccount', message: `${STRANGER} is not one of your suppliers` },
    ]);
    expect(
      (await data(await call('PurchaseSupplierService/findPageList', buyer, { keyword: 'XS-' }))).total,
    ).toBe(0);

    // Issue #16: a new record starts as a stranger; another stage is refused by row and field.
    const skipping = await upload(
      'PurchaseSupplierService/import',
      buyer,
      await workbook(headers, [
        [LINKED, 'XS-1', '关联供应商有限公司', '合格', '张三', '13900139000', '6222000011112222'],
      ]),
    );
    expect(skipping.json().code).toBe('400');
    expect(skipping.json().data.errors).toMatchObject([{ row: 2, field: 'supplierStatus' }]);
    const good = await upload(
      'PurchaseSupplierService/import',
      buyer,
      await workbook(headers, [
        [LINKED, 'XS-1', '关联供应商有限公司', '陌生', '张三', '13900139000', '6222000011112222'],
      ]),
    );
    expect(await data(good)).toEqual({ created: 1, updated: 0 });
    const list = await data(await call('PurchaseSupplierService/findPageList', buyer, { keyword: 'XS-' }));
    expect(list.records[0]).toMatchObject({
      supplierStatus: 'stranger',
      contacts: [{ name: '张三', telphone: '13900139000' }],
    });

    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/masterdata/PurchaseSupplierService/export?format=xlsx',
      headers: { ...buyer.headers, lang: 'en' },
      payload: { keyword: 'XS-' },
    });
    const rows = await readBook(res.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[0][0]).toBe('Supplier account');
    expect(rows[1]).toContain('Stranger');
  });

  it('imports prices with exact tax maths, refuses a bad row by number and exports them', async () => {
    await data(
      await call('PurchaseMaterialService/save', buyer, {
        cateId: cate3.id,
        materialNumber: 'XP-001',
        materialName: '价格物料',
        baseUnit: 'PCS',
      }),
    );
    const headers = [
      'Supplier account',
      'Material number',
      'Price excl. tax',
      'Tax rate (%)',
      'Exchange rate',
      'Valid from',
      'Valid until',
      'Quota (%)',
    ];
    const start = new Date(Date.now() - 86_400_000);
    const bad = await upload(
      'PurchasePriceService/import',
      buyer,
      await workbook(headers, [
        [LINKED, 'XP-001', '99.99', '13', '1', start, inDays(90), '100'],
        [LINKED, 'XP-001', '10', '13', '12345.1234567', inDays(1), inDays(90), '101'],
        [LINKED, 'NOPE', '10', '13', '1', inDays(1), '2020-01-01', '50'],
      ]),
    );
    const errors = bad.json().data.errors;
    expect(errors).toContainEqual({
      row: 3,
      field: 'exchangeRate',
      message: 'Exchange rate format 10.6: at most 4 integer digits and 6 decimals, greater than 0',
    });
    expect(errors).toContainEqual({ row: 3, field: 'quota', message: 'quota must be between 0 and 100' });
    expect(errors).toContainEqual({
      row: 4,
      field: 'materialNumber',
      message: 'No material has the number NOPE',
    });
    expect(errors).toContainEqual({
      row: 4,
      field: 'validStartDate',
      message: 'The price start time must be before the price end time',
    });
    expect(
      (await data(await call('PurchasePriceService/findPageList', buyer, { keyword: 'XP-' }))).total,
    ).toBe(0);

    const good = await workbook(headers, [
      [LINKED, 'XP-001', '99.99', '13', '1', start, inDays(90), '100'],
      [LINKED, 'XP-001', 0.1, 6, 7.1234, inDays(90), inDays(180), 40],
    ]);
    expect(await data(await upload('PurchasePriceService/import', buyer, good))).toEqual({
      created: 2,
      updated: 0,
    });
    expect(await data(await upload('PurchasePriceService/import', buyer, good))).toEqual({
      created: 0,
      updated: 2,
    });
    const list = await data(await call('PurchasePriceService/findPageList', buyer, { keyword: 'XP-' }));
    expect(list.records.map((p: { priceIncludingTax: string }) => p.priceIncludingTax).sort()).toEqual([
      '0.106000',
      '112.988700',
    ]);

    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/masterdata/PurchasePriceService/export',
      headers: {
        ...buyer.headers,
        accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      payload: { keyword: 'XP-' },
    });
    const rows = await readBook(res.rawPayload);
    expect(rows[0][0]).toBe('供应商账号');
    expect(rows).toHaveLength(3);
    expect(await data(await upload('PurchasePriceService/import', buyer, res.rawPayload))).toEqual({
      created: 0,
      updated: 2,
    });
  });
});

describe("date-times in Excel follow the company's time zone (issue #35)", () => {
  const headers = [
    'Supplier account',
    'Material number',
    'Price excl. tax',
    'Tax rate (%)',
    'Valid from',
    'Valid until',
  ];
  const setZone = async (timeZone: string | null) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/CompanyService/saveTimeZone',
      headers: buyer.headers,
      payload: { timeZone },
    });
    expect(res.json().code, res.json().message).toBe('200');
  };
  const exported = async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/masterdata/PurchasePriceService/export',
      headers: {
        ...buyer.headers,
        accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        lang: 'en',
      },
      payload: { keyword: 'TZ-' },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const [head, ...body] = rows;
    const at = (name: string) => head.indexOf(name);
    return {
      bytes: res.rawPayload,
      dates: body.map((r) => [r[at('Material number')], r[at('Valid from')], r[at('Valid until')]]),
    };
  };
  const listed = async () =>
    (await data(await call('PurchasePriceService/findPageList', buyer, { keyword: 'TZ-' }))).records.map(
      (p: { materialNumber: string; validStartDate: string; priceExpiryDate: string }) => [
        p.materialNumber,
        p.validStartDate,
        p.priceExpiryDate,
      ],
    );
  afterAll(async () => {
    await setZone(null);
  });

  it('reads typed dates and Excel date cells as the wall clock in Beijing and in Berlin, and writes them back unchanged', async () => {
    for (const materialNumber of ['TZ-001', 'TZ-002']) {
      await data(
        await call('PurchaseMaterialService/save', buyer, {
          cateId: cate3.id,
          materialNumber,
          materialName: '时区物料',
          baseUnit: 'PCS',
        }),
      );
    }
    // Beijing (the default): a bare date is its midnight there, a typed time is Beijing time, and an Excel
    // date cell showing 2027-03-01 09:30 is 09:30 in Beijing.
    const beijing = await workbook(headers, [
      [LINKED, 'TZ-001', '1', '13', '2027-01-01', '2027-06-30 18:00'],
      [LINKED, 'TZ-001', '2', '13', new Date(Date.UTC(2027, 2, 1, 9, 30)), '2027-12-31 23:59:59'],
    ]);
    expect(await data(await upload('PurchasePriceService/import', buyer, beijing))).toEqual({
      created: 2,
      updated: 0,
    });
    expect(await listed()).toEqual(
      expect.arrayContaining([
        ['TZ-001', '2026-12-31T16:00:00.000Z', '2027-06-30T10:00:00.000Z'],
        ['TZ-001', '2027-03-01T01:30:00.000Z', '2027-12-31T15:59:59.000Z'],
      ]),
    );
    const inBeijing = await exported();
    expect(inBeijing.dates).toEqual(
      expect.arrayContaining([
        ['TZ-001', '2027-01-01 00:00:00', '2027-06-30 18:00:00'],
        ['TZ-001', '2027-03-01 09:30:00', '2027-12-31 23:59:59'],
      ]),
    );

    // The same instants read in Berlin (winter +01:00, summer +02:00), and its own typed dates are Berlin's.
    await setZone('Europe/Berlin');
    const inBerlin = await exported();
    expect(inBerlin.dates).toEqual(
      expect.arrayContaining([
        ['TZ-001', '2026-12-31 17:00:00', '2027-06-30 12:00:00'],
        ['TZ-001', '2027-03-01 02:30:00', '2027-12-31 16:59:59'],
      ]),
    );
    // The export read back changes nothing: the same prices, the same instants.
    expect(await data(await upload('PurchasePriceService/import', buyer, inBerlin.bytes))).toEqual({
      created: 0,
      updated: 2,
    });
    const berlin = await workbook(headers, [[LINKED, 'TZ-002', '3', '13', '2027-01-01', '2027-07-01 00:00']]);
    expect(await data(await upload('PurchasePriceService/import', buyer, berlin))).toEqual({
      created: 1,
      updated: 0,
    });
    expect(await listed()).toEqual(
      expect.arrayContaining([
        ['TZ-001', '2026-12-31T16:00:00.000Z', '2027-06-30T10:00:00.000Z'],
        ['TZ-002', '2026-12-31T23:00:00.000Z', '2027-06-30T22:00:00.000Z'],
      ]),
    );
    expect(await listed()).toHaveLength(3);
  });
});
