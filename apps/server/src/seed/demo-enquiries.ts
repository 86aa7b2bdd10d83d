import type { PoolToEnquiryBody } from '@srm/contracts/purchase-request';
import { and, eq } from 'drizzle-orm';
import { subaccount } from '../modules/account/tables.ts';
import { saveCostTemplate } from '../modules/enquiry/cost-templates.ts';
import {
  award,
  enquiryKind,
  findComparison,
  participate,
  quote,
  registerAwardApproval,
} from '../modules/enquiry/service.ts';
import { enquiry } from '../modules/enquiry/tables.ts';
import { material } from '../modules/masterdata/tables.ts';
import { claimLines, purchaseRequestKind, toEnquiry } from '../modules/purchase-request/service.ts';
import { daysFromToday } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { AuthContext } from '../platform/http.ts';

/** A demo user's session context (for seeding through the real services). */
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

const day = (n: number) => daysFromToday(n);
const SUPPLIERS = ['200001', '200003', '200004'];

/**
 * Demo RFQs (issue #13) through the real services: a draft; one quoting with 200001 invited and not yet
 * quoted (200003 and 200004 have); one past its deadline with every quote in ("quoted"); one awarded
 * 60/40 (price-master records and order drafts); one raised from budgeted requisition lines through the
 * demand pool, quoted and past its deadline (the comparison's savings against the budget). Quotes are made while open, then the deadline is moved
 * into the past directly (the demo's stand-in for time passing).
 */
export async function seedDemoEnquiries(db: Db, env: string): Promise<void> {
  // The seed awards before the routes are registered: the award's approval handler must exist.
  registerAwardApproval(env);
  const buyer = await as(db, '100000', 'buyer1');
  const sellers = Object.fromEntries(
    await Promise.all(SUPPLIERS.map(async (s) => [s, await as(db, s, 'admin')] as const)),
  );
  const materials = await db.select().from(material).where(eq(material.elsAccount, '100000'));
  const byNumber = (n: string) => materials.find((m) => m.materialNumber === n)!;
  const make = async (desc: string, numbers: Array<[string, string]>, ladder = false) =>
    enquiryKind.save(db, buyer, 'purchase', {
      enquiryDesc: desc,
      quoteMethod: ladder ? '2' : '1',
      quoteEndTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      priceValidDate: day(365),
      payMethod: '月结 60 天',
      taxRate: '13',
      lines: numbers.map(([n, quantity]) => ({
        materialId: byNumber(n).id,
        quantity,
        deliveryDate: day(30),
        suppliers: SUPPLIERS,
      })),
    });
  const publish = async (id: string) => {
    let row = await enquiryKind.submit(
      db,
      env,
      buyer,
      'purchase',
      id,
      (await enquiryKind.find(db, buyer, 'purchase', id)).version,
    );
    row = await enquiryKind.runAction(db, env, buyer, 'purchase', 'publish', id, { version: row.version });
    return row;
  };
  const offer = async (id: string, account: string, prices: string[], ladder = false) => {
    const auth = sellers[account];
    await participate(db, auth, id);
    const lines = await enquiryKind.findLines(db, id);
    await quote(db, env, auth, id, {
      lines: lines.map((l, i) =>
        ladder
          ? {
              itemId: l.id,
              ladder: [
                { quantity: '1', price: prices[i] },
                { quantity: '5000', price: (Number(prices[i]) * 0.95).toFixed(4) },
              ],
            }
          : { itemId: l.id, priceExcludingTax: prices[i] },
      ),
    });
  };
  const endNow = (id: string) =>
    db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 3_600_000) })
      .where(eq(enquiry.id, id));

  // Quoting: 200003 and 200004 have quoted, 200001 is invited and has not.
  const quoting = await make('2026 Q1 电阻电容年度询价', [
    ['R-0603-10K', '200000'],
    ['C-0805-100N', '150000'],
  ]);
  await publish(quoting.id);
  await offer(quoting.id, '200003', ['0.012', '0.021']);
  await offer(quoting.id, '200004', ['0.011', '0.023']);

  // Quoted: every supplier in, the deadline passed (ladder prices).
  const quoted = await make('MCU 主控芯片询价', [['MCU-STM32F103', '3000']], true);
  await publish(quoted.id);
  await offer(quoted.id, '200001', ['11.8'], true);
  await offer(quoted.id, '200003', ['12.4'], true);
  await offer(quoted.id, '200004', ['11.5'], true);
  await endNow(quoted.id);

  // Awarded 60/40 to the two cheapest.
  const awarded = await make('包装纸箱询价', [['BOX-5L-600', '10000']]);
  await publish(awarded.id);
  await offer(awarded.id, '200001', ['4.20']);
  await offer(awarded.id, '200003', ['4.05']);
  await offer(awarded.id, '200004', ['4.35']);
  await endNow(awarded.id);
  const comparison = await findComparison(db, buyer, awarded.id);
  await award(db, env, buyer, awarded.id, {
    version: (comparison.record as { version: number }).version,
    lines: [
      {
        itemId: comparison.lines[0].itemId,
        awards: [
          { toElsAccount: '200003', quota: '60' },
          { toElsAccount: '200001', quota: '40' },
        ],
      },
    ],
    remark: '按报价排名分配配额',
  });

  // Quoting by cost breakdown with freight as an additional fee; suppliers see their rank. 200003 has
  // quoted, 200001 and 200004 have not.
  const costed = await enquiryKind.save(db, buyer, 'purchase', {
    enquiryDesc: '包装纸箱成本构成询价',
    quoteMethod: '3',
    showQuoteInfo: '1',
    costConstituteJson: ['材料', '加工', '表面处理'],
    additionFeeJson: ['运费'],
    quoteEndTime: new Date(Date.now() + 4 * 86_400_000).toISOString(),
    priceValidDate: day(365),
    payMethod: '月结 60 天',
    taxRate: '13',
    lines: [
      {
        materialId: byNumber('BOX-5L-600').id,
        quantity: '2000',
        deliveryDate: day(30),
        suppliers: SUPPLIERS,
      },
    ],
  });
  await publish(costed.id);
  await participate(db, sellers['200003'], costed.id);
  const [costedLine] = await enquiryKind.findLines(db, costed.id);
  await quote(db, env, sellers['200003'], costed.id, {
    lines: [
      {
        itemId: costedLine.id,
        costs: [
          { name: '材料', amount: '2.10' },
          { name: '加工', amount: '1.25' },
          { name: '表面处理', amount: '0.40' },
        ],
        fees: [{ name: '运费', amount: '260' }],
      },
    ],
  });

  // From budgeted requisition lines (issue #13 "savings against the budget"): a requisition with a budget
  // price per line, approved at once (under 50,000 CNY), its lines claimed from the demand pool into an
  // RFQ, quoted by all three suppliers and past its deadline — the comparison shows 预算节约 out of the box.
  const budgeted = await purchaseRequestKind.submit(
    db,
    env,
    buyer,
    'purchase',
    ...(await purchaseRequestKind
      .save(db, buyer, 'purchase', {
        requestType: '0',
        requestDate: day(-5),
        applicant: '周工',
        applyDept: '研发部',
        purchaseFactory: '1010',
        purchasePerson: 'buyer1',
        costCenter: 'CC-RD-01',
        remark: '新产品 A3 备料（有预算）',
        lines: [
          { materialNumber: 'R-0603-10K', quantity: '30000', budgetPrice: '0.013', deliveryDate: day(21) },
          { materialNumber: 'C-0805-100N', quantity: '10000', budgetPrice: '0.036', deliveryDate: day(28) },
        ],
      })
      .then((row) => [row.id as string, row.version as number] as const)),
  );
  const poolLines = await purchaseRequestKind.findLines(db, budgeted.id as string);
  await claimLines(
    db,
    buyer,
    poolLines.map((l) => l.id as string),
  );
  const fromPool = await toEnquiry(db, buyer, {
    lines: poolLines.map((l) => ({
      lineId: l.id as string,
      quantity: String(l.quantity),
      suppliers: SUPPLIERS,
    })),
    enquiryDesc: 'A3 备料询价（来自需求池，有预算）',
    quoteEndTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    enquiryType: '1',
    quoteMethod: '1',
    currency: 'CNY',
    payMethod: '月结 60 天',
  } as PoolToEnquiryBody);
  await publish(fromPool.id);
  await offer(fromPool.id, '200001', ['0.0118', '0.0335']);
  await offer(fromPool.id, '200003', ['0.0125', '0.0341']);
  await offer(fromPool.id, '200004', ['0.0136', '0.0329']);
  await endNow(fromPool.id);

  // A draft, not yet submitted.
  await make('散热器样品询价（草稿）', [['MCU-STM32F103', '50']]);

  // buyer1's cost-template library (issue #13): picked on a new cost-breakdown RFQ.
  await saveCostTemplate(db, buyer, {
    templateName: '钣金结构件',
    costItems: ['材料', '加工', '表面处理'],
    remark: '散热器、机箱等钣金件',
  });
  await saveCostTemplate(db, buyer, {
    templateName: '电子元器件',
    costItems: ['晶圆', '封装', '测试', '包装'],
  });
}
