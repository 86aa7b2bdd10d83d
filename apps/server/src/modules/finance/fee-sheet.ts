import { addCostDefinition, deductCostDefinition, type FeeSheetKind } from '@srm/contracts/finance';
import { splitAmount, sumMoney } from '@srm/contracts/finance-money';
import { and, eq, inArray } from 'drizzle-orm';
import { companyToday } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { type ActionContext, defineKind, type SaveContext } from '../../platform/document/kind.ts';
import { badRequest } from '../../platform/errors.ts';
import { accountRelation, company } from '../account/tables.ts';
import { refund } from '../refund/tables.ts';
import { addCost, addCostItem, deductCost, deductCostItem } from './tables.ts';

/**
 * Fee sheets' own rules (issue #15; seed 001 §3 additional charge fields, §8 "failed to confirm or return
 * fee sheets"): the raising side names a counterpart it is linked with (account_relation, buyer →
 * supplier); each line's amount includes tax and is split into net and tax by finance-money.ts; a free
 * line (freeItem 1) is kept but adds nothing; the header's figures are the sums of the chargeable lines.
 * A deduction may name a return between the same two companies. Returning needs a reason (the kernel's
 * `remark: 'required'`), kept as the sheet's backReason until it is sent again.
 */

/** The company names of a buyer and a supplier that are linked; '400' naming the counterpart otherwise. */
export async function linkedPair(
  db: Queryable,
  buyer: string,
  supplier: string,
  counterpart: 'buyer' | 'supplier',
) {
  const [link] = await db
    .select({ buyer: accountRelation.elsAccount })
    .from(accountRelation)
    .where(and(eq(accountRelation.elsAccount, buyer), eq(accountRelation.toElsAccount, supplier)));
  if (!link)
    throw counterpart === 'supplier'
      ? badRequest('supplierNotLinked', { account: supplier })
      : badRequest('buyerNotLinked', { account: buyer });
  const names = await db
    .select({ elsAccount: company.elsAccount, companyName: company.companyName })
    .from(company)
    .where(inArray(company.elsAccount, [buyer, supplier]));
  const name = (account: string) => names.find((n) => n.elsAccount === account)?.companyName ?? account;
  return { buyerName: name(buyer), supplierName: name(supplier) };
}

type FeeLineInput = {
  conditionType: string;
  costDesc: string;
  balanceQuantity?: string;
  costAmount: string;
  taxRate: string;
  freeItem?: string;
};

/** A fee sheet's lines with net and tax, and the header's totals of its chargeable lines. */
export function feeFigures(input: readonly FeeLineInput[]) {
  const lines = input.map((l) => {
    const money = splitAmount(l.costAmount, l.taxRate);
    return {
      conditionType: l.conditionType,
      costDesc: l.costDesc.trim(),
      balanceQuantity: l.balanceQuantity ? l.balanceQuantity : null,
      costAmount: money.amount,
      taxRate: l.taxRate,
      freeItem: l.freeItem === '1' ? '1' : null,
      netAmount: money.netAmount,
      taxAmount: money.taxAmount,
    };
  });
  const total = sumMoney(
    lines.filter((l) => l.freeItem !== '1').map((l) => ({ ...l, amount: l.costAmount })),
  );
  return { lines, total };
}

function saveFeeSheet(kind: FeeSheetKind) {
  const deduction = kind === 'deductCost';
  return async (ctx: SaveContext) => {
    const { tx, auth, body, current } = ctx;
    const text = (name: string) =>
      typeof body[name] === 'string' && (body[name] as string).trim() !== ''
        ? (body[name] as string).trim()
        : null;
    // The counterpart is fixed once the sheet exists.
    const buyer = deduction ? auth.elsAccount : ((current?.elsAccount as string) ?? text('elsAccount') ?? '');
    const supplier = deduction
      ? ((current?.toElsAccount as string) ?? text('toElsAccount') ?? '')
      : auth.elsAccount;
    const names = await linkedPair(tx, buyer, supplier, deduction ? 'supplier' : 'buyer');
    const refundNumber = deduction ? (text('refundNumber')?.toUpperCase() ?? null) : null;
    if (refundNumber) {
      const [found] = await tx
        .select({ id: refund.id })
        .from(refund)
        .where(
          and(
            eq(refund.refundNumber, refundNumber),
            eq(refund.elsAccount, buyer),
            eq(refund.toElsAccount, supplier),
          ),
        );
      if (!found) throw badRequest('costRefundNotFound', { number: refundNumber });
    }
    const { lines, total } = feeFigures(body.lines as unknown as FeeLineInput[]);
    return {
      header: {
        elsAccount: buyer,
        toElsAccount: supplier,
        ...names,
        costType: deduction ? '2' : '1',
        costDate: text('costDate') ?? (await companyToday(tx, buyer)),
        costCause: text('costCause'),
        costWay: text('costWay') ?? '1',
        deductType: deduction ? (text('deductType') ?? '2') : null,
        refundNumber,
        currency: (text('currency') ?? 'CNY').toUpperCase(),
        costAmount: total.amount,
        netAmount: total.netAmount,
        taxAmount: total.taxAmount,
        costDesc: text('costDesc'),
      },
      lines,
    };
  };
}

/** Sending again after a return clears the old reason. */
async function send() {
  return { set: { backReason: null } };
}

/** Returning keeps the reason on the sheet for the raising side (the kernel requires the remark). */
async function sendBack(ctx: ActionContext) {
  return { set: { backReason: ctx.body.remark ?? null }, content: ctx.body.remark ?? '' };
}

/** Cancelling marks the sheet "C" (seed 001 §3 deleteFlag). */
async function cancel() {
  return { set: { deleteFlag: 'C' } };
}

export const deductCostKind = defineKind({
  def: deductCostDefinition,
  header: deductCost,
  lines: deductCostItem,
  documentId: deductCostItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  numberOwner: 'purchase',
  save: saveFeeSheet('deductCost'),
  effects: { send, sendBack, cancel },
  approvalAmount: (row) => String(row.costAmount ?? '0'),
});

export const addCostKind = defineKind({
  def: addCostDefinition,
  header: addCost,
  lines: addCostItem,
  documentId: addCostItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  numberOwner: 'sale',
  save: saveFeeSheet('addCost'),
  effects: { send, sendBack, cancel },
  approvalAmount: (row) => String(row.costAmount ?? '0'),
});
