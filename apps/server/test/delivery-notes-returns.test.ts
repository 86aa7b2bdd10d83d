// @postgres: flow:delivery-note, flow:refund — a delivery notice from two orders shipped and received, then a return confirmed
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMsg } from '../src/modules/message/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Delivery notices (ASN) and returns on the document kernel (issue #12): the supplier makes one notice
 * from lines of two confirmed orders, prints box labels, ships it; the buyer finds it by number and
 * receives part of it; order lines and statuses follow; the buyer returns one unit with a reason; the
 * supplier confirms; quantities can never exceed their source; every transition leaves exactly one
 * audit row; messages go out in each receiver's language.
 */
let server: TestServer;
let buyer: Session;
let supplier: Session;
let otherSupplier: Session;
const { post, get } = callsOf(() => server);
const SALE = '/apis/order/SaleDeliveryNoteService';
const BUY = '/apis/order/PurchaseDeliveryNoteService';
const RSALE = '/apis/order/SaleRefundService';
const RBUY = '/apis/order/PurchaseRefundService';

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
  otherSupplier = await login(server, '200002', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type OpenLine = {
  orderId: string;
  orderNumber: string;
  orderItemId: string;
  remainQuantity: string;
  elsAccount: string;
};

async function openLines(session: Session, base = SALE): Promise<OpenLine[]> {
  const res = await post(`${base}/findCreateDeliveryManage`, session, { currentPage: 1, pageSize: 100 });
  expect(res.json().code).toBe('200');
  return res.json().data.records;
}

async function auditRows(kind: string, id: string) {
  const rows = (await server.database.db.execute(
    sql`select action, from_status, to_status from audit_trail where document_kind = ${kind} and document_id = ${id} order by create_date`,
  )) as unknown as { rows: Array<{ action: string; from_status: string | null; to_status: string | null }> };
  return rows.rows;
}

/** Two fully open lines of two different confirmed orders of buyer 100000 (the demo has them). */
async function twoOrders() {
  const lines = await openLines(supplier);
  const untouched = lines.filter((l) => l.elsAccount === '100000');
  const first = untouched[0];
  const second = untouched.find((l) => l.orderId !== first.orderId) as OpenLine;
  expect(second).toBeDefined();
  return [first, second];
}

describe('a delivery notice from two orders, partly received, then a return', () => {
  it('runs the whole flow with exact quantities, one audit row per transition and both sides’ statuses', async () => {
    const [a, b] = await twoOrders();
    // Save (draft): the buyer does not see it yet.
    const saved = await post(`${SALE}/save`, supplier, {
      noteDate: '2026-11-25',
      transportWay: '5',
      receivedAddress: '苏州 2 号仓',
      lines: [
        { orderItemId: a.orderItemId, sendDeliveryNoteQuantity: '3', batchNumber: 'B-01', boxCount: 2 },
        { orderItemId: b.orderItemId, sendDeliveryNoteQuantity: '2' },
      ],
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    const note = saved.json().data;
    expect(note).toMatchObject({ noteStatus: '0', sendStatus: '0', noteType: '1', totalQuantity: '5.000' });
    expect(note.deliveryNoteNumber).toMatch(/^DN\d{10}$/);
    expect((await get(`${BUY}/findDetail/${note.id}`, buyer)).json().code).toBe('404');

    // Box labels: a real PDF.
    const labels = await get(`${SALE}/printLabels/${note.id}`, supplier);
    expect(labels.headers['content-type']).toBe('application/pdf');
    expect(labels.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    // Ship needs logistics (seed 001 §5): refused naming the field, nothing changes.
    const noLogistics = await post(`${SALE}/ship/${note.id}`, supplier, { version: note.version });
    expect(noLogistics.json()).toMatchObject({ code: '400', message: 'Logistics company is required' });
    const shipped = await post(`${SALE}/ship/${note.id}`, supplier, {
      version: note.version,
      logisticsCompany: '顺丰速运',
      trackingNumber: 'SF-API-1',
    });
    expect(shipped.json().code, shipped.json().message).toBe('200');
    expect(shipped.json().data).toMatchObject({
      noteStatus: '3',
      sendStatus: '1',
      trackingNumber: 'SF-API-1',
    });

    // The buyer finds it by number (as typed or scanned, any case) and sees its lines.
    const found = await get(`${BUY}/findByNumber/${note.deliveryNoteNumber.toLowerCase()}`, buyer);
    expect(found.json().data.id).toBe(note.id);
    const detail = (await get(`${BUY}/findDetail/${note.id}`, buyer)).json().data;
    expect(detail.actions).toEqual(['receive']);
    const [lineA, lineB] = detail.lines;
    expect(lineA).toMatchObject({
      orderNumber: a.orderNumber,
      sendDeliveryNoteQuantity: '3.000',
      batchNumber: 'B-01',
      boxCount: 2,
    });

    // Receive part: more than delivered is refused naming the line; then 1 of line A.
    const over = await post(`${BUY}/receive/${note.id}`, buyer, {
      version: shipped.json().data.version,
      lines: [{ lineId: lineA.id, quantity: '3.5' }],
    });
    expect(over.json().code).toBe('400');
    expect(over.json().message).toContain('3.5');
    const part = await post(`${BUY}/receive/${note.id}`, buyer, {
      version: shipped.json().data.version,
      lines: [{ lineId: lineA.id, quantity: '1' }],
    });
    expect(part.json().data).toMatchObject({ noteStatus: '4' });

    // Order lines and orders follow: shipped 3 and 2, received 1; order A partial receipt, B in transit.
    const orderA = (await get(`/apis/order/PurchaseOrderService/findDetail/${a.orderId}`, buyer)).json().data;
    const itemA = orderA.items.find((i: { id: string }) => i.id === a.orderItemId);
    expect(itemA).toMatchObject({ shippedQuantity: '3.000', receivedQuantity: '1.000' });
    expect(orderA.order.deliveryStatus).toBe('2');
    expect(orderA.shipments.map((s: { shipmentNumber: string }) => s.shipmentNumber)).toContain(
      note.deliveryNoteNumber,
    );
    const orderB = (await get(`/apis/order/PurchaseOrderService/findDetail/${b.orderId}`, buyer)).json().data;
    expect(orderB.order.deliveryStatus).toBe('1');

    // Return one unit: a reason is required; at most received − returned.
    const noReason = await post(`${RBUY}/save`, buyer, {
      deliveryNoteId: note.id,
      lines: [{ deliveryNoteItemId: lineA.id, returnQuantity: '1' }],
    });
    expect(noReason.json().code).toBe('400');
    expect(noReason.json().message).toContain('Back reason is required');
    const tooMany = await post(`${RBUY}/save`, buyer, {
      deliveryNoteId: note.id,
      backReason: '划伤',
      lines: [{ deliveryNoteItemId: lineA.id, returnQuantity: '2' }],
    });
    expect(tooMany.json().code).toBe('400');
    const notReceived = await post(`${RBUY}/save`, buyer, {
      deliveryNoteId: note.id,
      backReason: '划伤',
      lines: [{ deliveryNoteItemId: lineB.id, returnQuantity: '1' }],
    });
    expect(notReceived.json().code).toBe('400');
    const returnable = (await post(`${RBUY}/findReturnableLines`, buyer, { deliveryNoteId: note.id })).json()
      .data;
    expect(returnable.lines.map((l: { returnableQuantity: string }) => l.returnableQuantity)).toEqual([
      '1.000',
      '0.000',
    ]);

    const created = await post(`${RBUY}/save`, buyer, {
      deliveryNoteId: note.id,
      backReason: '外观划伤',
      costType: '2',
      deductType: '1',
      lines: [{ deliveryNoteItemId: lineA.id, returnQuantity: '1' }],
    });
    expect(created.json().code, created.json().message).toBe('200');
    let ret = created.json().data;
    expect(ret).toMatchObject({
      refundStatus: '0',
      auditStatus: '0',
      deliveryNoteNumber: note.deliveryNoteNumber,
    });
    expect(ret.totalAmount).toBe(
      (await get(`${RBUY}/findDetail/${ret.id}`, buyer)).json().data.lines[0].totalAmount,
    );
    // The supplier does not see an unsent return; sending needs approval first.
    expect((await get(`${RSALE}/findDetail/${ret.id}`, supplier)).json().code).toBe('404');
    const early = await post(`${RBUY}/send/${ret.id}`, buyer, { version: ret.version });
    expect(early.json().code).toBe('400');
    expect(early.json().message).toContain('Approval status is “Not submitted”');
    ret = (await post(`${RBUY}/submit/${ret.id}`, buyer, { version: ret.version })).json().data;
    expect(ret.auditStatus).toBe('2');
    ret = (await post(`${RBUY}/send/${ret.id}`, buyer, { version: ret.version })).json().data;
    expect(ret).toMatchObject({ refundStatus: '1', sendStatus: '1' });
    // The unit is reserved: no second return of it.
    const again = (await post(`${RBUY}/findReturnableLines`, buyer, { deliveryNoteId: note.id })).json().data;
    expect(again.lines[0].returnableQuantity).toBe('0.000');

    // The supplier confirms; the order line's returned quantity follows.
    const supplierView = (await get(`${RSALE}/findDetail/${ret.id}`, supplier)).json().data;
    expect(supplierView.actions).toEqual(['confirm', 'refuse']);
    const confirmed = await post(`${RSALE}/confirm/${ret.id}`, supplier, {
      version: ret.version,
      remark: '同意',
    });
    expect(confirmed.json().data).toMatchObject({ refundStatus: '2', supplierRemark: '同意' });
    const orderAfter = (await get(`/apis/order/PurchaseOrderService/findDetail/${a.orderId}`, buyer)).json()
      .data;
    expect(orderAfter.items.find((i: { id: string }) => i.id === a.orderItemId).returnQuantity).toBe('1.000');

    // One audit row per transition, with the statuses it moved between.
    expect(
      (await auditRows('deliveryNote', note.id)).map((r) => [r.action, r.from_status, r.to_status]),
    ).toEqual([
      ['create', null, '0'],
      ['ship', '0', '3'],
      ['receive', '3', '4'],
    ]);
    expect((await auditRows('refund', ret.id)).map((r) => r.action)).toEqual([
      'create',
      'submit',
      'send',
      'confirm',
    ]);

    // Another supplier sees none of it.
    expect((await get(`${SALE}/findDetail/${note.id}`, otherSupplier)).json().code).toBe('404');
    expect((await get(`${RSALE}/findDetail/${ret.id}`, otherSupplier)).json().code).toBe('404');
    expect((await get(`${SALE}/findByNumber/${note.deliveryNoteNumber}`, otherSupplier)).json().code).toBe(
      '404',
    );
  });

  it('refuses quantities over what the order line can take, lines of two buyers and repeated lines', async () => {
    const [a] = await twoOrders();
    const over = await post(`${SALE}/save`, supplier, {
      lines: [{ orderItemId: a.orderItemId, sendDeliveryNoteQuantity: '100000' }],
    });
    expect(over.json().code).toBe('400');
    expect(over.json().message).toContain(a.orderNumber);
    const zero = await post(`${SALE}/save`, supplier, {
      lines: [{ orderItemId: a.orderItemId, sendDeliveryNoteQuantity: '0' }],
    });
    // Named by its label and line number (issue #33), not by the body path.
    expect(zero.json().message).toContain('Line 10, Delivery quantity must be greater than 0');
    const negative = await post(`${SALE}/save`, supplier, {
      lines: [{ orderItemId: a.orderItemId, sendDeliveryNoteQuantity: '-1' }],
    });
    expect(negative.json().message).toContain('must be greater than 0');
    const twice = await post(`${SALE}/save`, supplier, {
      lines: [
        { orderItemId: a.orderItemId, sendDeliveryNoteQuantity: '1' },
        { orderItemId: a.orderItemId, sendDeliveryNoteQuantity: '1' },
      ],
    });
    expect(twice.json()).toMatchObject({ code: '400', message: 'Line 20 appears more than once' });
    const none = await post(`${SALE}/save`, supplier, { lines: [] });
    expect(none.json().message).toContain('Lines must be at least 1 long');
    // Another supplier cannot put 200001's order lines on its notice.
    const foreign = await post(`${SALE}/save`, otherSupplier, {
      lines: [{ orderItemId: a.orderItemId, sendDeliveryNoteQuantity: '1' }],
    });
    expect(foreign.json().code).toBe('400');
    expect((await openLines(otherSupplier)).map((l) => l.orderItemId)).not.toContain(a.orderItemId);
  });

  it('cancels a shipped notice: its quantities go back to the order lines; a buyer’s request is sent, replied and shipped', async () => {
    const [a] = await twoOrders();
    const before = (await openLines(supplier)).find((l) => l.orderItemId === a.orderItemId) as OpenLine;
    let note = (
      await post(`${SALE}/save`, supplier, {
        logisticsCompany: 'EMS',
        trackingNumber: 'EMS-1',
        lines: [{ orderItemId: a.orderItemId, sendDeliveryNoteQuantity: '1' }],
      })
    ).json().data;
    note = (await post(`${SALE}/ship/${note.id}`, supplier, { version: note.version })).json().data;
    const during = (await openLines(supplier)).find((l) => l.orderItemId === a.orderItemId) as OpenLine;
    expect(Number(during.remainQuantity)).toBe(Number(before.remainQuantity) - 1);
    const cancelled = (await post(`${SALE}/cancel/${note.id}`, supplier, { version: note.version })).json()
      .data;
    expect(cancelled.noteStatus).toBe('6');
    const after = (await openLines(supplier)).find((l) => l.orderItemId === a.orderItemId) as OpenLine;
    expect(after.remainQuantity).toBe(before.remainQuantity);

    // Purchase-initiated: the buyer asks, sends; the supplier replies and ships against it.
    const buyerLines = await openLines(buyer, BUY);
    const line = buyerLines.find((l) => l.orderItemId === a.orderItemId) as OpenLine;
    let request = (
      await post(`${BUY}/save`, buyer, {
        deliveryTimeSlot: '09:00-12:00',
        lines: [{ orderItemId: line.orderItemId, sendDeliveryNoteQuantity: '1' }],
      })
    ).json().data;
    expect(request).toMatchObject({ noteType: '2', noteStatus: '0' });
    expect((await get(`${SALE}/findDetail/${request.id}`, supplier)).json().code).toBe('404');
    request = (await post(`${BUY}/send/${request.id}`, buyer, { version: request.version })).json().data;
    request = (
      await post(`${SALE}/reply/${request.id}`, supplier, {
        version: request.version,
        expectedArrivalDate: '2026-12-01',
      })
    ).json().data;
    expect(request).toMatchObject({ noteStatus: '2', expectedArrivalDate: '2026-12-01' });
    const shipped = await post(`${SALE}/ship/${request.id}`, supplier, {
      version: request.version,
      logisticsCompany: '德邦',
      trackingNumber: 'DB-9',
    });
    expect(shipped.json().data.noteStatus).toBe('3');
  });

  it('answers per document to a bulk confirm (one stale), and tells each receiver in their own language', async () => {
    // buyer1 works in English from now on: the supplier's answers reach it in English.
    expect((await post('/apis/ElsAccountService/setLanguage', buyer, { lang: 'en' })).json().code).toBe(
      '200',
    );
    const demo = (
      await post(`${RSALE}/findPageList`, supplier, { currentPage: 1, pageSize: 100, refundStatus: '1' })
    ).json().data.records;
    expect(demo.length).toBeGreaterThan(0);
    const waiting = demo[0];
    const bulk = await post(`${RSALE}/confirm`, supplier, {
      items: [
        { id: waiting.id, version: waiting.version },
        { id: waiting.id, version: waiting.version },
      ],
      remark: 'ok',
    });
    expect(bulk.json().data.results.map((r: { code: string }) => r.code)).toEqual(['200', '409']);
    const [message] = await server.database.db
      .select()
      .from(sysMsg)
      .where(
        and(
          eq(sysMsg.elsAccount, '100000'),
          eq(sysMsg.elsSubAccount, 'buyer1'),
          eq(sysMsg.businessId, waiting.id),
        ),
      )
      .orderBy(sql`${sysMsg.sendTime} desc`)
      .limit(1);
    expect(message.msgTitle).toBe(`The supplier confirmed return ${waiting.refundNumber}`);
    // 200001's admin logged in in Chinese: its messages stay Chinese.
    const [toSupplier] = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '200001'), eq(sysMsg.businessType, 'refund')))
      .limit(1);
    expect(toSupplier.msgTitle).toMatch(/^新退货单待确认：RT\d{10}$/);
  });

  it('exports the list as a workbook with labels in the caller’s language', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `${BUY}/export`,
      headers: { ...buyer.headers, lang: 'en' },
      payload: { currentPage: 1, pageSize: 10 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = workbook.worksheets[0].getRow(1).values as string[];
    expect(header).toContain('Notice number');
    expect(header).toContain('Notice status');
    const statuses = new Set<string>();
    workbook.worksheets[0].eachRow((row, n) => {
      if (n > 1) statuses.add(String(row.getCell(header.indexOf('Notice status')).value));
    });
    expect(
      [...statuses].every((s) =>
        [
          'Shipped',
          'Partial receipt',
          'Fully received',
          'Cancelled',
          'Has been sent',
          'Replied',
          'Not sent yet',
        ].includes(s),
      ),
    ).toBe(true);
  });
});
