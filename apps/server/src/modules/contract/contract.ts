import { contractDefinition } from '@srm/contracts/contract';
import { compare, div, fixed, mul } from '@srm/contracts/decimal';
import { eq } from 'drizzle-orm';
import { companyToday } from '../../platform/clock.ts';
import { bodyText as text } from '../../platform/document/body-text.ts';
import { type ActionContext, defineKind, type SaveContext } from '../../platform/document/kind.ts';
import { badRequest } from '../../platform/errors.ts';
import { linkedPair } from '../finance/index.ts';
import { contract, contractCollections, contractItem } from './tables.ts';

/**
 * Contracts (issue #36, first slice; contracts contract.ts). The buyer's save checks seed 001 §5's rules, each
 * refused naming its field: a linked supplier ('400' supplierNotLinked), a source (type and number, required
 * by the definition), the termination date later than the effective date unless evergreen
 * (contractTerminationDateRequired, contractTerminationBeforeEffective), 0 ≤ progress amount ≤ contract amount
 * (contractProgressAboveAmount; a negative one fails the field's decimal rule), at least one clause with a
 * title (the collection's `min` and the field's `required`), and each payment stage with a ratio or an amount,
 * not both (contractStageRatioOrAmount). Line amounts and prices excl. tax are the server's.
 */

/** Price excl. tax (6 decimals) from the price incl. tax and the tax rate in percent; the same without a rate. */
export function priceExcludingTax(priceIncludingTax: string, taxRate: string | null): string {
  if (!taxRate) return fixed(priceIncludingTax, 6);
  return fixed(div(mul(priceIncludingTax, 100), Number(taxRate) + 100, 6), 6);
}

/**
 * Seed 001 §5's header rules, apart from the save's: '400' naming the field when the termination date is
 * missing on a fixed-term contract or not later than the effective date, or the progress amount is above
 * the contract amount. Dates are ISO dates (compared as strings), amounts decimal strings.
 */
export function checkContractHeader(h: {
  effectiveDate: string;
  terminationDate: string | null;
  evergreen: string;
  contractAmount: string;
  progressAmount: string;
}): void {
  if (h.evergreen !== 'Y') {
    if (!h.terminationDate) throw badRequest('contractTerminationDateRequired');
    if (h.terminationDate <= h.effectiveDate)
      throw badRequest('contractTerminationBeforeEffective', {
        termination: h.terminationDate,
        effective: h.effectiveDate,
      });
  }
  if (compare(h.progressAmount, h.contractAmount) > 0)
    throw badRequest('contractProgressAboveAmount', { progress: h.progressAmount, amount: h.contractAmount });
}

/** The buyer's save (draft or sent back): the rules above, the supplier's and buyer's names, the lines' amounts. */
async function saveContract(ctx: SaveContext) {
  const { tx, auth, body } = ctx;
  const buyer = auth.elsAccount;
  const supplier = text(body, 'toElsAccount') ?? '';
  const names = await linkedPair(tx, buyer, supplier, 'supplier');
  const evergreen = text(body, 'evergreen') ?? 'N';
  const header = {
    effectiveDate: String(body.effectiveDate),
    terminationDate: evergreen === 'Y' ? null : text(body, 'terminationDate'),
    evergreen,
    contractAmount: fixed(String(body.contractAmount), 2),
    progressAmount: fixed(text(body, 'progressAmount') ?? '0', 2),
  };
  checkContractHeader(header);
  const stages = (body.paymentStages ?? []) as Array<Record<string, unknown>>;
  stages.forEach((stage, index) => {
    const ratio = text(stage, 'payRatio');
    const amount = text(stage, 'payAmount');
    if ((ratio === null) === (amount === null))
      throw badRequest('contractStageRatioOrAmount', { line: (index + 1) * 10 });
  });
  const lines = body.lines.map((l) => {
    const price = String(l.priceIncludingTax);
    const taxRate = text(l, 'taxRate');
    return {
      materialNumber: String(l.materialNumber).trim(),
      materialDesc: text(l, 'materialDesc'),
      quantity: String(l.quantity),
      unit: text(l, 'unit'),
      priceIncludingTax: price,
      taxRate,
      priceExcludingTax: priceExcludingTax(price, taxRate),
      lineAmount: fixed(mul(l.quantity as string, price), 2),
    };
  });
  return {
    header: {
      elsAccount: buyer,
      toElsAccount: supplier,
      ...names,
      ...header,
      contractName: text(body, 'contractName'),
      contractType: text(body, 'contractType'),
      sourceType: text(body, 'sourceType'),
      sourceNumber: text(body, 'sourceNumber')?.toUpperCase() ?? null,
      currency: (text(body, 'currency') ?? 'CNY').toUpperCase(),
      paymentTerms: text(body, 'paymentTerms'),
      remark: text(body, 'remark'),
      sendBackReason: null,
    },
    lines,
  };
}

/** The supplier signs: the sign date is the buyer's today. */
async function sign(ctx: ActionContext) {
  return { set: { signDate: await companyToday(ctx.tx, ctx.row.elsAccount as string) } };
}

export const contractKind = defineKind({
  def: contractDefinition,
  header: contract,
  lines: contractItem,
  documentId: contractItem.documentId,
  collections: contractCollections,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  save: saveContract,
  approvalAmount: (row) => String(row.contractAmount ?? '0'),
  approvalContent: (row) => `${row.supplierName ?? ''} · ${row.contractAmount ?? '0'} ${row.currency ?? ''}`,
  // Approved (at submit without steps, or at the last step): the draft becomes an approved contract.
  onApproved: async (tx, row) => {
    await tx.update(contract).set({ contractStatus: '1' }).where(eq(contract.id, row.id));
  },
  effects: {
    sign,
    sendBack: async (ctx) => ({ set: { sendBackReason: ctx.body.remark ?? null } }),
    terminate: async (ctx) => ({ set: { terminateReason: ctx.body.remark ?? null } }),
  },
});
