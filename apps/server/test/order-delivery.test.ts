import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryStatusAfterReceipt, remainingToShip } from '../src/modules/order/delivery.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Shipping and receiving (issue #5; seed 001 §3 deliveryStatus, §4 "shipment in transit", "partial
 * receipt", "all goods received", §5 shipment quantity and logistics rules).
 */
let server: TestServer;
let buyer1: Session;
let supplier: Session;
let otherSupplier: Session;

beforeAll(async () => {
  server = await createTestServer();
  const admin = await login(server, '100000', 'admin');
  // No approval steps: a submitted order is approved at once.
  const current = (await get('/apis/CommonAuditService/findConfig/order', admin)).json().data;
  const saved = await post('/apis/CommonAuditService/saveConfig', admin, {
    documentKind: 'order',
    steps: [],
    version: current?.version,
  });
  expect(saved.json().code).toBe('200');
  buyer1 = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
  otherSupplier = await login(server, '200002', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const { post, get } = callsOf(() => server);

const SHIP = '/apis/order/SaleOrderService/ship';
const RECEIVE = '/apis/order/PurchaseOrderService/receive';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const logistics = { logisticsCompany: '顺丰速运', trackingNumber: 'SF1234567890' };

type Line = { quantity: string; overTolerance?: string; lackTolerance?: string };
type Detail = {
  order: { id: string; version: number; orderNumber: string; deliveryStatus: string; orderStatus: string };
  items: Array<{ id: string; itemNumber: number; shippedQuantity: string; receivedQuantity: string }>;
  shipments: Array<{
    id: string;
    shipmentNumber: string;
    status: string;
    logisticsCompany: string;
    trackingNumber: string;
    lines: Array<{
      orderItemId: string;
      itemNumber: number;
      shippedQuantity: string;
      receivedQuantity: string;
    }>;
  }>;
};

/** An order of buyer1 to 200001, approved and sent; confirmed by the supplier for the lines `confirm` names. */
async function sentOrder(lines: Line[], confirm: number[] = lines.map((_, i) => i)) {
  const created = (
    await post('/apis/order/PurchaseOrderService/save', buyer1, {
      toElsAccount: '200001',
      orderType: '0',
      orderDate: today(),
      items: lines.map((l, i) => ({
        materialNumber: `D-${100 + i}`,
        materialDesc: `发货测试物料 ${i + 1}`,
        unit: 'PCS',
        quantity: l.quantity,
        priceExcludingTax: '2.5',
        taxRate: '13',
        deliveryDate: '2026-12-31',
        overTolerance: l.overTolerance ?? '0',
        lackTolerance: l.lackTolerance ?? '0',
      })),
    })
  ).json().data;
  const approved = (
    await post(`/apis/order/PurchaseOrderService/submit/${created.id}`, buyer1, { version: created.version })
  ).json().data;
  expect(approved.auditStatus).toBe('2');
  let order = (
    await post(`/apis/order/PurchaseOrderService/send/${created.id}`, buyer1, { version: approved.version })
  ).json().data;
  if (confirm.length > 0) {
    const items = (await detail(created.id, 'sale')).items;
    const confirmed = await post(`/apis/order/SaleOrderService/confirm/${created.id}`, supplier, {
      version: order.version,
      lines: confirm.map((i) => ({ itemId: items[i].id, replyDeliveryDate: '2026-12-20' })),
    });
    expect(confirmed.json().code).toBe('200');
    order = confirmed.json().data;
  }
  return detail(created.id, 'purchase');
}

async function detail(id: string, side: 'purchase' | 'sale' = 'purchase'): Promise<Detail> {
  const res = await get(
    `/apis/order/${side === 'purchase' ? 'PurchaseOrderService' : 'SaleOrderService'}/findDetail/${id}`,
    side === 'purchase' ? buyer1 : supplier,
  );
  expect(res.json().code).toBe('200');
  return res.json().data;
}

async function trailOf(id: string) {
  const rows = await server.database.db.execute(
    sql`select action, from_status, to_status, remark from audit_trail where document_kind = 'order' and document_id = ${id} order by create_date`,
  );
  return (
    rows as unknown as {
      rows: Array<{ action: string; from_status: string | null; to_status: string | null; remark: string }>;
    }
  ).rows;
}

async function messagesAbout(session: Session, keyword: string) {
  const res = await post('/apis/ElsSysMsgService/findPageList', session, { keyword, pageSize: 50 });
  return res.json().data.records as Array<{ msgTitle: string }>;
}

describe('delivery rules as pure functions', () => {
  it('remaining to ship includes the over tolerance, rounded down, never negative', () => {
    expect(remainingToShip({ quantity: '100', overTolerance: '10', shippedQuantity: '0' }).toFixed(3)).toBe(
      '110.000',
    );
    expect(remainingToShip({ quantity: '3', overTolerance: '33.33', shippedQuantity: '1' }).toFixed(3)).toBe(
      '2.999',
    );
    expect(remainingToShip({ quantity: '100', overTolerance: '0', shippedQuantity: '120' }).toFixed(3)).toBe(
      '0.000',
    );
  });

  it('all goods received once every confirmed open line reaches quantity × (1 − lack tolerance)', () => {
    const line = (received: string, extra: Partial<Record<string, string>> = {}) => ({
      quantity: '100',
      lackTolerance: '5',
      receivedQuantity: received,
      itemStatus: '1',
      isClose: 'N' as const,
      isDel: 'N' as const,
      ...extra,
    });
    expect(deliveryStatusAfterReceipt([line('95'), line('100')])).toBe('3');
    expect(deliveryStatusAfterReceipt([line('94.999'), line('100')])).toBe('2');
    // Refused, closed and deleted lines do not count.
    expect(deliveryStatusAfterReceipt([line('100'), line('0', { itemStatus: '2' })])).toBe('3');
    expect(deliveryStatusAfterReceipt([line('100'), line('0', { isClose: 'Y' })])).toBe('3');
  });
});

describe('ship → partial receipt → all goods received', () => {
  it('moves deliveryStatus 0 → 1 → 2 → 1 → 3 with exact quantities, audit rows and messages', async () => {
    const start = await sentOrder([
      { quantity: '100', overTolerance: '10', lackTolerance: '5' },
      { quantity: '200.5' },
    ]);
    const { order } = start;
    expect(order.deliveryStatus).toBe('0');
    expect(order.orderStatus).toBe('3');
    const [line1, line2] = start.items;
    expect(line1.shippedQuantity).toBe('0.000');

    const shipped = await post(`${SHIP}/${order.id}`, supplier, {
      version: (await detail(order.id, 'sale')).order.version,
      ...logistics,
      shipDate: today(),
      expectedArrivalDate: '2026-12-31',
      lines: [
        { itemId: line1.id, quantity: '60' },
        { itemId: line2.id, quantity: '200.5' },
      ],
    });
    expect(shipped.json().code).toBe('200');
    const first = shipped.json().data;
    expect(first.order.deliveryStatus).toBe('1');
    // The printed order names the delivery status once goods are on their way.
    const printed = await server.app.inject({
      method: 'GET',
      url: `/apis/order/PurchaseOrderService/print/${order.id}`,
      headers: { ...buyer1.headers, lang: 'en' },
    });
    expect(printed.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(printed.rawPayload), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Shipment in transit');
    expect(first.shipment).toMatchObject({
      status: '1',
      logisticsCompany: '顺丰速运',
      trackingNumber: 'SF1234567890',
      expectedArrivalDate: '2026-12-31',
      elsAccount: '100000',
      toElsAccount: '200001',
    });
    expect(first.shipment.shipmentNumber).toMatch(/^DN\d{10}$/);
    expect(first.shipment.lines).toEqual([
      expect.objectContaining({ itemNumber: 10, shippedQuantity: '60.000', receivedQuantity: '0.000' }),
      expect.objectContaining({ itemNumber: 20, shippedQuantity: '200.500', receivedQuantity: '0.000' }),
    ]);

    // Both sides see the shipment in the detail answer.
    let mine = await detail(order.id);
    expect(mine.order.deliveryStatus).toBe('1');
    expect(mine.items.map((i) => i.shippedQuantity)).toEqual(['60.000', '200.500']);
    expect(mine.shipments.map((s) => s.shipmentNumber)).toEqual([first.shipment.shipmentNumber]);
    expect((await detail(order.id, 'sale')).shipments[0].id).toBe(first.shipment.id);

    // Partial receipt of the shipment.
    const part = await post(`${RECEIVE}/${order.id}`, buyer1, {
      version: mine.order.version,
      shipmentId: first.shipment.id,
      lines: [{ itemId: line1.id, quantity: '30' }],
    });
    expect(part.json().code).toBe('200');
    expect(part.json().data.order.deliveryStatus).toBe('2');
    expect(part.json().data.shipment.status).toBe('1');

    // The rest of the shipment: the shipment is received, line 10 is still short (60 < 95).
    const rest = await post(`${RECEIVE}/${order.id}`, buyer1, {
      version: part.json().data.order.version,
      shipmentId: first.shipment.id,
      lines: [
        { itemId: line1.id, quantity: '30' },
        { itemId: line2.id, quantity: '200.5' },
      ],
    });
    expect(rest.json().code).toBe('200');
    expect(rest.json().data.order.deliveryStatus).toBe('2');
    expect(rest.json().data.shipment.status).toBe('2');

    // A second shipment within the over tolerance (110 − 60 = 50 remaining), then its receipt:
    // 95 received reaches 100 × (1 − 5%) → all goods received.
    const second = await post(`${SHIP}/${order.id}`, supplier, {
      version: rest.json().data.order.version,
      logisticsCompany: '德邦物流',
      trackingNumber: 'DB-778899',
      lines: [{ itemId: line1.id, quantity: '35' }],
    });
    expect(second.json().code).toBe('200');
    expect(second.json().data.order.deliveryStatus).toBe('1');
    expect(second.json().data.shipment.shipDate).toBe(today());
    const all = await post(`${RECEIVE}/${order.id}`, buyer1, {
      version: second.json().data.order.version,
      shipmentId: second.json().data.shipment.id,
      lines: [{ itemId: line1.id, quantity: '35' }],
    });
    expect(all.json().code).toBe('200');
    expect(all.json().data.order.deliveryStatus).toBe('3');

    mine = await detail(order.id);
    expect(mine.items.map((i) => [i.shippedQuantity, i.receivedQuantity])).toEqual([
      ['95.000', '95.000'],
      ['200.500', '200.500'],
    ]);
    expect(mine.shipments.map((s) => s.status)).toEqual(['2', '2']);

    // One audit-trail row per status change, with the shipment number as remark.
    const trail = (await trailOf(order.id)).filter((r) => ['ship', 'receive'].includes(r.action));
    expect(trail.map((r) => [r.action, r.from_status, r.to_status])).toEqual([
      ['ship', '0', '1'],
      ['receive', '1', '2'],
      ['receive', '2', '2'],
      ['ship', '2', '1'],
      ['receive', '1', '3'],
    ]);
    expect(trail[0].remark).toBe(first.shipment.shipmentNumber);

    // The other side was told each time: the buyer who created the order of each shipment, the supplier
    // company of each receipt.
    const buyerMessages = await messagesAbout(buyer1, order.orderNumber);
    expect(buyerMessages.filter((m) => m.msgTitle.startsWith('供应商已发货'))).toHaveLength(2);
    const supplierMessages = await messagesAbout(supplier, order.orderNumber);
    expect(supplierMessages.filter((m) => m.msgTitle.startsWith('采购方已收货'))).toHaveLength(3);

    // Nothing left within the tolerance of line 20.
    const more = await post(`${SHIP}/${order.id}`, supplier, {
      version: all.json().data.order.version,
      ...logistics,
      lines: [{ itemId: line2.id, quantity: '0.001' }],
    });
    expect(more.json()).toMatchObject({
      code: '400',
      message:
        'Line 20: shipment quantity 0.001 is more than the remaining 0 (quantity × (1 + over tolerance) − shipped)',
    });
  });
});

describe('shipping rules (seed 001 §5)', () => {
  it('requires logistics information, at least one line and quantities > 0, naming the field', async () => {
    const { order, items } = await sentOrder([{ quantity: '10' }]);
    const lines = [{ itemId: items[0].id, quantity: '1' }];
    const ship = (body: object, lang = 'en') =>
      post(`${SHIP}/${order.id}`, supplier, { version: order.version, ...body }, lang);

    const noCompany = await ship({ trackingNumber: 'X1', lines });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().message).toContain('body.logisticsCompany is required');
    const noCompanyZh = await ship({ trackingNumber: 'X1', lines }, 'zh_cn');
    expect(noCompanyZh.json().message).toContain('body.logisticsCompany 不能为空');
    const blankTracking = await ship({ logisticsCompany: '顺丰', trackingNumber: '   ', lines });
    expect(blankTracking.json().code).toBe('400');
    expect(blankTracking.json().message).toContain('body.trackingNumber');

    const zero = await ship({ ...logistics, lines: [{ itemId: items[0].id, quantity: '0' }] });
    expect(zero.json().code).toBe('400');
    expect(zero.json().message).toContain('body.lines.0.quantity must be greater than 0');
    const negative = await ship({ ...logistics, lines: [{ itemId: items[0].id, quantity: '-1' }] });
    expect(negative.json().message).toContain('body.lines.0.quantity');
    const none = await ship({ ...logistics, lines: [] });
    expect(none.json().code).toBe('400');
    expect(none.json().message).toContain('body.lines');
    const twice = await ship({ ...logistics, lines: [...lines, ...lines] });
    expect(twice.json().message).toBe('Line 10 appears more than once');
    const early = await ship({
      ...logistics,
      shipDate: '2026-12-10',
      expectedArrivalDate: '2026-12-09',
      lines,
    });
    expect(early.json().message).toBe('The expected arrival date cannot be before the ship date');
    const badDate = await ship({ ...logistics, shipDate: '2026-13-40', lines });
    expect(badDate.json().message).toContain('body.shipDate');

    // Nothing was written by the refused calls.
    const after = await detail(order.id);
    expect(after.order.version).toBe(order.version);
    expect(after.shipments).toEqual([]);
    expect(after.order.deliveryStatus).toBe('0');
  });

  it('ships at most quantity × (1 + over tolerance) − shipped per line', async () => {
    const { order, items } = await sentOrder([{ quantity: '100', overTolerance: '10' }]);
    const over = await post(`${SHIP}/${order.id}`, supplier, {
      version: order.version,
      ...logistics,
      lines: [{ itemId: items[0].id, quantity: '110.001' }],
    });
    expect(over.json()).toMatchObject({
      code: '400',
      message:
        'Line 10: shipment quantity 110.001 is more than the remaining 110 (quantity × (1 + over tolerance) − shipped)',
    });
    const zh = await post(
      `${SHIP}/${order.id}`,
      supplier,
      { version: order.version, ...logistics, lines: [{ itemId: items[0].id, quantity: '110.001' }] },
      'zh_cn',
    );
    expect(zh.json().message).toContain('第 10 行：发货数量 110.001 超过可发货数量 110');
    const exact = await post(`${SHIP}/${order.id}`, supplier, {
      version: order.version,
      ...logistics,
      lines: [{ itemId: items[0].id, quantity: '110' }],
    });
    expect(exact.json().code).toBe('200');
  });

  it('ships only confirmed lines of a sent, confirmed order', async () => {
    // Line 20 is not confirmed: the order is partly confirmed, line 10 can ship, line 20 cannot.
    const partly = await sentOrder([{ quantity: '10' }, { quantity: '20' }], [0]);
    expect(partly.order.orderStatus).toBe('2');
    const unconfirmed = await post(`${SHIP}/${partly.order.id}`, supplier, {
      version: partly.order.version,
      ...logistics,
      lines: [{ itemId: partly.items[1].id, quantity: '1' }],
    });
    expect(unconfirmed.json()).toMatchObject({
      code: '400',
      message: 'Line 20 is not confirmed, or is closed or deleted: only confirmed open lines can be shipped',
    });
    const foreignLine = await post(`${SHIP}/${partly.order.id}`, supplier, {
      version: partly.order.version,
      ...logistics,
      lines: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: '1' }],
    });
    expect(foreignLine.json().message).toMatch(/does not belong to this order/);

    // Sent but not confirmed at all.
    const toConfirm = await sentOrder([{ quantity: '10' }], []);
    expect(toConfirm.order.orderStatus).toBe('1');
    const notConfirmed = await post(`${SHIP}/${toConfirm.order.id}`, supplier, {
      version: toConfirm.order.version,
      ...logistics,
      lines: [{ itemId: toConfirm.items[0].id, quantity: '1' }],
    });
    expect(notConfirmed.json()).toMatchObject({
      code: '400',
      message:
        'Only a sent order that is (partly) confirmed, not closed and without a change waiting for confirmation can be shipped',
    });

    // Not sent: the supplier cannot see it at all.
    const draft = (
      await post('/apis/order/PurchaseOrderService/save', buyer1, {
        toElsAccount: '200001',
        orderType: '0',
        orderDate: today(),
        items: [
          {
            materialNumber: 'D-900',
            materialDesc: '未发送订单物料',
            unit: 'PCS',
            quantity: '5',
            priceExcludingTax: '1',
            taxRate: '13',
            deliveryDate: '2026-12-31',
          },
        ],
      })
    ).json().data;
    const draftDetail = await detail(draft.id);
    const notSent = await post(`${SHIP}/${draft.id}`, supplier, {
      version: draft.version,
      ...logistics,
      lines: [{ itemId: draftDetail.items[0].id, quantity: '1' }],
    });
    expect(notSent.json().code).toBe('404');
  });

  it('closing with goods in transit is allowed: the buyer still receives, closed lines do not ship; no change after shipping', async () => {
    // Line 10 confirmed, line 20 still to be confirmed: the order is partly confirmed (refusing is open).
    const { order, items } = await sentOrder([{ quantity: '10' }, { quantity: '10' }], [0]);
    const shipped = (
      await post(`${SHIP}/${order.id}`, supplier, {
        version: order.version,
        ...logistics,
        lines: [{ itemId: items[0].id, quantity: '10' }],
      })
    ).json().data;
    // A shipped line cannot be refused any more, and the order cannot be changed.
    const refuse = await post(`/apis/order/SaleOrderService/refuse/${order.id}`, supplier, {
      version: shipped.order.version,
      itemIds: [items[0].id],
      remark: '不再供货',
    });
    expect(refuse.json().message).toBe('Line 10 has been shipped and cannot be refused');
    const change = await post('/apis/order/PurchaseOrderService/save', buyer1, {
      id: order.id,
      version: shipped.order.version,
      toElsAccount: '200001',
      orderType: '0',
      orderDate: today(),
      items: [
        {
          materialNumber: 'D-100',
          materialDesc: '变更',
          unit: 'PCS',
          quantity: '5',
          priceExcludingTax: '1',
          taxRate: '13',
          deliveryDate: '2026-12-31',
        },
      ],
    });
    expect(change.json().code).toBe('400');
    expect(change.json().message).toMatch(/has shipments and can no longer be changed/);

    const closed = (
      await post(`/apis/order/PurchaseOrderService/close/${order.id}`, buyer1, {
        version: shipped.order.version,
      })
    ).json().data;
    expect(closed).toMatchObject({ orderStatus: '5', deliveryStatus: '1' });
    const shipClosed = await post(`${SHIP}/${order.id}`, supplier, {
      version: closed.version,
      ...logistics,
      lines: [{ itemId: items[1].id, quantity: '1' }],
    });
    expect(shipClosed.json().code).toBe('400');
    expect(shipClosed.json().message).toMatch(/^Only a sent order/);
    const received = await post(`${RECEIVE}/${order.id}`, buyer1, {
      version: closed.version,
      shipmentId: shipped.shipment.id,
      lines: [{ itemId: items[0].id, quantity: '10' }],
    });
    expect(received.json().code).toBe('200');
    expect(received.json().data.shipment.status).toBe('2');
  });
});

describe('receiving rules', () => {
  it('receives at most shipped − received, only lines of that shipment, only while in transit', async () => {
    const { order, items } = await sentOrder([{ quantity: '10' }, { quantity: '5' }]);
    const shipped = (
      await post(`${SHIP}/${order.id}`, supplier, {
        version: order.version,
        ...logistics,
        lines: [{ itemId: items[0].id, quantity: '4' }],
      })
    ).json().data;
    const receive = (body: object, lang = 'en') =>
      post(
        `${RECEIVE}/${order.id}`,
        buyer1,
        { version: shipped.order.version, shipmentId: shipped.shipment.id, ...body },
        lang,
      );

    const over = await receive({ lines: [{ itemId: items[0].id, quantity: '4.5' }] });
    expect(over.json()).toMatchObject({
      code: '400',
      message: 'Line 10: received quantity 4.5 is more than the 4 not yet received (shipped − received)',
    });
    expect(
      (await receive({ lines: [{ itemId: items[0].id, quantity: '4.5' }] }, 'zh_cn')).json().message,
    ).toContain('第 10 行：收货数量 4.5 超过未收货数量 4');
    const notOnShipment = await receive({ lines: [{ itemId: items[1].id, quantity: '1' }] });
    expect(notOnShipment.json().message).toBe(
      `Line 20 is not on shipment ${shipped.shipment.shipmentNumber}`,
    );
    const zero = await receive({ lines: [{ itemId: items[0].id, quantity: '0' }] });
    expect(zero.json().message).toContain('body.lines.0.quantity must be greater than 0');
    const noShipment = await post(`${RECEIVE}/${order.id}`, buyer1, {
      version: shipped.order.version,
      lines: [{ itemId: items[0].id, quantity: '1' }],
    });
    expect(noShipment.json().message).toContain('body.shipmentId is required');
    const unknown = await receive({
      shipmentId: '00000000-0000-4000-8000-000000000000',
      lines: [{ itemId: items[0].id, quantity: '1' }],
    });
    expect(unknown.json()).toMatchObject({ code: '404', message: 'The shipment does not exist' });

    const done = await receive({ lines: [{ itemId: items[0].id, quantity: '4' }] });
    expect(done.json().code).toBe('200');
    expect(done.json().data.order.deliveryStatus).toBe('2');
    const again = await post(`${RECEIVE}/${order.id}`, buyer1, {
      version: done.json().data.order.version,
      shipmentId: shipped.shipment.id,
      lines: [{ itemId: items[0].id, quantity: '1' }],
    });
    expect(again.json().message).toBe(
      `Shipment ${shipped.shipment.shipmentNumber} is fully received: only shipments in transit can be received`,
    );
  });
});

describe('sides, companies and versions', () => {
  it('refuses the wrong side (403) and the wrong company (404), and a stale version (409)', async () => {
    const { order, items } = await sentOrder([{ quantity: '10' }]);
    const body = { version: order.version, ...logistics, lines: [{ itemId: items[0].id, quantity: '2' }] };

    // The buyer cannot ship; another supplier cannot see the order.
    const byBuyer = await post(`${SHIP}/${order.id}`, buyer1, body);
    expect(byBuyer.json()).toMatchObject({ code: '403', message: 'Only the supplying side can do this' });
    const byOther = await post(`${SHIP}/${order.id}`, otherSupplier, body);
    expect(byOther.json()).toMatchObject({ code: '404', message: 'The order does not exist' });
    expect(
      (await get(`/apis/order/SaleOrderService/findDetail/${order.id}`, otherSupplier)).json().code,
    ).toBe('404');

    const shipped = await post(`${SHIP}/${order.id}`, supplier, body);
    expect(shipped.json().code).toBe('200');
    const { shipment } = shipped.json().data;
    const version = shipped.json().data.order.version;

    // Stale: the version the supplier read before shipping.
    const stale = await post(`${SHIP}/${order.id}`, supplier, body);
    expect(stale.json().code).toBe('409');
    expect(stale.statusCode).toBe(409);

    const receiveBody = { version, shipmentId: shipment.id, lines: [{ itemId: items[0].id, quantity: '1' }] };
    // The supplier cannot receive; another supplier neither.
    const bySupplier = await post(`${RECEIVE}/${order.id}`, supplier, receiveBody);
    expect(bySupplier.json()).toMatchObject({ code: '403', message: 'Only the buying side can do this' });
    expect((await post(`${RECEIVE}/${order.id}`, otherSupplier, receiveBody)).json().code).toBe('403');
    const staleReceive = await post(`${RECEIVE}/${order.id}`, buyer1, {
      ...receiveBody,
      version: order.version,
    });
    expect(staleReceive.json().code).toBe('409');

    // A shipment of another order is not found through this order.
    const otherOrder = await sentOrder([{ quantity: '3' }]);
    const elsewhere = await post(`${RECEIVE}/${otherOrder.order.id}`, buyer1, {
      ...receiveBody,
      version: otherOrder.order.version,
    });
    expect(elsewhere.json().code).toBe('404');

    // Nothing changed by the refused calls.
    const after = await detail(order.id);
    expect(after.order.version).toBe(version);
    expect(after.items[0].receivedQuantity).toBe('0.000');
    expect(after.shipments).toHaveLength(1);
    expect((await post(`${RECEIVE}/${order.id}`, buyer1, receiveBody)).json().code).toBe('200');
  });
});

describe('demo world', () => {
  it('has an order of 200001 in transit and one partially received, consistent with their shipments', async () => {
    const list = (
      await post('/apis/order/SaleOrderService/findPageList', supplier, { currentPage: 1, pageSize: 100 })
    ).json().data.records as Array<{ id: string; deliveryStatus: string }>;
    const statuses = list.map((r) => r.deliveryStatus);
    expect(statuses).toContain('1');
    expect(statuses).toContain('2');
    for (const row of list.filter((r) => r.deliveryStatus !== '0')) {
      const d = await detail(row.id, 'sale');
      expect(d.shipments.length).toBeGreaterThan(0);
      if (row.deliveryStatus === '1') expect(d.shipments.some((s) => s.status === '1')).toBe(true);
      // Each line's shipped and received quantities are the sums over its shipment lines.
      for (const item of d.items) {
        const on = d.shipments.flatMap((s) => s.lines.filter((l) => l.orderItemId === item.id));
        const sum = (key: 'shippedQuantity' | 'receivedQuantity') =>
          on.reduce((n, l) => n + Math.round(Number(l[key]) * 1000), 0);
        expect(Math.round(Number(item.shippedQuantity) * 1000)).toBe(sum('shippedQuantity'));
        expect(Math.round(Number(item.receivedQuantity) * 1000)).toBe(sum('receivedQuantity'));
      }
    }
  });
});
