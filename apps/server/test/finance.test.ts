// @postgres: flow:finance, locks — fee sheets and statements; two claims of the same sources at once meet FOR UPDATE: one statement, one 409
import { ITEM_SIGN, type ItemType } from '@srm/contracts/finance';
import { type ReconPickLine, reconPickerRows } from '@srm/contracts/finance-recon';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Fee sheets and reconciliation statements (issue #15) through the API, on the demo world (buyer 100000,
 * supplier 200001 with received notices and a confirmed return): raising, returning with a reason,
 * confirming fee sheets; pulling lines into a statement whose totals are re-computed here with decimal.js
 * under the documented rule; a source is on one live statement only (a second claim answers '409');
 * cancelling releases; the counterpart confirms; only the buyer posts; other companies see nothing.
 */
let server: TestServer;
let buyer: Session;
let supplier: Session;
let other: Session;
const { post, get } = callsOf(() => server);
const DEDUCT_BUY = '/apis/finance/PurchaseDeductCostService';
const DEDUCT_SALE = '/apis/finance/SaleDeductCostService';
const ADD_SALE = '/apis/finance/SaleAddCostService';
const ADD_BUY = '/apis/finance/PurchaseAddCostService';
const RECON_SALE = '/apis/finance/SaleReconService';
const RECON_BUY = '/apis/finance/PurchaseReconService';
const PERIOD = { beginDate: '2000-01-01', endDate: '2099-12-31' };

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
  other = await login(server, '200002', 'admin');
});
afterAll(async () => {
  await server?.close();
});

/** The rule of ARCHITECTURE.md "Money in finance", written independently with decimal.js. */
function expected(quantity: string, price: string, rate: string) {
  const amount = new Decimal(quantity).mul(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const net = amount.mul(100).div(new Decimal(100).add(rate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { amount, net, tax: amount.sub(net) };
}

async function financeFigures(session: Session) {
  const res = await get('/apis/finance/FinanceSaleCostHeadService/findSaleIndexStatistics', session);
  expect(res.json().code).toBe('200');
  return res.json().data.counts as Record<string, number>;
}

describe('fee sheets', () => {
  it('a deduction: figures per line, free lines add nothing, returned with a reason, sent again, confirmed', async () => {
    const before = await financeFigures(supplier);
    const saved = await post(`${DEDUCT_BUY}/save`, buyer, {
      toElsAccount: '200001',
      costCause: '11 月交货延期 5 天',
      deductType: '1',
      lines: [
        { conditionType: '4', costDesc: '延期罚款', costAmount: '1130.00', taxRate: '13' },
        { conditionType: '5', costDesc: '质量索赔', costAmount: '100.01', taxRate: '6' },
        { conditionType: '9', costDesc: '免费复检', costAmount: '50.00', taxRate: '13', freeItem: '1' },
      ],
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    let sheet = saved.json().data;
    expect(sheet.costNumber).toMatch(/^DC\d{10}$/);
    const a = expected('1', '1130.00', '13');
    const b = expected('1', '100.01', '6');
    expect(sheet).toMatchObject({
      costStatus: '0',
      costType: '2',
      deductType: '1',
      costAmount: a.amount.add(b.amount).toFixed(2),
      netAmount: a.net.add(b.net).toFixed(2),
      taxAmount: a.tax.add(b.tax).toFixed(2),
    });
    // The supplier does not see a draft.
    expect((await get(`${DEDUCT_SALE}/findDetail/${sheet.id}`, supplier)).json().code).toBe('404');
    sheet = (await post(`${DEDUCT_BUY}/send/${sheet.id}`, buyer, { version: sheet.version })).json().data;
    expect(sheet.costStatus).toBe('1');
    expect((await financeFigures(supplier)).costToBeConfirmed).toBe(before.costToBeConfirmed + 1);

    const noReason = await post(`${DEDUCT_SALE}/sendBack/${sheet.id}`, supplier, { version: sheet.version });
    expect(noReason.json().code).toBe('400');
    const back = await post(`${DEDUCT_SALE}/sendBack/${sheet.id}`, supplier, {
      version: sheet.version,
      remark: '延期是因为贵司变更图纸',
    });
    expect(back.json().code, back.json().message).toBe('200');
    sheet = back.json().data;
    expect(sheet).toMatchObject({ costStatus: '3', backReason: '延期是因为贵司变更图纸' });
    // The buyer lowers the penalty and sends again; the reason is cleared.
    const edited = await post(`${DEDUCT_BUY}/save`, buyer, {
      id: sheet.id,
      version: sheet.version,
      toElsAccount: '200001',
      costCause: '11 月交货延期 3 天',
      lines: [{ conditionType: '4', costDesc: '延期罚款', costAmount: '678.00', taxRate: '13' }],
    });
    expect(edited.json().code, edited.json().message).toBe('200');
    sheet = (
      await post(`${DEDUCT_BUY}/send/${sheet.id}`, buyer, { version: edited.json().data.version })
    ).json().data;
    expect(sheet).toMatchObject({ costStatus: '1', backReason: null, costAmount: '678.00' });
    // Another supplier sees nothing; the buyer cannot confirm its own sheet.
    expect((await get(`${DEDUCT_SALE}/findDetail/${sheet.id}`, other)).json().code).toBe('404');
    expect(
      (await post(`${DEDUCT_BUY}/confirm/${sheet.id}`, buyer, { version: sheet.version })).json().code,
    ).not.toBe('200');
    sheet = (await post(`${DEDUCT_SALE}/confirm/${sheet.id}`, supplier, { version: sheet.version })).json()
      .data;
    expect(sheet.costStatus).toBe('2');
  });

  it('an additional charge raised by the supplier; the buyer confirms it; bad input names the field', async () => {
    const notLinked = await post(`${ADD_SALE}/save`, supplier, {
      elsAccount: '999999',
      costCause: '运费',
      lines: [{ conditionType: '1', costDesc: '运费', costAmount: '10', taxRate: '9' }],
    });
    expect(notLinked.json().code).toBe('400');
    expect(notLinked.json().message).toContain('999999');
    const negative = await post(`${ADD_SALE}/save`, supplier, {
      elsAccount: '100000',
      costCause: '运费',
      lines: [{ conditionType: '1', costDesc: '运费', costAmount: '-10', taxRate: '9' }],
    });
    expect(negative.json().code).toBe('400');
    const saved = await post(`${ADD_SALE}/save`, supplier, {
      elsAccount: '100000',
      costCause: '加急空运',
      lines: [{ conditionType: '1', costDesc: '空运费', costAmount: '218.00', taxRate: '9' }],
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    let sheet = saved.json().data;
    expect(sheet.costNumber).toMatch(/^AC\d{10}$/);
    expect(sheet).toMatchObject({ costType: '1', netAmount: '200.00', taxAmount: '18.00' });
    sheet = (await post(`${ADD_SALE}/send/${sheet.id}`, supplier, { version: sheet.version })).json().data;
    expect((await financeFigures(buyer)).costToBeConfirmed).toBeGreaterThan(0);
    sheet = (await post(`${ADD_BUY}/confirm/${sheet.id}`, buyer, { version: sheet.version })).json().data;
    expect(sheet.costStatus).toBe('2');
  });
});

describe('reconciliation statements', () => {
  let statementId = '';

  it('pulls received lines, the confirmed return and the fee sheets with totals under the rule', async () => {
    const res = await post(`${RECON_SALE}/findReconcilable`, supplier, { elsAccount: '100000', ...PERIOD });
    expect(res.json().code, res.json().message).toBe('200');
    const { lines, totals } = res.json().data as {
      lines: Array<Record<string, string> & { itemType: ItemType }>;
      totals: Record<string, string>;
    };
    const types = new Set(lines.map((l) => l.itemType));
    expect([...types].sort()).toEqual(['1', '2', '3', '4']);
    let amount = new Decimal(0);
    let net = new Decimal(0);
    let tax = new Decimal(0);
    for (const line of lines) {
      const sign = ITEM_SIGN[line.itemType];
      if (line.itemType === '1' || line.itemType === '2') {
        const e = expected(line.quantity, line.price, line.taxRate);
        expect(line.amount).toBe(e.amount.mul(sign).toFixed(2));
        expect(line.netAmount).toBe(e.net.mul(sign).toFixed(2));
        expect(line.taxAmount).toBe(e.tax.mul(sign).toFixed(2));
      }
      expect(new Decimal(line.netAmount).add(line.taxAmount).toFixed(2)).toBe(
        new Decimal(line.amount).toFixed(2),
      );
      amount = amount.add(line.amount);
      net = net.add(line.netAmount);
      tax = tax.add(line.taxAmount);
    }
    expect(totals).toMatchObject({
      totalAmount: amount.toFixed(2),
      netAmount: net.toFixed(2),
      taxAmount: tax.toFixed(2),
    });

    // Only the buyer's lines with this supplier: none of 200002's.
    const foreign = await server.database.db.execute(
      sql`select count(*)::int as n from delivery_note_item where id in (${sql.join(
        lines.filter((l) => l.itemType === '1').map((l) => sql`${l.sourceId}::uuid`),
        sql`, `,
      )}) and to_els_account <> '200001'`,
    );
    expect((foreign as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);

    const body = {
      elsAccount: '100000',
      ...PERIOD,
      lines: lines.map((l) => ({ itemType: l.itemType, sourceId: l.sourceId })),
    };
    // Two claims of the same sources at once: exactly one statement is made, the other answers '409'.
    const [x, y] = await Promise.all([
      post(`${RECON_SALE}/save`, supplier, body),
      post(`${RECON_SALE}/save`, supplier, body),
    ]);
    const codes = [x.json().code, y.json().code].sort();
    expect(codes).toEqual(['200', '409']);
    const statement = (x.json().code === '200' ? x : y).json().data;
    statementId = statement.id;
    expect(statement).toMatchObject({
      reconSource: '2',
      checkStatus: '0',
      totalAmount: amount.toFixed(2),
      netAmount: net.toFixed(2),
      taxAmount: tax.toFixed(2),
    });
    expect(statement.reconNumber).toMatch(/^RC\d{10}$/);
    // Nothing is left to pull.
    const after = await post(`${RECON_SALE}/findReconcilable`, supplier, { elsAccount: '100000', ...PERIOD });
    expect(after.json().data.lines).toHaveLength(0);
  });

  it('cancelling releases the sources; the buyer confirms a sent statement and posts it; others see nothing', async () => {
    const detail = (await get(`${RECON_SALE}/findDetail/${statementId}`, supplier)).json().data;
    let record = detail.record;
    // A draft is the supplier's own: the buyer does not see it.
    expect((await get(`${RECON_BUY}/findDetail/${statementId}`, buyer)).json().code).toBe('404');
    record = (await post(`${RECON_SALE}/send/${statementId}`, supplier, { version: record.version })).json()
      .data;
    expect(record.checkStatus).toBe('1');
    record = (await post(`${RECON_SALE}/cancel/${statementId}`, supplier, { version: record.version })).json()
      .data;
    expect(record.checkStatus).toBe('5');
    const again = await post(`${RECON_SALE}/findReconcilable`, supplier, { elsAccount: '100000', ...PERIOD });
    const lines = again.json().data.lines as Array<{ itemType: string; sourceId: string }>;
    expect(lines.length).toBe(detail.lines.length);

    const saved = await post(`${RECON_SALE}/save`, supplier, {
      elsAccount: '100000',
      ...PERIOD,
      lines: lines.map((l) => ({ itemType: l.itemType, sourceId: l.sourceId })),
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    let statement = saved.json().data;
    statement = (
      await post(`${RECON_SALE}/send/${statement.id}`, supplier, { version: statement.version })
    ).json().data;
    const waiting = (await financeFigures(buyer)).reconToBeConfirmed;
    expect(waiting).toBeGreaterThan(0);
    expect((await get(`${RECON_SALE}/findDetail/${statement.id}`, other)).json().code).toBe('404');
    // The supplier cannot post; the buyer confirms, then posts with a voucher.
    expect(
      (
        await post(`${RECON_SALE}/post/${statement.id}`, supplier, {
          version: statement.version,
          voucherNumber: 'V1',
        })
      ).json().code,
    ).not.toBe('200');
    statement = (
      await post(`${RECON_BUY}/confirm/${statement.id}`, buyer, { version: statement.version })
    ).json().data;
    expect(statement.checkStatus).toBe('2');
    expect((await financeFigures(buyer)).reconToBeConfirmed).toBe(waiting - 1);
    const noVoucher = await post(`${RECON_BUY}/post/${statement.id}`, buyer, { version: statement.version });
    expect(noVoucher.json().code).toBe('400');
    statement = (
      await post(`${RECON_BUY}/post/${statement.id}`, buyer, {
        version: statement.version,
        voucherNumber: 'PZ-2026-0001',
      })
    ).json().data;
    expect(statement).toMatchObject({ checkStatus: '4', voucherNumber: 'PZ-2026-0001' });

    // The printed statement and the Excel list show the API's figures, to the cent.
    const { lines: printedLines } = (await get(`${RECON_BUY}/findDetail/${statement.id}`, buyer)).json().data;
    const pdf = await get(`${RECON_BUY}/print/${statement.id}`, buyer);
    expect(pdf.headers['content-type']).toContain('pdf');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const figure of [statement.totalAmount, statement.netAmount, statement.taxAmount])
      expect(flat).toContain(figure);
    for (const l of printedLines as Array<{ amount: string }>) expect(flat).toContain(l.amount);
    const sheet = await server.app.inject({
      method: 'POST',
      url: `${RECON_BUY}/export`,
      headers: { ...buyer.headers, lang: 'en' },
      payload: { currentPage: 1, pageSize: 10, reconNumber: statement.reconNumber },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const header = workbook.worksheets[0].getRow(1).values as string[];
    const row = workbook.worksheets[0].getRow(2);
    expect(String(row.getCell(header.indexOf('Statement number')).value)).toBe(statement.reconNumber);
    expect(String(row.getCell(header.indexOf('Total incl. tax')).value)).toBe(statement.totalAmount);
    expect(String(row.getCell(header.indexOf('Tax')).value)).toBe(statement.taxAmount);
    // The statement's own lines as Excel: the same figures as the API, line by line, to the cent.
    const linesSheet = await server.app.inject({
      method: 'GET',
      url: `${RECON_SALE}/exportLines/${statement.id}`,
      headers: { ...supplier.headers, lang: 'en' },
    });
    expect(linesSheet.statusCode).toBe(200);
    expect(linesSheet.headers['content-type']).toContain('spreadsheetml');
    const linesBook = new ExcelJS.Workbook();
    await linesBook.xlsx.load(linesSheet.rawPayload as unknown as ArrayBuffer);
    const ws = linesBook.worksheets[0];
    const titles = ws.getRow(1).values as string[];
    const printed = printedLines as Array<{ amount: string; netAmount: string; taxAmount: string }>;
    expect(ws.rowCount).toBe(printed.length + 1);
    printed.forEach((l, i) => {
      const row = ws.getRow(i + 2);
      expect(String(row.getCell(titles.indexOf('Incl. tax')).value)).toBe(l.amount);
      expect(String(row.getCell(titles.indexOf('Excl. tax')).value)).toBe(l.netAmount);
      expect(String(row.getCell(titles.indexOf('Tax')).value)).toBe(l.taxAmount);
    });
    // Another supplier cannot export it.
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: `${RECON_SALE}/exportLines/${statement.id}`,
          headers: other.headers,
        })
      ).statusCode,
    ).not.toBe(200);
    const flags = await server.database.db.execute(
      sql`select recon_flag from deduct_cost where recon_id = ${statement.id}`,
    );
    const rows = (flags as unknown as { rows: Array<{ recon_flag: string }> }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.recon_flag === '2')).toBe(true);
  });

  it('a period in the wrong order and a counterpart not linked answer 400 naming them', async () => {
    const wrong = await post(`${RECON_BUY}/findReconcilable`, buyer, {
      toElsAccount: '200001',
      beginDate: '2026-12-01',
      endDate: '2026-11-01',
    });
    expect(wrong.json().code).toBe('400');
    expect(wrong.json().message).toContain('2026-12-01');
    const stranger = await post(`${RECON_BUY}/findReconcilable`, buyer, {
      toElsAccount: '999999',
      ...PERIOD,
    });
    expect(stranger.json().code).toBe('400');
    expect(stranger.json().message).toContain('999999');
  });

  it('the picker shows every line the save writes: a fee sheet of several lines, each with its tax rate (issue #32)', async () => {
    // A deduction of two chargeable lines at different rates and a free line (kept off the statement).
    let sheet = (
      await post(`${DEDUCT_BUY}/save`, buyer, {
        toElsAccount: '200001',
        costCause: '12 月质量问题',
        lines: [
          { conditionType: '4', costDesc: '延期罚款', costAmount: '339.00', taxRate: '13' },
          { conditionType: '5', costDesc: '质量索赔', costAmount: '106.00', taxRate: '6' },
          { conditionType: '9', costDesc: '免费复检', costAmount: '50.00', taxRate: '13', freeItem: '1' },
        ],
      })
    ).json().data;
    sheet = (await post(`${DEDUCT_BUY}/send/${sheet.id}`, buyer, { version: sheet.version })).json().data;
    sheet = (await post(`${DEDUCT_SALE}/confirm/${sheet.id}`, supplier, { version: sheet.version })).json()
      .data;
    expect(sheet.costStatus).toBe('2');
    const preview = await post(`${RECON_BUY}/findReconcilable`, buyer, { toElsAccount: '200001', ...PERIOD });
    expect(preview.json().code, preview.json().message).toBe('200');
    const candidates = (preview.json().data.lines as Array<ReconPickLine & { sourceNumber: string }>).filter(
      (l) => l.sourceNumber === sheet.costNumber,
    );
    const rows = reconPickerRows(candidates);
    const saved = await post(`${RECON_BUY}/save`, buyer, {
      toElsAccount: '200001',
      ...PERIOD,
      lines: [{ itemType: '3', sourceId: sheet.id }],
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    const detail = (await get(`${RECON_BUY}/findDetail/${saved.json().data.id}`, buyer)).json().data;
    const shape = (l: ReconPickLine) => ({
      itemType: l.itemType,
      sourceId: l.sourceId,
      sourceItemNumber: l.sourceItemNumber,
      taxRate: Number(l.taxRate),
      amount: l.amount,
      netAmount: l.netAmount,
      taxAmount: l.taxAmount,
    });
    // Two lines, each with its own rate and figures: what the picker shows and counts is what is saved.
    expect(detail.lines).toHaveLength(2);
    expect(rows.map(shape)).toEqual((detail.lines as ReconPickLine[]).map(shape));
    expect(rows.map((r) => Number(r.taxRate))).toEqual([13, 6]);
    expect(rows.map((r) => r.amount)).toEqual(['-339.00', '-106.00']);
  });
});
