// @postgres: flow:order — the purchase order journey with a two-step approval, changes after sending, Excel and PDF
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveOrderStatus, lineMoney, orderTotals } from '../src/modules/order/service.ts';
import { callsOf, createTestServer, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { post, get } = callsOf(() => server);

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const order = (lines = 2) => ({
  toElsAccount: '200001',
  orderType: '0',
  orderDate: today(),
  currency: 'CNY',
  exchangeRate: '1',
  deliveryAddress: '苏州工业园区星湖街 328 号',
  items: Array.from({ length: lines }, (_, i) => ({
    materialNumber: `M-${1000 + i}`,
    materialDesc: `测试物料 ${i + 1}`,
    unit: 'PCS',
    quantity: `${(i + 1) * 100}`,
    priceExcludingTax: '12.5',
    taxRate: '13',
    deliveryDate: '2026-12-31',
  })),
});

async function trailOf(id: string) {
  const rows = await server.database.db.execute(
    sql`select action, from_status, to_status from audit_trail where document_kind = 'order' and document_id = ${id} order by create_date`,
  );
  return (
    rows as unknown as {
      rows: Array<{ action: string; from_status: string | null; to_status: string | null }>;
    }
  ).rows;
}

describe('order money and status rules', () => {
  it('computes exact decimals: price incl. tax, line amounts and totals', () => {
    expect(lineMoney('3', '0.1', '13')).toEqual({
      priceIncludingTax: '0.113000',
      amountExcl: '0.30',
      amount: '0.34',
    });
    expect(lineMoney('100', '12.5', '13').amount).toBe('1412.50');
    const totals = orderTotals([lineMoney('100', '12.5', '13'), lineMoney('200', '12.5', '13')], '7.123456');
    expect(totals).toEqual({
      totalAmountExcludingTax: '3750.00',
      totalTaxAmount: '487.50',
      totalAmount: '4237.50',
      totalAmountLocal: '30185.64',
    });
  });

  it('derives the order status from its lines', () => {
    const line = (itemStatus: string, isClose = 'N') => ({
      itemStatus,
      isClose: isClose as 'Y' | 'N',
      isDel: 'N' as const,
    });
    expect(deriveOrderStatus([line('0'), line('0')])).toBe('1');
    expect(deriveOrderStatus([line('1'), line('0')])).toBe('2');
    expect(deriveOrderStatus([line('1'), line('2')])).toBe('2');
    expect(deriveOrderStatus([line('1'), line('1')])).toBe('3');
    expect(deriveOrderStatus([line('2'), line('2')])).toBe('4');
    expect(deriveOrderStatus([line('2'), line('0', 'Y')])).toBe('4');
    expect(deriveOrderStatus([line('0', 'Y')])).toBe('5');
  });
});

describe('purchase order journey with a two-step approval', () => {
  it('buyer1 creates and submits; admin approves both steps; buyer1 sends; the supplier confirms one line and refuses the other', async () => {
    const admin = await login(server, '100000', 'admin');
    const buyer1 = await login(server, '100000', 'buyer1');
    const supplier = await login(server, '200001', 'admin');
    const current = (await get('/apis/CommonAuditService/findConfig/order', admin)).json().data;
    const config = await post('/apis/CommonAuditService/saveConfig', admin, {
      version: current?.version,
      documentKind: 'order',
      steps: [
        { name: '采购经理审批', approverType: 'user', approvers: ['admin'] },
        { name: '大额审批', approverType: 'role', approvers: ['admin'], minAmount: 1000 },
      ],
    });
    expect(config.json().code).toBe('200');

    const created = (await post('/apis/order/PurchaseOrderService/save', buyer1, order())).json().data;
    expect(created.orderNumber).toMatch(/^PO\d{10}$/);
    expect(created).toMatchObject({
      auditStatus: '0',
      sendStatus: '0',
      orderStatus: '0',
      totalAmount: '4237.50',
      supplierName: '苏州恒达电子科技有限公司',
    });
    // Only approved orders can be sent: the refusal names the approval status.
    expect(
      (
        await post(`/apis/order/PurchaseOrderService/send/${created.id}`, buyer1, {
          version: created.version,
        })
      ).json().message,
    ).toBe(
      `Purchase order ${created.orderNumber}: Approval status is “Not submitted”, so Send is not allowed`,
    );
    const submitted = (
      await post(`/apis/order/PurchaseOrderService/submit/${created.id}`, buyer1, {
        version: created.version,
      })
    ).json().data;
    expect(submitted.auditStatus).toBe('1');

    // The task waits for admin (to-do and approval list), not for buyer1.
    const todo = (await get('/apis/ElsTodoService/selectTodoList', admin)).json().data;
    const mine = todo.records.find(
      (t: { documentNumber: string }) => t.documentNumber === created.orderNumber,
    );
    expect(mine).toMatchObject({
      stepName: '采购经理审批',
      link: expect.stringContaining('/order/#/v2/order/detail'),
    });
    expect((await get('/apis/ElsTodoService/selectTodoList', buyer1)).json().data.total).toBe(0);
    const task1 = mine.id;
    expect((await post(`/apis/CommonAuditService/approve/${task1}`, buyer1, {})).json().code).toBe('403');
    const step1 = (await post(`/apis/CommonAuditService/approve/${task1}`, admin, { remark: 'OK' })).json()
      .data;
    expect(step1.complete).toBe(false);
    const unComplete = (await post('/apis/CommonAuditService/findAuditUnComplete', buyer1, {})).json().data;
    expect(
      unComplete.records.find((t: { documentNumber: string }) => t.documentNumber === created.orderNumber)
        .stepName,
    ).toBe('大额审批');
    const task2 = (await post('/apis/CommonAuditService/todoPagelist', admin, {}))
      .json()
      .data.records.find((t: { documentNumber: string }) => t.documentNumber === created.orderNumber).id;
    const step2 = (await post(`/apis/CommonAuditService/approve/${task2}`, admin, {})).json().data;
    expect(step2.complete).toBe(true);
    expect((await post(`/apis/CommonAuditService/approve/${task2}`, admin, {})).json().code).toBe('400');
    const done = (await post('/apis/CommonAuditService/donePagelist', admin, { pageSize: 100 })).json().data;
    expect(
      done.records.filter((t: { documentNumber: string }) => t.documentNumber === created.orderNumber),
    ).toHaveLength(2);

    let detail = (await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, buyer1)).json().data;
    expect(detail.order.auditStatus).toBe('2');
    // The supplier sees nothing before sending.
    expect((await get(`/apis/order/SaleOrderService/findDetail/${created.id}`, supplier)).json().code).toBe(
      '404',
    );
    const before = (await get('/apis/order/SaleOrderService/findConfirmCount', supplier)).json().data.counts;
    const sent = (
      await post(`/apis/order/PurchaseOrderService/send/${created.id}`, buyer1, {
        version: detail.order.version,
      })
    ).json().data;
    expect(sent).toMatchObject({ sendStatus: '1', orderStatus: '1' });
    const counts = (await get('/apis/order/SaleOrderService/findConfirmCount', supplier)).json().data.counts;
    expect(counts.toBeConfirmed).toBe(before.toBeConfirmed + 1);

    const theirs = (await get(`/apis/order/SaleOrderService/findDetail/${created.id}`, supplier)).json().data;
    const [line1, line2] = theirs.items;
    // Rules of seed 001 §5.
    expect(
      (
        await post(`/apis/order/SaleOrderService/confirm/${created.id}`, supplier, {
          version: sent.version,
          lines: [],
        })
      ).json().message,
    ).toBe('Select at least one row');
    expect(
      (
        await post(`/apis/order/SaleOrderService/confirm/${created.id}`, supplier, {
          version: sent.version,
          lines: [{ itemId: line1.id, replyDeliveryDate: '2026-12-20' }],
          rejectReason: '价格不对',
        })
      ).json().message,
    ).toBe('A return reason cannot be given when confirming');
    // The line by its number (issue #33): line 20 confirmed alone is "Line 20", not the body's first row.
    expect(
      (
        await post(`/apis/order/SaleOrderService/confirm/${created.id}`, supplier, {
          version: sent.version,
          lines: [{ itemId: line2.id }],
        })
      ).json().message,
    ).toBe('Line 20: the reply delivery date is required');
    expect(
      (
        await post(`/apis/order/SaleOrderService/refuse/${created.id}`, supplier, {
          version: sent.version,
          itemIds: [line2.id],
        })
      ).json().message,
    ).toBe('Refusing requires supplier remarks');

    const confirmed = (
      await post(`/apis/order/SaleOrderService/confirm/${created.id}`, supplier, {
        version: sent.version,
        lines: [{ itemId: line1.id, replyDeliveryDate: '2026-12-20' }],
      })
    ).json().data;
    expect(confirmed.orderStatus).toBe('2');
    const stale = await post(`/apis/order/SaleOrderService/refuse/${created.id}`, supplier, {
      version: sent.version,
      itemIds: [line2.id],
      remark: '交期无法满足',
    });
    expect(stale.json().code).toBe('409');
    const refused = (
      await post(`/apis/order/SaleOrderService/refuse/${created.id}`, supplier, {
        version: confirmed.version,
        itemIds: [line2.id],
        remark: '交期无法满足',
      })
    ).json().data;
    expect(refused).toMatchObject({ orderStatus: '2', rejectReason: '交期无法满足' });

    detail = (await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, buyer1)).json().data;
    expect(detail.items.map((i: { itemStatus: string }) => i.itemStatus)).toEqual(['1', '2']);
    expect(detail.items[0].replyDeliveryDate).toBe('2026-12-20');
    expect(detail.items[1].supplierRemark).toBe('交期无法满足');
    // Every status change left one audit-trail row.
    expect((await trailOf(created.id)).map((r) => r.action)).toEqual([
      'create',
      'submit',
      'approve',
      'send',
      'confirm',
      'refuse',
    ]);
    // The buyer was told.
    const messages = (
      await post('/apis/ElsSysMsgService/findPageList', buyer1, { keyword: created.orderNumber })
    ).json().data;
    expect(messages.total).toBeGreaterThanOrEqual(3);
  });

  it('rejects with remarks, withdraws, and allows editing and deleting only unapproved orders', async () => {
    const admin = await login(server, '100000', 'admin');
    const buyer1 = await login(server, '100000', 'buyer1');
    const created = (await post('/apis/order/PurchaseOrderService/save', buyer1, order(1))).json().data;
    const submitted = (
      await post(`/apis/order/PurchaseOrderService/submit/${created.id}`, buyer1, {
        version: created.version,
      })
    ).json().data;
    expect(
      (
        await post(`/apis/order/PurchaseOrderService/delete/${created.id}`, buyer1, {
          version: submitted.version,
        })
      ).json().code,
    ).toBe('400');
    const withdrawn = (
      await post(`/apis/order/PurchaseOrderService/withdraw/${created.id}`, buyer1, {
        version: submitted.version,
      })
    ).json().data;
    expect(withdrawn.auditStatus).toBe('4');
    expect(
      (await post('/apis/CommonAuditService/todoPagelist', admin, {}))
        .json()
        .data.records.map((t: { documentId: string }) => t.documentId),
    ).not.toContain(created.id);
    const again = (
      await post(`/apis/order/PurchaseOrderService/submit/${created.id}`, buyer1, {
        version: withdrawn.version,
      })
    ).json().data;
    const task = (await post('/apis/CommonAuditService/todoPagelist', admin, {}))
      .json()
      .data.records.find((t: { documentId: string }) => t.documentId === created.id);
    expect(
      (await post(`/apis/CommonAuditService/reject/${task.id}`, admin, { remark: '' })).json().code,
    ).toBe('400');
    expect(
      (await post(`/apis/CommonAuditService/reject/${task.id}`, admin, { remark: '数量过大' })).json().code,
    ).toBe('200');
    const detail = (await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, buyer1)).json()
      .data;
    expect(detail.order.auditStatus).toBe('3');
    expect(detail.order.version).toBeGreaterThan(again.version);
    const edited = await post('/apis/order/PurchaseOrderService/save', buyer1, {
      ...order(1),
      id: created.id,
      version: detail.order.version,
    });
    expect(edited.json().code).toBe('200');
    // Deleting names the version read (optimistic locking): a stale one is refused.
    expect(
      (
        await post(`/apis/order/PurchaseOrderService/delete/${created.id}`, buyer1, {
          version: edited.json().data.version - 1,
        })
      ).json().code,
    ).toBe('409');
    expect(
      (
        await post(`/apis/order/PurchaseOrderService/delete/${created.id}`, buyer1, {
          version: edited.json().data.version,
        })
      ).json().code,
    ).toBe('200');
    expect((await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, buyer1)).json().code).toBe(
      '404',
    );
  });

  it('copies, changes after sending, and the supplier returns then confirms the change; closing closes', async () => {
    const admin = await login(server, '100000', 'admin');
    await post('/apis/CommonAuditService/saveConfig', admin, {
      documentKind: 'order',
      steps: [],
      version: (await get('/apis/CommonAuditService/findConfig/order', admin)).json().data.version,
    });
    const buyer1 = await login(server, '100000', 'buyer1');
    const supplier = await login(server, '200001', 'admin');
    const created = (await post('/apis/order/PurchaseOrderService/save', buyer1, order(1))).json().data;
    const copy = (await post(`/apis/order/PurchaseOrderService/copy/${created.id}`, buyer1)).json().data;
    expect(copy.orderNumber).not.toBe(created.orderNumber);
    expect(copy.totalAmount).toBe(created.totalAmount);
    const approved = (
      await post(`/apis/order/PurchaseOrderService/submit/${created.id}`, buyer1, {
        version: created.version,
      })
    ).json().data;
    expect(approved.auditStatus).toBe('2');
    const sent = (
      await post(`/apis/order/PurchaseOrderService/send/${created.id}`, buyer1, { version: approved.version })
    ).json().data;
    const changed = (
      await post('/apis/order/PurchaseOrderService/save', buyer1, {
        ...order(1),
        id: created.id,
        version: sent.version,
      })
    ).json().data;
    expect(changed.changeStatus).toBe('1');
    const changeSent = (
      await post(`/apis/order/PurchaseOrderService/sendChange/${created.id}`, buyer1, {
        version: changed.version,
      })
    ).json().data;
    expect(changeSent.changeStatus).toBe('2');
    expect(
      (
        await post(`/apis/order/SaleOrderService/returnChange/${created.id}`, supplier, {
          version: changeSent.version,
        })
      ).json().message,
    ).toBe('Invalid input: body.remark is required');
    const returned = (
      await post(`/apis/order/SaleOrderService/returnChange/${created.id}`, supplier, {
        version: changeSent.version,
        remark: '单价有误',
      })
    ).json().data;
    expect(returned.changeStatus).toBe('4');
    const changed2 = (
      await post('/apis/order/PurchaseOrderService/save', buyer1, {
        ...order(1),
        id: created.id,
        version: returned.version,
      })
    ).json().data;
    const sent2 = (
      await post(`/apis/order/PurchaseOrderService/sendChange/${created.id}`, buyer1, {
        version: changed2.version,
      })
    ).json().data;
    const accepted = (
      await post(`/apis/order/SaleOrderService/confirmChange/${created.id}`, supplier, {
        version: sent2.version,
      })
    ).json().data;
    expect(accepted.changeStatus).toBe('3');
    const closed = (
      await post(`/apis/order/PurchaseOrderService/close/${created.id}`, buyer1, {
        version: accepted.version,
      })
    ).json().data;
    expect(closed.orderStatus).toBe('5');
  });
});

describe('order rules, sides and tenants', () => {
  it('names a refused line field by its label and line number, and answers it per field (issue #33)', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const two = order(2);
    two.items[1].quantity = '0';
    two.items[1].taxRate = '120';
    two.items[0].deliveryDate = '2026-13-01';
    const en = (await post('/apis/order/PurchaseOrderService/save', buyer1, two)).json();
    expect(en.code).toBe('400');
    expect(en.message).toContain('Line 20, Quantity must be greater than 0');
    expect(en.message).toContain('Line 20, Tax rate');
    expect(en.message).toContain('Line 10, Delivery date');
    expect(en.message).not.toContain('body.items');
    const byPath = Object.fromEntries(
      (en.data.errors as Array<{ path: string; segments: unknown[]; field: string; rule: string }>).map(
        (e) => [e.path, e],
      ),
    );
    expect(byPath['body.items.1.quantity']).toMatchObject({
      segments: ['items', 1, 'quantity'],
      field: 'Line 20, Quantity',
      rule: 'positive',
    });
    expect(byPath['body.items.1.taxRate']).toMatchObject({ field: 'Line 20, Tax rate', rule: 'percent' });
    expect(byPath['body.items.0.deliveryDate']).toMatchObject({ field: 'Line 10, Delivery date' });
    const zh = (await post('/apis/order/PurchaseOrderService/save', buyer1, two, 'zh_cn')).json();
    expect(zh.message).toContain('第 20 行 数量 必须大于 0');
    expect(zh.message).toContain('第 10 行 交货日期');
    // A line's custom field is named by the buyer's name of it (demo: line fbk1 批次 / Batch) under its
    // line number, an unnamed one by its key, a header one by its name (demo: fbk1 项目编号 / Project code).
    const custom = order(2);
    const long = {
      ...custom,
      fbk1: 'p'.repeat(101),
      items: [
        { ...custom.items[0], fbk7: 'z'.repeat(101) },
        { ...custom.items[1], fbk1: 'b'.repeat(101) },
      ],
    };
    const customAnswer = (await post('/apis/order/PurchaseOrderService/save', buyer1, long)).json();
    const customByPath = Object.fromEntries(
      (customAnswer.data.errors as Array<{ path: string; field: string; message: string }>).map((e) => [
        e.path,
        e,
      ]),
    );
    expect(customByPath['body.items.1.fbk1']).toMatchObject({
      segments: ['items', 1, 'fbk1'],
      field: 'Line 20, Batch',
      rule: 'tooLong',
    });
    expect(customByPath['body.items.1.fbk1'].message).toMatch(/^Line 20, Batch .*100/);
    expect(customByPath['body.items.0.fbk7']).toMatchObject({ field: 'Line 10, fbk7' });
    expect(customByPath['body.fbk1']).toMatchObject({ field: 'Project code' });
    expect(customAnswer.message).not.toContain('body.');
    const customZh = (await post('/apis/order/PurchaseOrderService/save', buyer1, long, 'zh_cn')).json();
    expect(customZh.message).toContain('第 20 行 批次');
    expect(customZh.message).toContain('项目编号');
  });

  it('refuses bad input with the field named: quantity 0, no lines, no order type, unlinked supplier', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const zero = order(1);
    zero.items[0].quantity = '0';
    expect((await post('/apis/order/PurchaseOrderService/save', buyer1, zero)).json().message).toContain(
      'Line 10, Quantity must be greater than 0',
    );
    // A negative quantity answers the rule it breaks, not the decimal format (issue #12).
    const negative = order(1);
    negative.items[0].quantity = '-1';
    const negativeMessage = (await post('/apis/order/PurchaseOrderService/save', buyer1, negative)).json()
      .message;
    expect(negativeMessage).toContain('Line 10, Quantity must be greater than 0');
    expect(negativeMessage).not.toContain('decimal');
    expect(
      (await post('/apis/order/PurchaseOrderService/save', buyer1, { ...order(1), items: [] })).json()
        .message,
    ).toContain('Lines must be at least 1 long');
    const { orderType: _t, ...noType } = order(1);
    // A header field is named by its label, not its path (issue #33).
    const noTypeMessage = (await post('/apis/order/PurchaseOrderService/save', buyer1, noType)).json()
      .message;
    expect(noTypeMessage).toContain('Order type is required');
    expect(noTypeMessage).not.toContain('body.orderType');
    expect(
      (
        await post('/apis/order/PurchaseOrderService/save', buyer1, { ...order(1), toElsAccount: '999999' })
      ).json().message,
    ).toBe('Supplier 999999 is not one of your suppliers');
    const noPrice = order(1);
    const { priceExcludingTax: _p, ...item } = noPrice.items[0];
    const noPriceAnswer = (
      await post('/apis/order/PurchaseOrderService/save', buyer1, { ...noPrice, items: [item] })
    ).json();
    expect(noPriceAnswer.message).toMatch(/has no valid price/);
    // The refusal names the line's price field, so the form shows it there (issue #33).
    expect(noPriceAnswer.data.errors).toEqual([
      expect.objectContaining({ segments: ['items', 0, 'priceExcludingTax'], rule: 'noPriceForLine' }),
    ]);
    expect(
      (
        await post('/apis/order/PurchaseOrderService/save', buyer1, {
          ...order(1),
          exchangeRate: '12345.1234567',
        })
      ).json().code,
    ).toBe('400');
  });

  it('keeps orders to their two companies and sides', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const other = await login(server, '200002', 'admin');
    const supplier = await login(server, '200001', 'admin');
    const created = (await post('/apis/order/PurchaseOrderService/save', buyer1, order(1))).json().data;
    // A buyer's call made by a supplier (linked or not): its station is refused before the document is
    // looked up (#32).
    expect((await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, other)).json().code).toBe(
      '403',
    );
    expect(
      (await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, supplier)).json().code,
    ).toBe('403');
    expect((await post('/apis/order/PurchaseOrderService/save', supplier, order(1))).json().code).toBe('403');
    const theirList = (await post('/apis/order/SaleOrderService/findPageList', other, {})).json().data;
    expect(theirList.records.every((r: { toElsAccount: string }) => r.toElsAccount === '200002')).toBe(true);
    const buyerList = (
      await post('/apis/order/PurchaseOrderService/findPageList', buyer1, { sendStatus: '0' })
    ).json().data;
    expect(buyerList.records.map((r: { id: string }) => r.id)).toContain(created.id);
  });

  it('exports the filtered list to Excel with labels in the caller language', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/order/PurchaseOrderService/export',
      headers: { ...buyer1.headers, lang: 'en' },
      payload: { sendStatus: '1' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(1)!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Order number');
    const list = (
      await post('/apis/order/PurchaseOrderService/findPageList', buyer1, { sendStatus: '1', pageSize: 100 })
    ).json().data;
    expect(sheet.rowCount - 1).toBe(list.total);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.getRow(2).getCell(headers.indexOf('Send status') + 1).value).toBe('Sent');
  });

  it('exports the header custom fields under their labels, unnamed ones with a value under fbkN', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    // The demo buyer named header fbk1 "项目编号 / Project code" and fbk2 "成本中心 / Cost center".
    const created = (
      await post('/apis/order/PurchaseOrderService/save', buyer1, {
        ...order(1),
        fbk1: 'P-2026-17',
        fbk12: '加急备注',
      })
    ).json().data;
    const sheetIn = async (lang: 'en' | 'zh_cn') => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/apis/order/PurchaseOrderService/export',
        headers: { ...buyer1.headers, lang },
        payload: { orderNumber: created.orderNumber },
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet(1)!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      const row = sheet.getRow(2);
      const cell = (header: string) => row.getCell(headers.indexOf(header) + 1).value;
      return { headers, cell, rows: sheet.rowCount - 1 };
    };
    const en = await sheetIn('en');
    expect(en.rows).toBe(1);
    // After the list's columns: the named fields (also when empty) by label, then fbk12 by its key.
    expect(en.headers.slice(-3)).toEqual(['Project code', 'Cost center', 'fbk12']);
    expect(en.headers).not.toContain('fbk1');
    expect(en.cell('Order number')).toBe(created.orderNumber);
    expect(en.cell('Project code')).toBe('P-2026-17');
    expect(en.cell('Cost center')).toBeNull();
    expect(en.cell('fbk12')).toBe('加急备注');
    const zh = await sheetIn('zh_cn');
    expect(zh.headers.slice(-3)).toEqual(['项目编号', '成本中心', 'fbk12']);
    expect(zh.cell('项目编号')).toBe('P-2026-17');
  });
});

describe('printing', () => {
  it('prints a PDF named after the order, with the Chinese text embedded', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const created = (await post('/apis/order/PurchaseOrderService/save', buyer1, order(2))).json().data;
    const res = await server.app.inject({
      method: 'GET',
      url: `/apis/order/PurchaseOrderService/print/${created.id}`,
      headers: buyer1.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${created.orderNumber}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the CJK font is embedded (a subset of Noto Sans SC) and the Chinese text reads back
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text).toContain('采购订单');
    expect(text).toContain(created.orderNumber);
    const supplier = await login(server, '200001', 'admin');
    const theirs = await server.app.inject({
      method: 'GET',
      url: `/apis/order/SaleOrderService/print/${created.id}`,
      headers: supplier.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('prints the non-empty header and line custom fields', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const body = order(2);
    const created = (
      await post('/apis/order/PurchaseOrderService/save', buyer1, {
        ...body,
        fbk3: 'Project A-17',
        fbk12: '项目备注',
        fbk4: '   ',
        items: [{ ...body.items[0], fbk2: 'Batch B-9', fbk40: 'Grade II' }, body.items[1]],
      })
    ).json().data;
    const res = await server.app.inject({
      method: 'GET',
      url: `/apis/order/PurchaseOrderService/print/${created.id}`,
      headers: { ...buyer1.headers, lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Custom fields');
    expect(flat).toMatch(/fbk3 Project A-17/);
    expect(flat).toContain('项目备注');
    expect(flat).not.toMatch(/fbk4\b/);
    expect(flat).toContain('fbk2: Batch B-9 · fbk40: Grade II');
  });

  it("prints the buyer's custom field labels (issue #5; demo: header fbk1 Project code, line fbk1 Batch)", async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const body = order(1);
    const created = (
      await post('/apis/order/PurchaseOrderService/save', buyer1, {
        ...body,
        fbk1: 'P-2026-17',
        items: [{ ...body.items[0], fbk1: 'B-42' }],
      })
    ).json().data;
    const print = async (lang: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/apis/order/PurchaseOrderService/print/${created.id}`,
        headers: { ...buyer1.headers, lang },
      });
      expect(res.statusCode).toBe(200);
      const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
      return text.replace(/\s+/g, ' ');
    };
    const en = await print('en');
    expect(en).toMatch(/Project code P-2026-17/);
    expect(en).toContain('Batch: B-42');
    expect(en).not.toMatch(/fbk1\b/);
    const zh = await print('zh_cn');
    expect(zh).toContain('项目编号');
    expect(zh).toContain('批次: B-42');
  });
});

describe('custom fields fbk1…fbk50 (seed 001 §3)', () => {
  it('stores header and line fbk values, answers them flat on both sides, and copy keeps them', async () => {
    const admin = await login(server, '100000', 'admin');
    await post('/apis/CommonAuditService/saveConfig', admin, {
      documentKind: 'order',
      steps: [],
      version: (await get('/apis/CommonAuditService/findConfig/order', admin)).json().data.version,
    });
    const buyer1 = await login(server, '100000', 'buyer1');
    const supplier = await login(server, '200001', 'admin');
    const body = order(2);
    const saved = await post('/apis/order/PurchaseOrderService/save', buyer1, {
      ...body,
      fbk1: '  项目 A-17  ',
      fbk50: 'x'.repeat(100),
      fbk7: '   ',
      fbk9: '',
      items: [{ ...body.items[0], fbk2: '批次 B', fbk10: ' 检验等级 II ' }, body.items[1]],
    });
    expect(saved.json().code).toBe('200');
    const created = saved.json().data;
    // Trimmed; empty and blank values are absent, not stored as ''.
    expect(created).toMatchObject({ fbk1: '项目 A-17', fbk50: 'x'.repeat(100) });
    expect(created).not.toHaveProperty('fbk7');
    expect(created).not.toHaveProperty('fbk9');

    const mine = (await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, buyer1)).json().data;
    expect(mine.order.fbk1).toBe('项目 A-17');
    expect(mine.order.fbk50).toBe('x'.repeat(100));
    expect(mine.order).not.toHaveProperty('customFields');
    expect(mine.items[0]).toMatchObject({ fbk2: '批次 B', fbk10: '检验等级 II' });
    expect(mine.items[0]).not.toHaveProperty('customFields');
    expect(Object.keys(mine.items[1]).filter((k) => k.startsWith('fbk'))).toEqual([]);
    const stored = await server.database.db.execute(
      sql`select custom_fields from purchase_order where id = ${created.id}`,
    );
    expect((stored as unknown as { rows: Array<{ custom_fields: unknown }> }).rows[0].custom_fields).toEqual({
      fbk1: '项目 A-17',
      fbk50: 'x'.repeat(100),
    });

    // The copy carries the header's and the lines' custom fields.
    const copy = (await post(`/apis/order/PurchaseOrderService/copy/${created.id}`, buyer1)).json().data;
    const copied = (await get(`/apis/order/PurchaseOrderService/findDetail/${copy.id}`, buyer1)).json().data;
    expect(copied.order).toMatchObject({ fbk1: '项目 A-17', fbk50: 'x'.repeat(100) });
    expect(copied.items[0]).toMatchObject({ fbk2: '批次 B', fbk10: '检验等级 II' });

    // The supplier sees them once the order is sent.
    const approved = (
      await post(`/apis/order/PurchaseOrderService/submit/${created.id}`, buyer1, {
        version: created.version,
      })
    ).json().data;
    expect(approved.auditStatus).toBe('2');
    const sent = (
      await post(`/apis/order/PurchaseOrderService/send/${created.id}`, buyer1, { version: approved.version })
    ).json().data;
    const theirs = (await get(`/apis/order/SaleOrderService/findDetail/${created.id}`, supplier)).json().data;
    expect(theirs.order).toMatchObject({ fbk1: '项目 A-17', fbk50: 'x'.repeat(100) });
    expect(theirs.items[0]).toMatchObject({ fbk2: '批次 B', fbk10: '检验等级 II' });

    // An edit (here a change after sending) replaces the custom fields with those it carries.
    const changed = await post('/apis/order/PurchaseOrderService/save', buyer1, {
      ...body,
      id: created.id,
      version: sent.version,
      fbk3: '变更后',
    });
    expect(changed.json().code).toBe('200');
    const after = (await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, buyer1)).json()
      .data;
    expect(after.order.fbk3).toBe('变更后');
    expect(after.order).not.toHaveProperty('fbk1');
    expect(after.items[0]).not.toHaveProperty('fbk2');
  });

  it('refuses an over-long value and an unknown fbkN with a 400 naming the field', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const save = (payload: unknown, lang = 'en') =>
      post('/apis/order/PurchaseOrderService/save', buyer1, payload, lang);

    const long = await save({ ...order(1), fbk3: 'y'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: '400' });
    // Named as the form names it (issue #33): an unnamed custom field by its key, not body.fbk3.
    expect(long.json().message).toBe('Invalid input: fbk3 must be at most 100 long');
    const longZh = await save({ ...order(1), fbk3: 'y'.repeat(101) }, 'zh_cn');
    expect(longZh.json().message).toBe('参数错误：fbk3 长度不能超过 100');
    // Trimming comes first: 100 characters plus surrounding blanks are fine.
    expect((await save({ ...order(1), fbk3: `  ${'y'.repeat(100)}  ` })).json().code).toBe('200');

    const base = order(1);
    const longLine = await save({ ...base, items: [{ ...base.items[0], fbk7: 'z'.repeat(101) }] });
    expect(longLine.statusCode).toBe(400);
    expect(longLine.json().message).toBe('Invalid input: Line 10, fbk7 must be at most 100 long');

    const unknown = await save({ ...order(1), fbk51: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Invalid input: Field body.fbk51 is not allowed');
    const unknownZh = await save({ ...order(1), fbk51: 'nope' }, 'zh_cn');
    expect(unknownZh.json().message).toBe('参数错误：不允许的字段 body.fbk51');
    const unknownLine = await save({ ...base, items: [{ ...base.items[0], fbk0: 'nope' }] });
    expect(unknownLine.statusCode).toBe(400);
    expect(unknownLine.json().message).toContain('body.items.0.fbk0');

    const wrongType = await save({ ...order(1), fbk4: 12 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('fbk4');
    expect(wrongType.json().message).not.toContain('body.');
  });
});

describe('line prices from the price master', () => {
  it('defaults a picked material price per unit of its price base, only in the order currency', async () => {
    const admin = await login(server, '100000', 'admin');
    const buyer1 = await login(server, '100000', 'buyer1');
    const materials = (
      await post('/apis/masterdata/PurchaseMaterialService/findPageList', buyer1, {
        keyword: 'C-0805-100N',
        pageSize: 10,
      })
    ).json().data.records;
    const capacitor = materials.find((m: { materialNumber: string }) => m.materialNumber === 'C-0805-100N');
    expect(capacitor).toBeDefined();
    // 35 CNY per 1000 pieces from supplier 200002.
    const day = 86_400_000;
    const price = await post('/apis/masterdata/PurchasePriceService/save', admin, {
      toElsAccount: '200002',
      materialId: capacitor.id,
      priceExcludingTax: '35',
      taxRate: '13',
      currency: 'CNY',
      exchangeRate: '1',
      priceBase: '1000',
      quota: '100',
      validStartDate: new Date(Date.now() - 2 * day).toISOString(),
      priceExpiryDate: new Date(Date.now() + 100 * day).toISOString(),
    });
    expect(price.json().code).toBe('200');
    // The form asks the same route for the price it shows.
    const effective = (
      await post('/apis/masterdata/PurchasePriceService/findEffectivePrice', buyer1, {
        toElsAccount: '200002',
        materialId: capacitor.id,
        at: `${today()}T00:00:00.000Z`,
      })
    ).json().data;
    expect(effective).toMatchObject({
      priceExcludingTax: '35.000000',
      priceBase: '1000.000',
      currency: 'CNY',
    });

    const line = {
      materialId: capacitor.id,
      materialNumber: 'C-0805-100N',
      materialDesc: '贴片电容 0805 100nF X7R 50V',
      unit: 'PCS',
      quantity: '4000',
      deliveryDate: '2026-12-31',
    };
    const saved = await post('/apis/order/PurchaseOrderService/save', buyer1, {
      ...order(1),
      toElsAccount: '200002',
      items: [line],
    });
    expect(saved.json().code).toBe('200');
    const detail = (
      await get(`/apis/order/PurchaseOrderService/findDetail/${saved.json().data.id}`, buyer1)
    ).json().data;
    // 35 / 1000 = 0.035 per piece; 4000 × 0.035 × 1.13 = 158.20.
    expect(detail.items[0]).toMatchObject({
      priceExcludingTax: '0.035000',
      taxRate: '13.00',
      lineAmount: '158.20',
    });
    expect(detail.items[0].materialId).toBe(capacitor.id);

    // A USD order does not take the CNY price.
    const usd = await post('/apis/order/PurchaseOrderService/save', buyer1, {
      ...order(1),
      toElsAccount: '200002',
      currency: 'USD',
      exchangeRate: '7.1',
      items: [line],
    });
    expect(usd.json().code).toBe('400');
    expect(usd.json().message).toMatch(/has no valid price/);
  });
});
