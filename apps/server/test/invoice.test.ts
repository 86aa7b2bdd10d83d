// @postgres: locks — two invoice saves claim one statement line at once (FOR UPDATE on recon_item): one wins, one 409
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ITEM_SIGN, type ItemType } from '@srm/contracts/finance';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMsg } from '../src/modules/message/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Invoices and the three-way match (issue #15) through the API, with a real HTTP receiver standing in
 * for the ERP: the supplier registers an invoice against a statement the buyer confirmed; the match is
 * recomputed here with decimal.js (order price × received quantity against the invoiced amount, per line
 * and in total, within the buyer's tolerance); the supplier cannot set the result; the buyer rejects a
 * mismatch with a reason the supplier is told; the corrected invoice matches, is accepted and posted, and
 * the ERP's answer shows on it; a statement line is on one live invoice only, also under two saves at once.
 */
let server: TestServer;
let buyer: Session;
let supplier: Session;
let other: Session;
let erp: Server;
const received: Array<{ number: string; kind: string; lines: unknown[] }> = [];
/** Invoice numbers the fake ERP refuses (answers 500) until removed. */
const refused = new Set<string>();
const { post, get } = callsOf(() => server);
const INV_SALE = '/apis/finance/SaleInvoiceService';
const INV_BUY = '/apis/finance/PurchaseInvoiceService';
const RECON_SALE = '/apis/finance/SaleReconService';
const RECON_BUY = '/apis/finance/PurchaseReconService';
const PERIOD = { beginDate: '2000-01-01', endDate: '2099-12-31' };

type StatementLine = {
  id: string;
  lineNumber: number;
  itemType: ItemType;
  quantity: string | null;
  price: string | null;
  taxRate: string;
  amount: string;
};
let statement: Record<string, string> & { version: number };
let statementLines: StatementLine[] = [];

beforeAll(async () => {
  erp = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const event = JSON.parse(body) as {
        number: string;
        kind: string;
        lines: unknown[];
        document: Record<string, string>;
      };
      if (refused.has(event.document.invoiceNumber)) {
        res.writeHead(500).end('ledger closed');
        return;
      }
      received.push(event);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ erpNumber: `FI-${event.number}` }));
    });
  });
  await new Promise<void>((r) => erp.listen(0, '127.0.0.1', r));
  const port = (erp.address() as AddressInfo).port;
  server = await createTestServer({
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    ERP_PUSH_URL: `http://127.0.0.1:${port}/erp/invoices`,
    ERP_PUSH_TIMEOUT_MS: '2000',
  });
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
  other = await login(server, '200002', 'admin');
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => erp?.close(r));
});

/** The match rule written again with decimal.js: |Δ| within every limit set (none set: exact). */
function expectedMatch(invoiced: string, expected: string, amount: string | null, percent: string | null) {
  const diff = new Decimal(invoiced).sub(expected);
  let within = diff.isZero();
  if (!within && (amount !== null || percent !== null)) {
    within = true;
    if (amount !== null) within &&= diff.abs().lte(amount);
    if (percent !== null) within &&= diff.abs().lte(new Decimal(expected).abs().mul(percent).div(100));
  }
  return { difference: diff.toFixed(2), within };
}

const printed = (l: StatementLine) => new Decimal(l.amount).abs().toFixed(2);

async function register(body: Record<string, unknown>, session = supplier) {
  return post(`${INV_SALE}/save`, session, {
    reconId: statement.id,
    invoiceType: 'VAT',
    invoiceDate: '2026-11-20',
    ...body,
  });
}

describe('the buyer’s tolerance', () => {
  it('is the buyer’s to set: a supplier is refused, bad values name the field', async () => {
    expect(
      (await post(`${INV_SALE}/saveTolerance`, supplier, { toleranceAmount: '5' })).json().code,
    ).not.toBe('200');
    const bad = await post(`${INV_BUY}/saveTolerance`, buyer, {
      toleranceAmount: '1',
      tolerancePercent: '101',
    });
    expect(bad.json().code).toBe('400');
    expect(bad.json().message).toContain('tolerancePercent');
    const negative = await post(`${INV_BUY}/saveTolerance`, buyer, { toleranceAmount: '-1' });
    expect(negative.json().code).toBe('400');
    expect(negative.json().message).toContain('toleranceAmount');
    const saved = await post(`${INV_BUY}/saveTolerance`, buyer, {
      toleranceAmount: '1.00',
      tolerancePercent: '0.5',
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    expect(saved.json().data).toEqual({ toleranceAmount: '1.00', tolerancePercent: '0.50' });
    expect((await get(`${INV_BUY}/findTolerance`, buyer)).json().data).toEqual({
      toleranceAmount: '1.00',
      tolerancePercent: '0.50',
    });
  });
});

describe('invoices', () => {
  it('needs a confirmed statement of the supplier', async () => {
    const open = await post(`${RECON_SALE}/findReconcilable`, supplier, { elsAccount: '100000', ...PERIOD });
    const lines = (open.json().data.lines as Array<{ itemType: ItemType; sourceId: string }>).filter(
      (l) => l.itemType === '1' || l.itemType === '2',
    );
    expect(lines.filter((l) => l.itemType === '1').length).toBeGreaterThan(1);
    const saved = await post(`${RECON_SALE}/save`, supplier, {
      elsAccount: '100000',
      ...PERIOD,
      lines: lines.map((l) => ({ itemType: l.itemType, sourceId: l.sourceId })),
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    statement = saved.json().data;
    statement = (
      await post(`${RECON_SALE}/send/${statement.id}`, supplier, { version: statement.version })
    ).json().data;
    // Not confirmed yet: no invoice.
    const sent = (await get(`${RECON_SALE}/findDetail/${statement.id}`, supplier)).json().data.lines;
    const early = await register({
      invoiceNumber: '10000001',
      lines: [{ reconItemId: sent[0].id, invoiceAmount: '1.00' }],
    });
    expect(early.json().code).toBe('400');
    expect(early.json().message).toContain(statement.reconNumber);
    statement = (
      await post(`${RECON_BUY}/confirm/${statement.id}`, buyer, { version: statement.version })
    ).json().data;
    expect(statement.checkStatus).toBe('2');
    statementLines = (await get(`${RECON_SALE}/findDetail/${statement.id}`, supplier)).json().data.lines;
    // Another supplier cannot invoice this statement.
    const foreign = await register(
      { invoiceNumber: '10000001', lines: [{ reconItemId: statementLines[0].id, invoiceAmount: '1.00' }] },
      other,
    );
    expect(foreign.json().code).toBe('400');
  });

  let invoice: Record<string, string> & { version: number };

  it('matches per line and in total; the supplier cannot set the result', async () => {
    const [first, ...rest] = statementLines;
    // One line 10.00 too high, the others as on the statement; the body's own "match" is ignored.
    const saved = await register({
      invoiceNumber: '10000001',
      invoiceCode: '3100261130',
      matchStatus: '1',
      expectedAmount: '1.00',
      lines: [
        {
          reconItemId: first.id,
          invoiceAmount: new Decimal(printed(first)).add(10).toFixed(2),
          matchFlag: '1',
        },
        ...rest.map((l) => ({ reconItemId: l.id, invoiceAmount: printed(l) })),
      ],
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    invoice = saved.json().data;
    expect(invoice.invoiceSequence).toMatch(/^IV\d{10}$/);
    expect(invoice).toMatchObject({ invoiceStatus: '0', matchStatus: '2', toleranceAmount: '1.00' });
    const { lines } = (await get(`${INV_SALE}/findDetail/${invoice.id}`, supplier)).json().data as {
      lines: Array<Record<string, string>>;
    };
    let invoiced = new Decimal(0);
    let expectedTotal = new Decimal(0);
    for (const line of lines) {
      const source = statementLines.find((l) => l.id === line.reconItemId) as StatementLine;
      const sign = ITEM_SIGN[source.itemType];
      // Collections: the order's price today × the received quantity; others: the statement's amount.
      const exp =
        source.itemType === '1'
          ? new Decimal(source.quantity as string)
              .mul(source.price as string)
              .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
          : new Decimal(source.amount);
      const given =
        line.reconItemId === first.id ? new Decimal(printed(first)).add(10) : new Decimal(printed(source));
      const m = expectedMatch(given.mul(sign).toFixed(2), exp.toFixed(2), '1.00', '0.50');
      expect(line.expectedAmount).toBe(exp.toFixed(2));
      expect(line.invoiceAmount).toBe(given.mul(sign).toFixed(2));
      expect(line.differenceAmount).toBe(m.difference);
      expect(line.matchFlag).toBe(m.within ? '1' : '2');
      expect(new Decimal(line.netAmount).add(line.taxAmount).toFixed(2)).toBe(line.invoiceAmount);
      invoiced = invoiced.add(line.invoiceAmount);
      expectedTotal = expectedTotal.add(line.expectedAmount);
    }
    expect(lines.find((l) => l.reconItemId === first.id)?.differenceAmount).toBe(
      ITEM_SIGN[first.itemType] > 0 ? '10.00' : '-10.00',
    );
    expect(invoice.invoiceAmount).toBe(invoiced.toFixed(2));
    expect(invoice.expectedAmount).toBe(expectedTotal.toFixed(2));
    expect(invoice.differenceAmount).toBe(invoiced.sub(expectedTotal).toFixed(2));
    // A draft is the supplier's own.
    expect((await get(`${INV_BUY}/findDetail/${invoice.id}`, buyer)).json().code).toBe('404');
  });

  it('keeps a statement line on one live invoice, also when two are saved at once', async () => {
    const line = statementLines[1];
    const body = (n: string) => ({
      invoiceNumber: n,
      lines: [{ reconItemId: line.id, invoiceAmount: printed(line) }],
    });
    const taken = await register(body('10000002'));
    expect(taken.json().code).toBe('409');
    // The same tax invoice twice is refused, naming it.
    const twice = await register({ ...body('10000001'), invoiceCode: '3100261130' });
    expect(twice.json().code).toBe('400');
    expect(twice.json().message).toContain('10000001');
    // Free the line from the draft, then two saves claim it at once: one wins.
    const draft = (await get(`${INV_SALE}/findDetail/${invoice.id}`, supplier)).json().data;
    const rest = (draft.lines as Array<{ reconItemId: string; invoiceAmount: string }>)
      .filter((l) => l.reconItemId !== line.id)
      .map((l) => ({
        reconItemId: l.reconItemId,
        invoiceAmount: new Decimal(l.invoiceAmount).abs().toFixed(2),
      }));
    const freed = await register({
      id: invoice.id,
      version: invoice.version,
      invoiceNumber: '10000001',
      invoiceCode: '3100261130',
      lines: rest,
    });
    expect(freed.json().code, freed.json().message).toBe('200');
    const [a, b] = await Promise.all([register(body('10000003')), register(body('10000004'))]);
    expect([a.json().code, b.json().code].sort()).toEqual(['200', '409']);
    const winner = (a.json().code === '200' ? a : b).json().data;
    // Deleting the winning draft frees the line again for the first invoice.
    expect(
      (await post(`${INV_SALE}/delete/${winner.id}`, supplier, { version: winner.version })).json().code,
    ).toBe('200');
    const back = await register({
      id: invoice.id,
      version: freed.json().data.version,
      invoiceNumber: '10000001',
      invoiceCode: '3100261130',
      lines: [...rest, { reconItemId: line.id, invoiceAmount: printed(line) }],
    });
    expect(back.json().code, back.json().message).toBe('200');
    invoice = back.json().data;
    expect(invoice.matchStatus).toBe('2');
  });

  it('the buyer rejects a mismatch with a reason the supplier hears of; the correction matches and is accepted', async () => {
    invoice = (await post(`${INV_SALE}/send/${invoice.id}`, supplier, { version: invoice.version })).json()
      .data;
    expect(invoice.invoiceStatus).toBe('1');
    const waiting = (
      await get('/apis/finance/FinanceSaleCostHeadService/findSaleIndexStatistics', buyer)
    ).json().data.counts.invoiceToBeConfirmed as number;
    expect(waiting).toBeGreaterThan(0);
    // A mismatch cannot be accepted; the refusal names the match status.
    const accept = await post(`${INV_BUY}/accept/${invoice.id}`, buyer, { version: invoice.version });
    expect(accept.json().code).toBe('400');
    expect(accept.json().message).toMatch(/匹配|match/i);
    expect(
      (await post(`${INV_BUY}/reject/${invoice.id}`, buyer, { version: invoice.version })).json().code,
    ).toBe('400');
    const rejected = await post(`${INV_BUY}/reject/${invoice.id}`, buyer, {
      version: invoice.version,
      remark: '第 1 行金额与订单不符',
    });
    expect(rejected.json().code, rejected.json().message).toBe('200');
    invoice = rejected.json().data;
    expect(invoice).toMatchObject({ invoiceStatus: '3', backReason: '第 1 行金额与订单不符' });
    const [message] = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '200001'), eq(sysMsg.businessId, invoice.id)))
      .orderBy(sql`${sysMsg.sendTime} desc`)
      .limit(1);
    expect(message.msgTitle).toBe(`发票被退回：${invoice.invoiceSequence}`);
    expect(message.msgContent).toContain('第 1 行金额与订单不符');
    expect(
      (await get('/apis/finance/FinanceSaleCostHeadService/findSaleIndexStatistics', supplier)).json().data
        .counts.invoiceToBeConfirmed,
    ).toBeGreaterThan(0);

    // The supplier corrects the amount on the same invoice and submits it again.
    const corrected = await register({
      id: invoice.id,
      version: invoice.version,
      invoiceNumber: '10000001',
      invoiceCode: '3100261130',
      lines: statementLines.map((l) => ({ reconItemId: l.id, invoiceAmount: printed(l) })),
    });
    expect(corrected.json().code, corrected.json().message).toBe('200');
    invoice = (
      await post(`${INV_SALE}/send/${invoice.id}`, supplier, { version: corrected.json().data.version })
    ).json().data;
    expect(invoice).toMatchObject({
      invoiceStatus: '1',
      matchStatus: '1',
      backReason: null,
      differenceAmount: '0.00',
    });
    invoice = (await post(`${INV_BUY}/accept/${invoice.id}`, buyer, { version: invoice.version })).json()
      .data;
    expect(invoice.invoiceStatus).toBe('2');
    const after = (await get(`${RECON_BUY}/findDetail/${statement.id}`, buyer)).json().data.record;
    expect(after).toMatchObject({ invoiceStatus: '2', invoicedAmount: invoice.invoiceAmount });
    // Others see nothing of it.
    expect((await get(`${INV_SALE}/findDetail/${invoice.id}`, other)).json().code).toBe('404');
  });

  it('posting records the voucher and the ERP’s answer; a failed push shows its error and can be retried', async () => {
    expect(
      (
        await post(`${INV_SALE}/post/${invoice.id}`, supplier, {
          version: invoice.version,
          voucherNumber: 'X',
        })
      ).json().code,
    ).not.toBe('200');
    refused.add('10000001');
    const posted = await post(`${INV_BUY}/post/${invoice.id}`, buyer, {
      version: invoice.version,
      voucherNumber: 'PZ-2026-11-0101',
    });
    expect(posted.json().code, posted.json().message).toBe('200');
    let record = (await get(`${INV_BUY}/findDetail/${invoice.id}`, buyer)).json().data.record;
    expect(record).toMatchObject({
      invoiceStatus: '4',
      voucherNumber: 'PZ-2026-11-0101',
      erpPushStatus: 'E',
    });
    expect(record.erpPushMessage).toContain('ledger closed');
    refused.delete('10000001');
    const retried = await post(`${INV_BUY}/pushErp/${invoice.id}`, buyer, { version: record.version });
    expect(retried.json().code, retried.json().message).toBe('200');
    record = (await get(`${INV_BUY}/findDetail/${invoice.id}`, buyer)).json().data.record;
    expect(record).toMatchObject({
      erpPushStatus: 'S',
      erpVoucherNumber: `FI-${invoice.invoiceSequence}`,
      erpPushMessage: null,
    });
    const pushed = received.find((e) => e.number === invoice.invoiceSequence);
    expect(pushed?.kind).toBe('invoice');
    expect(pushed?.lines).toHaveLength(statementLines.length);
    // Pushed once it worked: no retry offered any more.
    expect(
      (await post(`${INV_BUY}/pushErp/${invoice.id}`, buyer, { version: record.version })).json().code,
    ).toBe('400');
  });
});
