import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  createRun,
  finishRun,
  saveScores,
  saveTemplate,
  setTemplateStatus,
} from '../modules/appraisal/service.ts';
import { appraisalTemplate } from '../modules/appraisal/tables.ts';
import { saveConfig } from '../modules/audit/service.ts';
import { auditConfig } from '../modules/audit/tables.ts';
import {
  addMonths,
  dateOf,
  defaultCompanyTimeZone,
  monthStart as firstOfMonth,
  startOfDay,
  today,
} from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { nextDocumentNumber } from '../platform/numbering.ts';
import { as } from './demo-enquiries.ts';

/**
 * The demo world's supplier performance appraisal (issue #17). Last month's documents of buyer 100000 with
 * 200001, 200002 and 200003 (orders confirmed after 6 h, 30 h and 2 h; delivery notices received on time
 * and late — 200001 two lines late and one short; a return of 200001; an awarded RFQ), all already
 * reconciled so the finance screens do not offer them; then one released template (delivery 20, quality 30,
 * cost 20, service 10, two expert items 10 + 10), one finished run over last month (every active demo
 * supplier; scored by buyer1 and admin; no grade proposal, so the demo suppliers keep their stages) and one
 * run over this month waiting for buyer1's expert scores. From here on a grade change (supplierGrade)
 * needs the admin's approval, so appraisals only propose grades.
 */

export const DEMO_TEMPLATE_ITEMS = [
  { itemName: '准时交货率', dimension: 'delivery', weight: 20, kind: 'computed', metric: 'onTimeDelivery' },
  { itemName: '退货率', dimension: 'quality', weight: 30, kind: 'computed', metric: 'returnRate' },
  { itemName: '价格竞争力', dimension: 'cost', weight: 20, kind: 'computed', metric: 'priceCompetitiveness' },
  { itemName: '订单响应', dimension: 'service', weight: 10, kind: 'computed', metric: 'responsiveness' },
  {
    itemName: '技术支持',
    dimension: 'expert',
    weight: 10,
    kind: 'manual',
    scaleMax: 10,
    guidance: '问题响应速度与解决质量，0–10 分',
  },
  {
    itemName: '合作配合度',
    dimension: 'expert',
    weight: 10,
    kind: 'manual',
    scaleMax: 100,
    guidance: '计划变更、急单配合情况，0–100 分',
  },
] as const;

const B = '100000';
const DAY = 86_400_000;

/** Midnight (the buyer's calendar) of the first day of the month `offset` months from now. */
function monthStart(offset: number): Date {
  const zone = defaultCompanyTimeZone();
  return new Date(startOfDay(zone, addMonths(firstOfMonth(today(zone)), offset)));
}
const iso = (d: Date) => d.toISOString();
const date = (d: Date) => dateOf(d, defaultCompanyTimeZone());

async function one(db: Db, q: SQL): Promise<string> {
  const result = await db.execute(q);
  return ((result as { rows?: Array<{ id: string }> }).rows ?? [])[0].id;
}

type Line = { material: string; desc: string; qty: number; price: number };
type Delivery = { line: number; receivedDay: number; shipped: number; received: number };

/** Last month's documents of one supplier: an order (lines due on day 10), its confirmation, notices received. */
async function history(
  db: Db,
  supplier: { account: string; name: string },
  lines: Line[],
  confirmAfterHours: number,
  deliveries: Delivery[],
) {
  const start = monthStart(-1);
  const sent = new Date(start.getTime() + 2 * DAY + 9 * 3_600_000);
  const due = date(new Date(start.getTime() + 9 * DAY));
  const orderNumber = await nextDocumentNumber(db, B, 'PO', sent);
  const total = lines.reduce((s, l) => s + l.qty * l.price * 1.13, 0);
  const orderId = await one(
    db,
    sql`insert into purchase_order (els_account, to_els_account, supplier_name, order_number, order_type,
      order_date, audit_status, send_status, send_time, order_status, delivery_status, total_amount_excluding_tax,
      total_tax_amount, total_amount, total_amount_local, create_user, last_update_user, create_date)
    values (${B}, ${supplier.account}, ${supplier.name}, ${orderNumber}, '0', ${date(start)}, '2', '1',
      ${iso(sent)}::timestamptz, '3', '3', ${(total / 1.13).toFixed(2)}, ${(total - total / 1.13).toFixed(2)},
      ${total.toFixed(2)}, ${total.toFixed(2)}, '100000_buyer1', '100000_buyer1', ${iso(sent)}::timestamptz)
    returning id`,
  );
  await db.execute(sql`insert into audit_trail (els_account, document_kind, document_id, action, from_status,
      to_status, create_user, create_date)
    values (${B}, 'order', ${orderId}::uuid, 'confirm', '1', '3', ${`${supplier.account}_admin`},
      ${iso(new Date(sent.getTime() + confirmAfterHours * 3_600_000))}::timestamptz)`);
  const lineIds: string[] = [];
  for (const [i, l] of lines.entries()) {
    const received = deliveries.filter((d) => d.line === i).reduce((s, d) => s + d.received, 0);
    const shipped = deliveries.filter((d) => d.line === i).reduce((s, d) => s + d.shipped, 0);
    lineIds.push(
      await one(
        db,
        sql`insert into purchase_order_item (order_id, els_account, to_els_account, item_number, material_number,
          material_desc, unit, quantity, price_excluding_tax, tax_rate, price_including_tax, line_amount,
          delivery_date, reply_delivery_date, item_status, shipped_quantity, received_quantity)
        values (${orderId}::uuid, ${B}, ${supplier.account}, ${(i + 1) * 10}, ${l.material}, ${l.desc}, 'PCS',
          ${l.qty}, ${l.price}, 13, ${(l.price * 1.13).toFixed(6)}, ${(l.qty * l.price * 1.13).toFixed(2)},
          ${due}, ${due}, '1', ${shipped}, ${received})
        returning id`,
      ),
    );
  }
  const notes: Array<{ id: string; number: string; lineIds: string[] }> = [];
  for (const day of [...new Set(deliveries.map((d) => d.receivedDay))].sort((a, b) => a - b)) {
    const receivedAt = new Date(start.getTime() + (day - 1) * DAY + 10 * 3_600_000);
    const number = await nextDocumentNumber(db, supplier.account, 'DN', receivedAt);
    const mine = deliveries.filter((d) => d.receivedDay === day);
    const noteId = await one(
      db,
      sql`insert into delivery_note (els_account, to_els_account, delivery_note_number, note_type, note_status,
        send_status, supplier_name, buyer_name, note_date, send_time, confirm_date, total_quantity, create_user,
        last_update_user, create_date)
      values (${B}, ${supplier.account}, ${number}, '1', '5', '1', ${supplier.name}, '华东精密制造有限公司',
        ${date(new Date(receivedAt.getTime() - DAY))}, ${iso(new Date(receivedAt.getTime() - DAY))}::timestamptz,
        ${iso(receivedAt)}::timestamptz, ${mine.reduce((s, d) => s + d.shipped, 0)},
        ${`${supplier.account}_admin`}, ${`${supplier.account}_admin`}, ${iso(new Date(receivedAt.getTime() - DAY))}::timestamptz)
      returning id`,
    );
    const ids: string[] = [];
    for (const [k, d] of mine.entries()) {
      const l = lines[d.line];
      ids.push(
        await one(
          db,
          sql`insert into delivery_note_item (els_account, to_els_account, line_number, document_id, order_id,
            order_item_id, order_number, item_number, material_number, material_desc, unit, quantity, delivery_date,
            send_delivery_note_quantity, confirm_quantity, recon_quantity)
          values (${B}, ${supplier.account}, ${(k + 1) * 10}, ${noteId}::uuid, ${orderId}::uuid,
            ${lineIds[d.line]}::uuid, ${orderNumber}, ${(d.line + 1) * 10}, ${l.material}, ${l.desc}, 'PCS', ${l.qty},
            ${due}, ${d.shipped}, ${d.received}, ${d.received})
          returning id`,
        ),
      );
    }
    notes.push({ id: noteId, number, lineIds: ids });
  }
  return { orderId, orderNumber, lineIds, notes };
}

/** Last month's RFQ: line 1 awarded to 200001 (200003 quoted lower), line 2 to 200003 (the lowest). */
async function rfq(db: Db) {
  const start = monthStart(-1);
  const at = new Date(start.getTime() + 3 * DAY);
  const number = await nextDocumentNumber(db, B, 'RFQ', at);
  const id = await one(
    db,
    sql`insert into enquiry (els_account, to_els_account, enquiry_number, enquiry_desc, enquiry_status,
      audit_status, award_audit_status, buyer_name, enquiry_date, quote_end_time, price_valid_date, publish_time,
      create_user, last_update_user, create_date)
    values (${B}, ${B}, ${number}, '月度询价（绩效演示）', '3', '2', '2', '华东精密制造有限公司', ${date(at)},
      ${iso(new Date(at.getTime() + 2 * DAY))}::timestamptz, ${date(new Date(at.getTime() + 180 * DAY))},
      ${iso(at)}::timestamptz, '100000_buyer1', '100000_buyer1', ${iso(at)}::timestamptz)
    returning id`,
  );
  const lines: Array<[string, string, Array<[string, string, number, number]>]> = [
    [
      'M-10001',
      'PCB 主板 A1',
      [
        ['200001', '苏州恒达电子科技有限公司', 88, 100],
        ['200003', '无锡精工五金制品有限公司', 84, 0],
      ],
    ],
    [
      'M-10003',
      '散热模组 HS-40',
      [
        ['200001', '苏州恒达电子科技有限公司', 47, 0],
        ['200003', '无锡精工五金制品有限公司', 44, 100],
      ],
    ],
  ];
  for (const [i, [material, desc, quotes]] of lines.entries()) {
    const itemId = await one(
      db,
      sql`insert into enquiry_item (els_account, to_els_account, line_number, document_id, material_id,
        material_number, material_desc, unit, quantity, delivery_date, supplier_count, invited_suppliers)
      values (${B}, ${B}, ${(i + 1) * 10}, ${id}::uuid, gen_random_uuid(), ${material}, ${desc}, 'PCS', 100,
        ${date(new Date(at.getTime() + 30 * DAY))}, ${quotes.length}, ${JSON.stringify(quotes.map((q) => q[0]))}::jsonb)
      returning id`,
    );
    for (const [account, name, price, quota] of quotes) {
      const invitation = await one(
        db,
        sql`insert into enquiry_supplier (enquiry_id, item_id, els_account, to_els_account, supplier_name,
          quote_status, quota)
        values (${id}::uuid, ${itemId}::uuid, ${B}, ${account}, ${name}, '1', ${quota}) returning id`,
      );
      await db.execute(sql`insert into enquiry_quote (invitation_id, enquiry_id, to_els_account,
          price_excluding_tax, tax_rate, status, create_user, create_date)
        values (${invitation}::uuid, ${id}::uuid, ${account}, ${price}, 13, '1', ${`${account}_admin`},
          ${iso(new Date(at.getTime() + DAY))}::timestamptz)`);
    }
  }
  // The suppliers' RFQ lists read the sale index (one row per RFQ × invited supplier).
  await db.execute(sql`insert into enquiry_sale_index (document_id, to_els_account, els_account, list_date,
      create_date, status, number)
    select ${id}::uuid, a, ${B}, ${date(at)}, ${iso(at)}::timestamptz, '3', ${number}
    from unnest(array['200001', '200003']) as a`);
}

/** Seeds the appraisal demo (see the module comment); does nothing when 100000 already has a template. */
export async function seedDemoAppraisal(db: Db, env: string): Promise<void> {
  const [existing] = await db
    .select({ id: appraisalTemplate.id })
    .from(appraisalTemplate)
    .where(eq(appraisalTemplate.elsAccount, B))
    .limit(1);
  if (existing) return;
  const admin = await as(db, B, 'admin');
  const buyer1 = await as(db, B, 'buyer1');
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const pcb = { material: 'M-10001', desc: 'PCB 主板 A1', qty: 200, price: 86.5 };
    const psu = { material: 'M-10002', desc: '电源适配器 12V', qty: 300, price: 23.8 };
    const fan = { material: 'M-10003', desc: '散热模组 HS-40', qty: 100, price: 45 };
    // 200001: line 1 on time (day 8), line 2 late (day 14) and short, line 3 late (day 20); 20 PCB returned.
    const s1 = await history(t, { account: '200001', name: '苏州恒达电子科技有限公司' }, [pcb, psu, fan], 6, [
      { line: 0, receivedDay: 8, shipped: 200, received: 200 },
      { line: 1, receivedDay: 14, shipped: 300, received: 290 },
      { line: 2, receivedDay: 20, shipped: 100, received: 100 },
    ]);
    const returnAt = new Date(monthStart(-1).getTime() + 21 * DAY);
    const refundNumber = await nextDocumentNumber(t, B, 'RT', returnAt);
    const refundId = await one(
      t,
      sql`insert into refund (els_account, to_els_account, refund_number, refund_status, audit_status, send_status,
        delivery_note_id, delivery_note_number, supplier_name, buyer_name, return_data, back_reason, total_amount,
        create_user, last_update_user, create_date)
      values (${B}, '200001', ${refundNumber}, '2', '2', '1', ${s1.notes[0].id}::uuid, ${s1.notes[0].number},
        '苏州恒达电子科技有限公司', '华东精密制造有限公司', ${date(returnAt)}, '焊点虚焊', ${(20 * 86.5 * 1.13).toFixed(2)},
        '100000_buyer1', '100000_buyer1', ${iso(returnAt)}::timestamptz)
      returning id`,
    );
    await t.execute(sql`insert into refund_item (els_account, to_els_account, line_number, document_id,
        delivery_note_item_id, order_item_id, order_number, item_number, material_number, material_desc, unit,
        return_quantity, refund_quantity, price_including_tax, total_amount, back_reason, recon_flag)
      values (${B}, '200001', 10, ${refundId}::uuid, ${s1.notes[0].lineIds[0]}::uuid, ${s1.lineIds[0]}::uuid,
        ${s1.orderNumber}, 10, 'M-10001', 'PCB 主板 A1', 'PCS', 20, 20, ${(86.5 * 1.13).toFixed(6)},
        ${(20 * 86.5 * 1.13).toFixed(2)}, '焊点虚焊', '2')`);
    await t.execute(sql`update delivery_note_item set return_quantity = 20
      where id = ${s1.notes[0].lineIds[0]}::uuid`);
    await t.execute(
      sql`update purchase_order_item set return_quantity = 20 where id = ${s1.lineIds[0]}::uuid`,
    );
    // 200002: everything on time and complete, confirmed after 30 h.
    await history(t, { account: '200002', name: '宁波远航包装材料有限公司' }, [psu, fan], 30, [
      { line: 0, receivedDay: 7, shipped: 300, received: 300 },
      { line: 1, receivedDay: 9, shipped: 100, received: 100 },
    ]);
    // 200003: one line on time, one late; confirmed after 2 h.
    await history(t, { account: '200003', name: '无锡精工五金制品有限公司' }, [pcb, fan], 2, [
      { line: 0, receivedDay: 10, shipped: 200, received: 200 },
      { line: 1, receivedDay: 12, shipped: 100, received: 100 },
    ]);
    await rfq(t);
  });

  // Grade changes proposed by appraisals need the admin's approval.
  const [config] = await db
    .select({ id: auditConfig.id })
    .from(auditConfig)
    .where(and(eq(auditConfig.elsAccount, B), eq(auditConfig.documentKind, 'supplierGrade')));
  if (!config)
    await saveConfig(db, admin, {
      documentKind: 'supplierGrade',
      steps: [
        {
          name: '采购经理审批',
          nameEn: 'Purchasing manager approval',
          approverType: 'user',
          approvers: ['admin'],
        },
      ],
    });

  const draft = await saveTemplate(db, admin, {
    templateName: '供应商季度综合考评',
    remark: '交付、质量、成本、服务由系统按单据计算，技术支持与合作配合度由专家评分',
    excellentMin: 90,
    goodMin: 80,
    qualifiedMin: 60,
    items: DEMO_TEMPLATE_ITEMS.map((i) => ({ ...i })),
  });
  const template = await setTemplateStatus(db, admin, draft.id, draft.version, '1');
  const experts = [
    { itemId: 'i5', elsSubAccount: 'buyer1' },
    { itemId: 'i6', elsSubAccount: 'admin' },
  ];
  // Last month: finished (every active demo supplier, scored by both experts).
  const finished = await createRun(db, admin, {
    templateId: template.id,
    periodFrom: date(monthStart(-1)),
    periodTo: date(monthStart(0)),
    experts,
    remark: '上月绩效考评',
  });
  const accounts = finished.results.map((r) => r.toElsAccount);
  const given = (account: string, max: number) => {
    const base: Record<string, number> = { '200001': 0.8, '200002': 0.9, '200003': 0.7 };
    return Math.round((base[account] ?? 0.75) * max);
  };
  await saveScores(db, buyer1, finished.run.id, {
    scores: accounts.map((a) => ({ toElsAccount: a, itemId: 'i5', score: given(a, 10) })),
  });
  const scored = await saveScores(db, admin, finished.run.id, {
    scores: accounts.map((a) => ({ toElsAccount: a, itemId: 'i6', score: given(a, 100) })),
  });
  await finishRun(db, env, admin, finished.run.id, scored.run.version, false);
  // This month so far: waiting for buyer1's and admin's expert scores.
  await createRun(db, admin, {
    templateId: template.id,
    periodFrom: date(monthStart(0)),
    periodTo: date(new Date(Date.now() + DAY)),
    experts: [
      { itemId: 'i5', elsSubAccount: 'buyer1' },
      { itemId: 'i6', elsSubAccount: 'buyer1' },
    ],
    remark: '本月绩效考评（待专家评分）',
  });
}
