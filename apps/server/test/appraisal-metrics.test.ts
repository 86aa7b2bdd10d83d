import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeMetrics } from '../src/modules/appraisal/metrics.ts';
import { createTestServer, type TestServer } from './helpers.ts';

/**
 * Computed indicators (issue #17) against a hand-made data set with known answers: a buyer 900000 of its
 * own (no demo row is involved), suppliers 900001 and 900002, the period [2026-03-01, 2026-04-01).
 * Documents just outside the period, refused returns, drafts and unanswered orders are there to be left
 * out or counted as the rules say.
 */
let server: TestServer;
const B = '900000';
const S1 = '900001';
const S2 = '900002';
const FROM = '2026-03-01';
const TO = '2026-04-01';

async function one(q: SQL): Promise<string> {
  const result = await server.database.db.execute(q);
  return ((result as { rows?: Array<{ id: string }> }).rows ?? [])[0].id;
}
const exec = (q: SQL) => server.database.db.execute(q);

async function order(to: string, number: string, sendTime: string | null) {
  return one(sql`insert into purchase_order (els_account, to_els_account, supplier_name, order_number, order_type,
      order_date, send_status, send_time, create_user, last_update_user)
    values (${B}, ${to}, ${`S${to}`}, ${number}, '0', '2026-03-01', ${sendTime ? '1' : '0'}, ${sendTime}::timestamptz,
      't', 't') returning id`);
}
async function orderLine(orderId: string, to: string, n: number, deliveryDate: string) {
  return one(sql`insert into purchase_order_item (order_id, els_account, to_els_account, item_number, material_number,
      material_desc, unit, quantity, price_excluding_tax, tax_rate, price_including_tax, line_amount, delivery_date)
    values (${orderId}::uuid, ${B}, ${to}, ${n}, 'M', 'm', 'PCS', 100, 1, 13, 1.13, 113, ${deliveryDate}::date)
    returning id`);
}
async function note(to: string, number: string, confirmDate: string) {
  return one(sql`insert into delivery_note (els_account, to_els_account, delivery_note_number, supplier_name,
      buyer_name, note_date, confirm_date, create_user, last_update_user)
    values (${B}, ${to}, ${number}, 's', 'b', '2026-03-01', ${confirmDate}::timestamptz, 't', 't') returning id`);
}
async function noteLine(
  noteId: string,
  orderId: string,
  lineId: string,
  to: string,
  sent: string,
  got: string,
) {
  return one(sql`insert into delivery_note_item (els_account, to_els_account, line_number, document_id, order_id,
      order_item_id, order_number, item_number, material_number, material_desc, unit, quantity,
      send_delivery_note_quantity, confirm_quantity)
    values (${B}, ${to}, 10, ${noteId}::uuid, ${orderId}::uuid, ${lineId}::uuid, 'PO', 10, 'M', 'm', 'PCS', 100,
      ${sent}, ${got}) returning id`);
}
async function refund(to: string, number: string, noteId: string, status: string, date: string) {
  return one(sql`insert into refund (els_account, to_els_account, refund_number, refund_status, delivery_note_id,
      delivery_note_number, supplier_name, buyer_name, return_data, back_reason, create_user, last_update_user)
    values (${B}, ${to}, ${number}, ${status}, ${noteId}::uuid, 'DN', 's', 'b', ${date}::date, 'bad', 't', 't')
    returning id`);
}
async function refundLine(refundId: string, noteLineId: string, to: string, qty: string, amount: string) {
  await exec(sql`insert into refund_item (els_account, to_els_account, line_number, document_id,
      delivery_note_item_id, order_item_id, order_number, item_number, material_number, material_desc, unit,
      return_quantity, price_including_tax, total_amount)
    values (${B}, ${to}, 10, ${refundId}::uuid, ${noteLineId}::uuid, gen_random_uuid(), 'PO', 10, 'M', 'm', 'PCS',
      ${qty}, 10, ${amount})`);
}
async function answer(orderId: string, action: string, at: string) {
  await exec(sql`insert into audit_trail (els_account, document_kind, document_id, action, create_user, create_date)
    values (${B}, 'order', ${orderId}::uuid, ${action}, 't', ${at}::timestamptz)`);
}

beforeAll(async () => {
  server = await createTestServer();
  // Deliveries of S1: order lines due 2026-03-10.
  const po = await order(S1, 'PO-T1', null);
  const lines = [];
  for (let n = 1; n <= 5; n++) lines.push(await orderLine(po, S1, n, '2026-03-10'));
  const onTime = await note(S1, 'DN-ONTIME', '2026-03-09T08:00:00Z');
  const l1 = await noteLine(onTime, po, lines[0], S1, '10', '10');
  await noteLine(onTime, po, lines[1], S1, '10', '8'); // short: counts against quantity accuracy
  const late = await note(S1, 'DN-LATE', '2026-03-12T08:00:00Z');
  await noteLine(late, po, lines[2], S1, '5', '5');
  const april = await note(S1, 'DN-APRIL', '2026-04-02T08:00:00Z'); // outside the period
  await noteLine(april, po, lines[3], S1, '7', '7');
  const unreceived = await note(S1, 'DN-OPEN', '2026-03-15T08:00:00Z');
  await noteLine(unreceived, po, lines[4], S1, '9', '0'); // nothing received: not a received line
  // Returns of S1: 2.3 of 23 received in March (confirmed), one refused, one in February.
  const r1 = await refund(S1, 'RT-OK', onTime, '2', '2026-03-20');
  await refundLine(r1, l1, S1, '2.3', '23.00');
  const r2 = await refund(S1, 'RT-REFUSED', onTime, '3', '2026-03-21');
  await refundLine(r2, l1, S1, '5', '50.00');
  const r3 = await refund(S1, 'RT-FEB', onTime, '2', '2026-02-27');
  await refundLine(r3, l1, S1, '1', '10.00');
  // S2: one line, on time and complete, never returned.
  const po2 = await order(S2, 'PO-T2', null);
  const line2 = await orderLine(po2, S2, 1, '2026-03-10');
  const n2 = await note(S2, 'DN-S2', '2026-03-10T23:00:00Z');
  await noteLine(n2, po2, line2, S2, '4', '4');

  // Responsiveness of S1: answered in 10 h, in 48 h, never.
  const o1 = await order(S1, 'PO-R1', '2026-03-02T10:00:00Z');
  await answer(o1, 'confirm', '2026-03-02T20:00:00Z');
  const o2 = await order(S1, 'PO-R2', '2026-03-02T10:00:00Z');
  await answer(o2, 'refuse', '2026-03-04T10:00:00Z');
  await order(S1, 'PO-R3', '2026-03-03T10:00:00Z');
  await order(S1, 'PO-R4', '2026-02-20T10:00:00Z'); // sent before the period

  // Price competitiveness: RFQ line 1 awarded to S1 at 10 (lowest 8); line 2 shared, S1 5, S2 6.
  const e = await one(sql`insert into enquiry (els_account, to_els_account, enquiry_number, enquiry_desc,
      enquiry_status, buyer_name, enquiry_date, quote_end_time, price_valid_date, create_user, last_update_user)
    values (${B}, ${B}, 'RFQ-T1', 'rfq', '3', 'b', '2026-03-05', '2026-03-06T00:00:00Z', '2026-12-31', 't', 't')
    returning id`);
  const item = (n: number) =>
    one(sql`insert into enquiry_item (els_account, to_els_account, line_number, document_id, material_id,
        material_number, material_desc, unit, quantity, delivery_date)
      values (${B}, ${B}, ${n}, ${e}::uuid, gen_random_uuid(), 'M', 'm', 'PCS', 1, '2026-04-01') returning id`);
  const quote = async (itemId: string, to: string, price: string, quota: string) => {
    const inv = await one(sql`insert into enquiry_supplier (enquiry_id, item_id, els_account, to_els_account,
        supplier_name, quote_status, quota)
      values (${e}::uuid, ${itemId}::uuid, ${B}, ${to}, 's', '1', ${quota}) returning id`);
    await exec(sql`insert into enquiry_quote (invitation_id, enquiry_id, to_els_account, price_excluding_tax,
        tax_rate, status, create_user) values (${inv}::uuid, ${e}::uuid, ${to}, ${price}, 13, '1', 't')`);
  };
  const i1 = await item(10);
  await quote(i1, S1, '10', '100');
  await quote(i1, S2, '8', '0');
  const i2 = await item(20);
  await quote(i2, S1, '5', '50');
  await quote(i2, S2, '6', '50');

  // Invoice accuracy of S1: matched, rejected, posted; a draft and an April one left out.
  const recon = await one(sql`insert into recon (els_account, to_els_account, recon_number, recon_source,
      buyer_name, supplier_name, recon_date, begin_date, end_date, currency, create_user, last_update_user)
    values (${B}, ${S1}, 'RC-T1', '1', 'b', 's', '2026-03-01', '2026-02-01', '2026-03-01', 'CNY', 't', 't')
    returning id`);
  const invoice = (n: string, status: string, match: string, date: string) =>
    exec(sql`insert into invoice (els_account, to_els_account, invoice_sequence, invoice_status, match_status,
        invoice_number, invoice_date, recon_id, recon_number, buyer_name, supplier_name, currency, create_user,
        last_update_user)
      values (${B}, ${S1}, ${n}, ${status}, ${match}, ${n}, ${date}::date, ${recon}::uuid, 'RC-T1', 'b', 's',
        'CNY', 't', 't')`);
  await invoice('IV-OK', '2', '1', '2026-03-05');
  await invoice('IV-BACK', '3', '2', '2026-03-10');
  await invoice('IV-POSTED', '4', '1', '2026-03-12');
  await invoice('IV-DRAFT', '0', '0', '2026-03-12');
  await invoice('IV-APRIL', '2', '1', '2026-04-05');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The figures with the period's days and the documents' days taken in `timeZone` (the data set's are UTC). */
const figures = (timeZone = 'UTC') =>
  computeMetrics(
    server.database.db,
    B,
    [S1, S2],
    FROM,
    TO,
    [
      'onTimeDelivery',
      'quantityAccuracy',
      'returnRate',
      'priceCompetitiveness',
      'responsiveness',
      'invoiceAccuracy',
    ],
    timeZone,
  );

describe('computed indicators on a hand-made data set', () => {
  it('on-time delivery: received lines on or before the requested date ÷ received lines in the period', async () => {
    const f = (await figures()).get('onTimeDelivery');
    expect(f?.get(S1)?.rate).toBeCloseTo(2 / 3, 6);
    expect(f?.get(S1)?.evidence.map((e) => [e.number, e.ok])).toEqual([
      ['DN-LATE', false],
      ['DN-ONTIME', true],
      ['DN-ONTIME', true],
    ]);
    const late = f?.get(S1)?.evidence[0];
    expect(late?.values).toMatchObject({ requested: '2026-03-10', received: '2026-03-12' });
    expect(f?.get(S2)?.rate).toBe(1);
  });

  it('quantity accuracy: received quantity equal to the shipped one', async () => {
    const f = (await figures()).get('quantityAccuracy');
    expect(f?.get(S1)?.rate).toBeCloseTo(2 / 3, 6);
    expect(
      f
        ?.get(S1)
        ?.evidence.filter((e) => !e.ok)
        .map((e) => e.values.receivedQty),
    ).toEqual(['8.000']);
  });

  it('return rate: confirmed or pending returns dated in the period ÷ received quantity, with their value', async () => {
    const f = (await figures()).get('returnRate')?.get(S1);
    expect(f?.value).toBeCloseTo(2.3 / 23, 6);
    expect(f?.rate).toBeCloseTo(1 - 2.3 / 23, 6);
    expect(Number(f?.amount)).toBe(23);
    expect(f?.evidence.map((e) => e.number)).toEqual(['RT-OK']);
    expect((await figures()).get('returnRate')?.get(S2)?.rate).toBe(1);
  });

  it('price competitiveness: lowest quote ÷ own quote over the awarded lines', async () => {
    const f = (await figures()).get('priceCompetitiveness');
    expect(f?.get(S1)?.rate).toBeCloseTo((8 / 10 + 1) / 2, 6);
    expect(f?.get(S2)?.rate).toBeCloseTo(5 / 6, 6);
    expect(f?.get(S1)?.evidence.map((e) => e.ok)).toEqual([false, true]);
  });

  it('responsiveness: orders answered within 24 h ÷ orders sent in the period; value the mean hours', async () => {
    const f = (await figures()).get('responsiveness')?.get(S1);
    expect(f?.rate).toBeCloseTo(1 / 3, 6);
    expect(f?.value).toBe(29);
    expect(f?.evidence.map((e) => e.number).sort()).toEqual(['PO-R1', 'PO-R2', 'PO-R3']);
    expect((await figures()).get('responsiveness')?.has(S2)).toBe(false);
  });

  it('invoice accuracy: first-time matches ÷ invoices dated in the period (drafts left out)', async () => {
    const f = (await figures()).get('invoiceAccuracy')?.get(S1);
    expect(f?.rate).toBeCloseTo(2 / 3, 6);
    expect(f?.evidence.map((e) => [e.number, e.ok])).toEqual([
      ['IV-OK', true],
      ['IV-BACK', false],
      ['IV-POSTED', true],
    ]);
  });

  it('another buyer sees nothing of these documents', async () => {
    const other = await computeMetrics(
      server.database.db,
      '100000',
      [S1, S2],
      FROM,
      TO,
      ['onTimeDelivery'],
      'UTC',
    );
    expect(other.get('onTimeDelivery')?.size).toBe(0);
  });
});

describe("the buyer's time zone (issue #35)", () => {
  it('takes the day a delivery was received, the period and the times shown in Beijing, not in UTC', async () => {
    const beijing = await figures('Asia/Shanghai');
    // S2's delivery at 23:00 UTC on the 10th was received at 07:00 on the 11th in Beijing: a day late.
    const s2 = beijing.get('onTimeDelivery')?.get(S2);
    expect(s2?.rate).toBe(0);
    expect(s2?.evidence[0]?.values).toMatchObject({ requested: '2026-03-10', received: '2026-03-11' });
    expect(beijing.get('onTimeDelivery')?.get(S1)?.rate).toBeCloseTo(2 / 3, 6);
    // An order sent at 10:00 UTC was sent at 18:00 Beijing time.
    const sent = beijing
      .get('responsiveness')
      ?.get(S1)
      ?.evidence.map((e) => [e.number, e.values.sent]);
    expect(sent).toEqual(expect.arrayContaining([['PO-R1', '2026-03-02 18:00']]));
    // In Berlin (UTC+1 in March) the same delivery still fell on the 11th; in UTC it is on time.
    expect((await figures('Europe/Berlin')).get('onTimeDelivery')?.get(S2)?.rate).toBe(0);
    expect((await figures('UTC')).get('onTimeDelivery')?.get(S2)?.rate).toBe(1);
  });
});
