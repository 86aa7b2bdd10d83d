import type { ItemType } from '@srm/contracts/finance';
import { addCostKind, deductCostKind } from '../modules/finance/fee-sheet.ts';
import { invoiceKind } from '../modules/finance/invoice.ts';
import { reconCandidates, reconKind } from '../modules/finance/recon.ts';
import { invoiceTolerance } from '../modules/finance/tables.ts';
import { refund } from '../modules/refund/tables.ts';
import { daysFromToday } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { DocRow } from '../platform/document/kind.ts';
import { as } from './demo-enquiries.ts';

/**
 * The demo world's financial coordination (issue #15), through the real services, between buyer 100000
 * (buyer1) and supplier 200001: fee sheets in every status — a deduction waiting for 200001, a confirmed
 * quality claim tied to the demo return, one returned with a reason, a draft; an additional charge
 * waiting for the buyer and a confirmed tooling charge — and statements: one the buyer sent to 200001,
 * one 200001 sent to the buyer, one confirmed and posted — and invoices: one waiting for the buyer, one
 * rejected and waiting for 200001, one posted. Some received lines and the return stay open,
 * so a newcomer can make a statement at once. Both sides' home figures are non-zero at first start.
 */
export async function seedDemoFinance(db: Db, env: string): Promise<void> {
  const buyer = await as(db, '100000', 'buyer1');
  const supplier = await as(db, '200001', 'admin');
  const run = (
    kind: typeof deductCostKind,
    who: typeof buyer,
    side: 'purchase' | 'sale',
    action: string,
    row: DocRow,
    extra = {},
  ) => kind.runAction(db, env, who, side, action, row.id, { version: row.version, ...extra });
  const deduction = (
    costCause: string,
    lines: Array<Record<string, string>>,
    extra: Record<string, string> = {},
  ) => deductCostKind.save(db, buyer, 'purchase', { toElsAccount: '200001', costCause, lines, ...extra });
  const charge = (costCause: string, lines: Array<Record<string, string>>) =>
    addCostKind.save(db, supplier, 'sale', { elsAccount: '100000', costCause, lines });

  const late = await deduction('订单延期交货 3 天（合同约定每天 0.5%）', [
    { conditionType: '4', costDesc: '延期交货罚款', costAmount: '565.00', taxRate: '13' },
  ]);
  await run(deductCostKind, buyer, 'purchase', 'send', late);

  const [demoReturn] = await db.select({ refundNumber: refund.refundNumber }).from(refund).limit(1);
  let claim = await deduction(
    '来料外观不良，退货后的质量索赔',
    [
      {
        conditionType: '5',
        costDesc: '质量索赔（返工工时）',
        balanceQuantity: '4',
        costAmount: '424.00',
        taxRate: '6',
      },
      { conditionType: '5', costDesc: '复检费', costAmount: '113.00', taxRate: '13' },
    ],
    demoReturn ? { refundNumber: demoReturn.refundNumber, deductType: '1' } : {},
  );
  claim = await run(deductCostKind, buyer, 'purchase', 'send', claim);
  await run(deductCostKind, supplier, 'sale', 'confirm', claim);

  let disputed = await deduction('包装破损扣款', [
    { conditionType: '9', costDesc: '外箱破损', costAmount: '200.00', taxRate: '13' },
  ]);
  disputed = await run(deductCostKind, buyer, 'purchase', 'send', disputed);
  await run(deductCostKind, supplier, 'sale', 'sendBack', disputed, {
    remark: '破损发生在贵司仓库卸货时，见签收单照片',
  });

  await deduction('11 月样品检测费（草稿）', [
    { conditionType: '9', costDesc: '第三方检测', costAmount: '800.00', taxRate: '6' },
  ]);

  const freight = await charge('客户要求加急，改为空运', [
    { conditionType: '1', costDesc: '空运费 上海→苏州', costAmount: '327.00', taxRate: '9' },
  ]);
  await run(addCostKind, supplier, 'sale', 'send', freight);
  let tooling = await charge('新模具开发费（分摊）', [
    { conditionType: '2', costDesc: '注塑模具 M-2026-07', costAmount: '11300.00', taxRate: '13' },
    { conditionType: '3', costDesc: '首批专用包装', costAmount: '0.01', taxRate: '13', freeItem: '1' },
  ]);
  tooling = await run(addCostKind, supplier, 'sale', 'send', tooling);
  await run(addCostKind, buyer, 'purchase', 'confirm', tooling);

  // Statements: the open collections one by one, so some stay open for a newcomer.
  const scope = {
    buyer: '100000',
    supplier: '200001',
    currency: 'CNY',
    beginDate: '2000-01-01',
    endDate: '2099-12-31',
  };
  const open = await reconCandidates(db, scope);
  const collections = open.filter((l) => l.itemType === '1');
  const additional = open.filter((l) => l.itemType === '4');
  const statement = async (
    who: typeof buyer,
    side: 'purchase' | 'sale',
    lines: Array<{ itemType: ItemType; sourceId: string }>,
  ) =>
    reconKind.save(db, who, side, {
      ...(side === 'purchase' ? { toElsAccount: '200001' } : { elsAccount: '100000' }),
      beginDate: daysFromToday(-30),
      endDate: daysFromToday(1),
      lines,
    });
  const pick = (l: { itemType: ItemType; sourceId: string }) => ({
    itemType: l.itemType,
    sourceId: l.sourceId,
  });
  if (collections[0]) {
    const byBuyer = await statement(buyer, 'purchase', [pick(collections[0])]);
    await reconKind.runAction(db, env, buyer, 'purchase', 'send', byBuyer.id, { version: byBuyer.version });
  }
  if (collections[1]) {
    const bySupplier = await statement(supplier, 'sale', [pick(collections[1]), ...additional.map(pick)]);
    await reconKind.runAction(db, env, supplier, 'sale', 'send', bySupplier.id, {
      version: bySupplier.version,
    });
  }
  let postedStatement: DocRow | null = null;
  if (collections[2]) {
    let posted = await statement(supplier, 'sale', [pick(collections[2])]);
    posted = await reconKind.runAction(db, env, supplier, 'sale', 'send', posted.id, {
      version: posted.version,
    });
    posted = await reconKind.runAction(db, env, buyer, 'purchase', 'confirm', posted.id, {
      version: posted.version,
    });
    postedStatement = await reconKind.runAction(db, env, buyer, 'purchase', 'post', posted.id, {
      version: posted.version,
      voucherNumber: 'PZ-2026-11-0008',
    });
  }

  // Invoices: the buyer's tolerance (1.00 and 0.5 %, the stricter applies); a confirmed statement of three
  // lines with one invoice waiting for the buyer (matching) and one the buyer rejected (a price typed
  // wrong) waiting for 200001 to correct, its third line still to invoice; the posted statement's invoice
  // accepted and posted.
  await saveTolerance(db, '100000', 'buyer1', '1.00', '0.50');
  const invoiceLines = async (row: DocRow) =>
    (await reconKind.findLines(db, row.id)).map((l) => ({
      reconItemId: l.id as string,
      invoiceAmount: String(l.amount).replace(/^-/, ''),
    }));
  const register = (row: DocRow, invoiceNumber: string, lines: Array<Record<string, string>>) =>
    invoiceKind.save(db, supplier, 'sale', {
      reconId: row.id,
      invoiceNumber,
      invoiceCode: '3200261130',
      invoiceType: 'VAT',
      invoiceDate: daysFromToday(0),
      lines,
    });
  if (collections.length >= 6) {
    let confirmed = await statement(supplier, 'sale', collections.slice(3, 6).map(pick));
    confirmed = await reconKind.runAction(db, env, supplier, 'sale', 'send', confirmed.id, {
      version: confirmed.version,
    });
    confirmed = await reconKind.runAction(db, env, buyer, 'purchase', 'confirm', confirmed.id, {
      version: confirmed.version,
    });
    const [first, second] = await invoiceLines(confirmed);
    const waiting = await register(confirmed, '04512001', [first]);
    await run(invoiceKind, supplier, 'sale', 'send', waiting);
    let wrong = await register(confirmed, '04512002', [
      { ...second, invoiceAmount: (Number(second.invoiceAmount) + 8).toFixed(2) },
    ]);
    wrong = await run(invoiceKind, supplier, 'sale', 'send', wrong);
    await run(invoiceKind, buyer, 'purchase', 'reject', wrong, {
      remark: '开票金额比订单价 × 收货数量多 8.00 元，请按对账单金额重开',
    });
  }
  if (postedStatement) {
    let paid = await register(postedStatement, '04511987', await invoiceLines(postedStatement));
    paid = await run(invoiceKind, supplier, 'sale', 'send', paid);
    paid = await run(invoiceKind, buyer, 'purchase', 'accept', paid);
    await run(invoiceKind, buyer, 'purchase', 'post', paid, { voucherNumber: 'PZ-2026-11-0015' });
  }
}

/** The buyer's three-way-match tolerance, as its admin would set it on the invoice list. */
async function saveTolerance(db: Db, elsAccount: string, user: string, amount: string, percent: string) {
  await db
    .insert(invoiceTolerance)
    .values({
      elsAccount,
      toleranceAmount: amount,
      tolerancePercent: percent,
      updateUser: `${elsAccount}_${user}`,
    })
    .onConflictDoNothing();
}
