import type { OrderSaveBody } from '@srm/contracts/purchase-order';
import { and, eq } from 'drizzle-orm';
import { subaccount } from '../modules/account/tables.ts';
import { approveTask, listTasks, rejectTask, saveConfig } from '../modules/audit/service.ts';
import { enquiryKind, participate, quote } from '../modules/enquiry/service.ts';
import { startBidding } from '../modules/order/bidding.ts';
import { receiveShipment, shipOrder } from '../modules/order/delivery.ts';
import { getOrder, orderKind, runOrderAction, submitOrder, withdrawOrder } from '../modules/order/kind.ts';
import { saveOrder } from '../modules/order/service.ts';
import { daysFromToday } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { registerApprovalHandler } from '../platform/document/routes.ts';
import type { AuthContext } from '../platform/http.ts';
import { seedDemoDeliveries } from './demo-deliveries.ts';

export async function as(db: Db, elsAccount: string, elsSubAccount: string): Promise<AuthContext> {
  const [row] = await db
    .select()
    .from(subaccount)
    .where(and(eq(subaccount.elsAccount, elsAccount), eq(subaccount.elsSubAccount, elsSubAccount)));
  return {
    subaccountId: row.id,
    sessionId: '00000000-0000-4000-8000-000000000000',
    elsAccount,
    elsSubAccount,
    station: row.station,
    permission: row.permission,
  };
}

const day = (offset: number) => daysFromToday(offset);

function order(
  toElsAccount: string,
  lines: Array<[string, string, string, string]>,
  extra: Partial<OrderSaveBody> = {},
): OrderSaveBody {
  return {
    toElsAccount,
    orderType: '0',
    purchaseType: '0',
    orderDate: day(-3),
    currency: 'CNY',
    exchangeRate: '1',
    urgencyFlag: '0',
    deliveryAddress: '江苏省苏州市工业园区星湖街 328 号 华东精密 2 号仓',
    payTermsText: '月结 60 天',
    incotermsCode: 'DAP',
    items: lines.map(([materialNumber, materialDesc, quantity, price]) => ({
      materialNumber,
      materialDesc,
      unit: 'PCS',
      quantity,
      priceExcludingTax: price,
      taxRate: '13',
      deliveryDate: day(30),
    })),
    ...extra,
  };
}

/**
 * Demo purchase orders in every status of seed 001 §4 (issue #5), shipments in transit and received included, made through the real services so
 * their audit trails, approval tasks and messages are what the product would have written; plus the
 * two-step approval configuration (second step above 100,000 CNY) with tasks waiting for 100000/admin.
 */
export async function seedDemoOrders(db: Db, env: string): Promise<void> {
  registerApprovalHandler(env, orderKind);
  const admin = await as(db, '100000', 'admin');
  const buyer = await as(db, '100000', 'buyer1');
  const s1 = await as(db, '200001', 'admin');
  const s2 = await as(db, '200002', 'admin');
  const pcb: [string, string, string, string] = ['M-10001', 'PCB 主板 A1', '500', '86.5'];
  const psu: [string, string, string, string] = ['M-10002', '电源适配器 12V', '800', '23.8'];
  const box: [string, string, string, string] = ['M-20001', '瓦楞纸箱 600×400', '2000', '4.35'];
  const bag: [string, string, string, string] = ['M-20002', '防静电袋', '5000', '0.62'];

  // Approved at once (no configuration yet), then sent and answered.
  const sentOpen = await saveOrder(db, buyer, order('200001', [pcb, psu]));
  const approved = await submitOrder(db, buyer, env, sentOpen.id, sentOpen.version);
  await runOrderAction(db, buyer, env, 'send', sentOpen.id, { version: approved.version });

  const partial = await saveOrder(db, buyer, order('200001', [pcb, psu], { urgencyFlag: '1' }));
  let row = await submitOrder(db, buyer, env, partial.id, partial.version);
  row = await runOrderAction(db, buyer, env, 'send', partial.id, { version: row.version });
  let items = (await getOrder(db, s1, 'sale', partial.id)).items;
  row = await runOrderAction(db, s1, env, 'confirm', partial.id, {
    version: row.version,
    lines: [{ itemId: items[0].id, replyDeliveryDate: day(28) }],
  });

  const all = await saveOrder(db, buyer, order('200002', [box, bag]));
  row = await submitOrder(db, buyer, env, all.id, all.version);
  row = await runOrderAction(db, buyer, env, 'send', all.id, { version: row.version });
  items = (await getOrder(db, s2, 'sale', all.id)).items;
  row = await runOrderAction(db, s2, env, 'confirm', all.id, {
    version: row.version,
    lines: items.map((i) => ({ itemId: i.id, replyDeliveryDate: day(25) })),
  });

  const refused = await saveOrder(db, buyer, order('200002', [bag]));
  row = await submitOrder(db, buyer, env, refused.id, refused.version);
  row = await runOrderAction(db, buyer, env, 'send', refused.id, { version: row.version });
  items = (await getOrder(db, s2, 'sale', refused.id)).items;
  await runOrderAction(db, s2, env, 'refuse', refused.id, {
    version: row.version,
    itemIds: [items[0].id],
    remark: '该规格已停产，建议改用新款',
  });

  const changed = await saveOrder(db, buyer, order('200001', [psu]));
  row = await submitOrder(db, buyer, env, changed.id, changed.version);
  row = await runOrderAction(db, buyer, env, 'send', changed.id, { version: row.version });
  row = await saveOrder(db, buyer, {
    ...order('200001', [[psu[0], psu[1], '1000', psu[3]]]),
    id: changed.id,
    version: row.version,
  });
  row = await runOrderAction(db, buyer, env, 'sendChange', changed.id, { version: row.version });

  const changeReturned = await saveOrder(db, buyer, order('200002', [box]));
  row = await submitOrder(db, buyer, env, changeReturned.id, changeReturned.version);
  row = await runOrderAction(db, buyer, env, 'send', changeReturned.id, { version: row.version });
  row = await saveOrder(db, buyer, {
    ...order('200002', [[box[0], box[1], '2500', box[3]]]),
    id: changeReturned.id,
    version: row.version,
  });
  row = await runOrderAction(db, buyer, env, 'sendChange', changeReturned.id, { version: row.version });
  await runOrderAction(db, s2, env, 'returnChange', changeReturned.id, {
    version: row.version,
    remark: '本月产能已满，数量无法追加',
  });

  const closed = await saveOrder(db, buyer, order('200001', [pcb]));
  row = await submitOrder(db, buyer, env, closed.id, closed.version);
  row = await runOrderAction(db, buyer, env, 'send', closed.id, { version: row.version });
  await runOrderAction(db, buyer, env, 'close', closed.id, { version: row.version });

  // Delivery (seed 001 §4): one order of 200001 with a shipment in transit, one partially received.
  const inTransit = await saveOrder(db, buyer, order('200001', [pcb, psu], { orderDate: day(-10) }));
  row = await submitOrder(db, buyer, env, inTransit.id, inTransit.version);
  row = await runOrderAction(db, buyer, env, 'send', inTransit.id, { version: row.version });
  items = (await getOrder(db, s1, 'sale', inTransit.id)).items;
  row = await runOrderAction(db, s1, env, 'confirm', inTransit.id, {
    version: row.version,
    lines: items.map((i) => ({ itemId: i.id, replyDeliveryDate: day(7) })),
  });
  await shipOrder(db, s1, env, inTransit.id, {
    version: row.version,
    logisticsCompany: '顺丰速运',
    trackingNumber: 'SF1402857716',
    shipDate: day(-1),
    expectedArrivalDate: day(2),
    lines: [
      { itemId: items[0].id, quantity: '300' },
      { itemId: items[1].id, quantity: '800' },
    ],
  });

  const heatsink: [string, string, string, string] = ['M-10003', '散热模组 HS-40', '300', '45'];
  const partReceived = await saveOrder(db, buyer, order('200001', [pcb, heatsink], { orderDate: day(-20) }));
  row = await submitOrder(db, buyer, env, partReceived.id, partReceived.version);
  row = await runOrderAction(db, buyer, env, 'send', partReceived.id, { version: row.version });
  items = (await getOrder(db, s1, 'sale', partReceived.id)).items;
  row = await runOrderAction(db, s1, env, 'confirm', partReceived.id, {
    version: row.version,
    lines: items.map((i) => ({ itemId: i.id, replyDeliveryDate: day(-5) })),
  });
  const firstShipment = await shipOrder(db, s1, env, partReceived.id, {
    version: row.version,
    logisticsCompany: '德邦物流',
    trackingNumber: 'DPK2026110358',
    shipDate: day(-6),
    expectedArrivalDate: day(-4),
    lines: [
      { itemId: items[0].id, quantity: '500' },
      { itemId: items[1].id, quantity: '150' },
    ],
  });
  await receiveShipment(db, buyer, env, partReceived.id, {
    version: firstShipment.order.version,
    shipmentId: firstShipment.note.id,
    remark: '散热模组到货 150，余量待补发',
    lines: [
      { itemId: items[0].id, quantity: '500' },
      { itemId: items[1].id, quantity: '150' },
    ],
  });

  await saveOrder(db, buyer, order('200001', [pcb, psu], { orderDate: day(0) }));
  const approvedUnsent = await saveOrder(db, admin, order('200002', [box]));
  await submitOrder(db, admin, env, approvedUnsent.id, approvedUnsent.version);

  // In bidding (seed 001 §4; issue #13 a one-round RFQ): an unsent order out to 200001 and 200003 until three
  // days from now; 200001 has quoted in the RFQ, 200003 not yet, so the buyer still sees the quotes sealed.
  // (200002 stays invited to no RFQ: the generated suites keep a supplier that sees none.)
  // Bidding needs materials of the buyer's master (the RFQ's lines are master materials).
  const mcu: [string, string, string, string] = ['MCU-STM32F103', '主控 MCU STM32F103C8T6', '2000', '12.8'];
  const carton: [string, string, string, string] = ['BOX-5L-600', '五层瓦楞纸箱 600×400×400', '500', '6.5'];
  const bidding = await saveOrder(db, buyer, order('200001', [mcu, carton], { orderDate: day(-1) }));
  const inBidding = await startBidding(db, buyer, env, bidding.id, {
    version: bidding.version,
    toElsAccounts: ['200001', '200003'],
    quoteEndTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    remark: '请按订单数量报价（不含税到厂价），交期不晚于订单交货日期',
  });
  const rfqId = inBidding.enquiryId as string;
  await participate(db, s1, rfqId);
  const rfqLines = await enquiryKind.findLines(db, rfqId);
  await quote(db, env, s1, rfqId, {
    lines: rfqLines.map((line, i) => ({
      itemId: line.id as string,
      priceExcludingTax: i === 0 ? '12.35' : '6.2',
      taxRate: '13',
      remark: i === 0 ? '价格含包装，交期 25 天' : undefined,
    })),
  });

  await seedDemoDeliveries(db, env, { buyer, s1 }, order, day);

  // From here on orders need approval: step 1 by admin, step 2 (above 100,000 CNY) by the admin role.
  await saveConfig(db, admin, {
    documentKind: 'order',
    steps: [
      {
        name: '采购经理审批',
        nameEn: 'Purchasing manager approval',
        approverType: 'user',
        approvers: ['admin'],
      },
      {
        name: '大额采购审批',
        nameEn: 'Large purchase approval',
        approverType: 'role',
        approvers: ['admin'],
        minAmount: 100_000,
      },
    ],
  });
  const waiting = await saveOrder(
    db,
    buyer,
    order('200001', [pcb, psu, ['M-10003', '散热模组 HS-40', '300', '45']]),
  );
  await submitOrder(db, buyer, env, waiting.id, waiting.version);
  const large = await saveOrder(
    db,
    buyer,
    order('200002', [['M-20003', '定制包装箱（整年框架）', '40000', '5.2']]),
  );
  row = await submitOrder(db, buyer, env, large.id, large.version);
  const firstStep = (await listTasks(db, admin, 'todo', { currentPage: 1, pageSize: 10 })).rows.find(
    (t) => t.documentId === large.id,
  )!;
  await approveTask(db, admin, firstStep.id, '数量与年度框架一致');

  const rejected = await saveOrder(db, buyer, order('200001', [['M-10009', '样品治具', '2', '1500']]));
  await submitOrder(db, buyer, env, rejected.id, rejected.version);
  const rejectTaskRow = (await listTasks(db, admin, 'todo', { currentPage: 1, pageSize: 10 })).rows.find(
    (t) => t.documentId === rejected.id,
  )!;
  await rejectTask(db, admin, rejectTaskRow.id, '样品请走研发采购流程');

  const withdrawn = await saveOrder(db, buyer, order('200002', [bag]));
  row = await submitOrder(db, buyer, env, withdrawn.id, withdrawn.version);
  await withdrawOrder(db, buyer, withdrawn.id, row.version);
}
