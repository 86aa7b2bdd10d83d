import type { OrderSaveBody } from '@srm/contracts/purchase-order';
import { deliveryNoteKind } from '../modules/delivery-note/service.ts';
import { getOrder, runOrderAction, submitOrder } from '../modules/order/kind.ts';
import { saveOrder } from '../modules/order/service.ts';
import { refundKind } from '../modules/refund/service.ts';
import type { Db } from '../platform/db.ts';
import type { DocRow } from '../platform/document/kind.ts';
import type { AuthContext } from '../platform/http.ts';

/**
 * Delivery notices and returns of the demo world (issue #12): two confirmed orders of 100000 to 200001
 * with every line still open (what the supplier ships in the browser journey), and notices in every
 * status — a draft, shipped, partly and fully received (the order shipments), cancelled, a delivery
 * request sent and one replied — plus a return waiting for the supplier and a confirmed one. Runs while
 * orders still need no approval (before seedDemoOrders configures approval steps).
 */
export async function seedDemoDeliveries(
  db: Db,
  env: string,
  who: { buyer: AuthContext; s1: AuthContext },
  order: (
    to: string,
    lines: Array<[string, string, string, string]>,
    extra?: Partial<OrderSaveBody>,
  ) => OrderSaveBody,
  day: (offset: number) => string,
): Promise<void> {
  const { buyer, s1 } = who;
  /** A sent order to 200001 with every line confirmed (reply date in a week). */
  const confirmed = async (lines: Array<[string, string, string, string]>, orderDate: string) => {
    const saved = await saveOrder(db, buyer, order('200001', lines, { orderDate }));
    let row = await submitOrder(db, buyer, env, saved.id, saved.version);
    row = await runOrderAction(db, buyer, env, 'send', saved.id, { version: row.version });
    const { items } = await getOrder(db, s1, 'sale', saved.id);
    await runOrderAction(db, s1, env, 'confirm', saved.id, {
      version: row.version,
      lines: items.map((i) => ({ itemId: i.id, replyDeliveryDate: day(7) })),
    });
    return getOrder(db, s1, 'sale', saved.id);
  };
  // Left open for the supplier to ship (lines of two orders on one notice).
  await confirmed(
    [
      ['M-10001', 'PCB 主板 A1', '120', '86.5'],
      ['M-10002', '电源适配器 12V', '240', '23.8'],
    ],
    day(-2),
  );
  await confirmed([['M-10003', '散热模组 HS-40', '60', '45']], day(-2));

  // Notices in every status, from one more confirmed order.
  const source = await confirmed(
    [
      ['M-10001', 'PCB 主板 A1', '400', '86.5'],
      ['M-10002', '电源适配器 12V', '600', '23.8'],
    ],
    day(-8),
  );
  const [pcbLine, psuLine] = source.items;
  const note = (
    side: 'purchase' | 'sale',
    lines: Array<[string, string]>,
    extra: Record<string, unknown> = {},
  ) =>
    deliveryNoteKind.save(db, side === 'sale' ? s1 : buyer, side, {
      noteDate: day(-1),
      transportWay: '1',
      receivedAddress: '江苏省苏州市工业园区星湖街 328 号 华东精密 2 号仓',
      ...extra,
      lines: lines.map(([orderItemId, quantity]) => ({ orderItemId, sendDeliveryNoteQuantity: quantity })),
    });
  const act = (
    by: AuthContext,
    side: 'purchase' | 'sale',
    action: string,
    row: DocRow,
    body: Record<string, unknown> = {},
  ) => deliveryNoteKind.runAction(db, env, by, side, action, row.id, { version: row.version, ...body });

  // Partly received (4), then a return of 2 waiting for the supplier.
  let partly = await note('sale', [[pcbLine.id, '100']], {
    logisticsCompany: '顺丰速运',
    trackingNumber: 'SF1402860021',
  });
  partly = await act(s1, 'sale', 'ship', partly);
  const partlyLines = await deliveryNoteKind.findLines(db, partly.id);
  partly = await act(buyer, 'purchase', 'receive', partly, {
    lines: [{ lineId: partlyLines[0].id, quantity: '40' }],
    remark: '首批 40 件已入库',
  });
  let waiting = await refundKind.save(db, buyer, 'purchase', {
    deliveryNoteId: partly.id,
    backReason: '外观划伤，不符合检验标准',
    costType: '2',
    deductType: '1',
    lines: [{ deliveryNoteItemId: partlyLines[0].id, returnQuantity: '2' }],
  });
  // No approval steps for returns in the demo: a submission is approved at once.
  const submit = (row: DocRow) => refundKind.submit(db, env, buyer, 'purchase', row.id, row.version);
  waiting = await submit(waiting);
  await refundKind.runAction(db, env, buyer, 'purchase', 'send', waiting.id, { version: waiting.version });

  // Cancelled (6) after shipping; a draft (0) the buyer does not see yet.
  let cancelled = await note('sale', [[psuLine.id, '50']], {
    logisticsCompany: '德邦物流',
    trackingNumber: 'DPK2026110412',
  });
  cancelled = await act(s1, 'sale', 'ship', cancelled);
  await act(s1, 'sale', 'cancel', cancelled, { remark: '车辆故障，改下周送货' });
  await note('sale', [[psuLine.id, '200']], { logisticsCompany: '顺丰速运', remark: '待装车' });

  // Delivery requests of the buyer: one sent (1), one replied (2).
  const sent = await note('purchase', [[psuLine.id, '150']], {
    deliveryTimeSlot: '09:00-12:00',
    noteDate: day(3),
  });
  await act(buyer, 'purchase', 'send', sent);
  let replied = await note('purchase', [[pcbLine.id, '100']], {
    deliveryTimeSlot: '14:00-17:00',
    noteDate: day(5),
  });
  replied = await act(buyer, 'purchase', 'send', replied);
  await act(s1, 'sale', 'reply', replied, {
    expectedArrivalDate: day(5),
    deliveryTimeSlot: '14:00-16:00',
    remark: '按要求送货',
  });

  // A confirmed return of a fully received notice.
  let full = await note('sale', [[psuLine.id, '100']], {
    logisticsCompany: '顺丰速运',
    trackingNumber: 'SF1402860188',
  });
  full = await act(s1, 'sale', 'ship', full);
  const fullLines = await deliveryNoteKind.findLines(db, full.id);
  full = await act(buyer, 'purchase', 'receive', full, {
    lines: [{ lineId: fullLines[0].id, quantity: '100' }],
  });
  let done = await refundKind.save(db, buyer, 'purchase', {
    deliveryNoteId: full.id,
    backReason: '包装破损',
    lines: [{ deliveryNoteItemId: fullLines[0].id, returnQuantity: '5' }],
  });
  done = await submit(done);
  done = await refundKind.runAction(db, env, buyer, 'purchase', 'send', done.id, { version: done.version });
  await refundKind.runAction(db, env, s1, 'sale', 'confirm', done.id, {
    version: done.version,
    remark: '同意退货，下批补发',
  });

  // A fully received notice of six lines: what the demo's statements and invoices (issue #15) and a
  // newcomer's first statement are made of.
  const bulk = await confirmed(
    [
      ['M-10001', 'PCB 主板 A1', '50', '86.5'],
      ['M-10002', '电源适配器 12V', '80', '23.8'],
      ['M-10003', '散热模组 HS-40', '40', '45'],
      ['M-10001', 'PCB 主板 A1（加急批）', '30', '88.2'],
      ['M-10002', '电源适配器 12V（替换件）', '60', '24.15'],
      ['M-10003', '散热模组 HS-40（返修后）', '25', '44.5'],
    ],
    day(-12),
  );
  let received = await note(
    'sale',
    bulk.items.map((i) => [i.id, String(i.quantity)] as [string, string]),
    { logisticsCompany: '顺丰速运', trackingNumber: 'SF1402860301' },
  );
  received = await act(s1, 'sale', 'ship', received);
  const receivedLines = await deliveryNoteKind.findLines(db, received.id);
  await act(buyer, 'purchase', 'receive', received, {
    lines: receivedLines.map((l) => ({ lineId: l.id, quantity: String(l.sendDeliveryNoteQuantity) })),
    remark: '全部入库',
  });
}
