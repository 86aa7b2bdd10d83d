import { contractDefinition } from '@srm/contracts/contract';
import { fillVariables, variablesIn } from '@srm/contracts/contract-library';
import { compare, div, fixed, mul } from '@srm/contracts/decimal';
import { asc, eq } from 'drizzle-orm';
import { companyToday } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { bodyText as text } from '../../platform/document/body-text.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
} from '../../platform/document/kind.ts';
import { badRequest } from '../../platform/errors.ts';
import { linkedPair } from '../finance/index.ts';
import { enabledContractType, standingsOf } from './library.ts';
import { contract, contractClauses, contractCollections, contractItem } from './tables.ts';

/**
 * Contracts (issue #36, first slice; contracts contract.ts). The buyer's save checks seed 001 §5's rules, each
 * refused naming its field: a linked supplier ('400' supplierNotLinked), a source (type and number, required
 * by the definition), the termination date later than the effective date unless evergreen
 * (contractTerminationDateRequired, contractTerminationBeforeEffective), 0 ≤ progress amount ≤ contract amount
 * (contractProgressAboveAmount; a negative one fails the field's decimal rule), at least one clause with a
 * title (the collection's `min` and the field's `required`), and each payment stage with a ratio or an amount,
 * not both (contractStageRatioOrAmount). Line amounts and prices excl. tax are the server's. Second slice:
 * the type is an enabled one of the buyer's type master (contractTypeUnknown); the clauses' `{{variables}}`
 * the sources know are filled on save (the supplier and company names and accounts, the header's fields);
 * a variable left blocks the submit naming itself (contractVariableUnresolved), as does a locked library
 * clause whose text deviates from its version (contractLockedClauseChanged).
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
  const contractType = text(body, 'contractType') ?? '';
  // The type's numbering prefix numbers a new contract (issue #36: "the type picks the numbering prefix").
  const type = await enabledContractType(tx, buyer, contractType);
  const values: Record<string, string | null> = {
    'supplier.name': names.supplierName,
    'supplier.account': supplier,
    'company.name': names.buyerName,
    'company.account': buyer,
    'contract.name': text(body, 'contractName'),
    'contract.amount': header.contractAmount,
    'contract.currency': (text(body, 'currency') ?? 'CNY').toUpperCase(),
    'contract.effectiveDate': header.effectiveDate,
    'contract.terminationDate': header.terminationDate,
    'contract.paymentTerms': text(body, 'paymentTerms'),
    'contract.sourceNumber': text(body, 'sourceNumber')?.toUpperCase() ?? null,
  };
  const clauses = ((body.clauses ?? []) as Array<Record<string, unknown>>).map((c) => {
    const clauseBody = text(c, 'clauseBody');
    return {
      clauseTitle: String(c.clauseTitle).trim(),
      clauseBody: clauseBody === null ? null : fillVariables(clauseBody, values),
      clauseCode: text(c, 'clauseCode'),
      clauseVersion:
        c.clauseVersion === undefined || c.clauseVersion === null ? null : Number(c.clauseVersion),
    };
  });
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
      contractType,
      templateCode: text(body, 'templateCode'),
      sourceType: text(body, 'sourceType'),
      sourceNumber: text(body, 'sourceNumber')?.toUpperCase() ?? null,
      currency: (text(body, 'currency') ?? 'CNY').toUpperCase(),
      paymentTerms: text(body, 'paymentTerms'),
      remark: text(body, 'remark'),
      sendBackReason: null,
    },
    numberPrefix: type.numberPrefix || undefined,
    lines,
    collections: { clauses },
  };
}

/**
 * Before the submit (approval): '400' naming the first clause whose text still holds a `{{variable}}`, and
 * the first locked library clause whose text deviates from its version's beyond its variables.
 */
async function checkClausesBeforeSubmit(tx: Tx, row: DocRow) {
  const rows = await tx
    .select()
    .from(contractClauses)
    .where(eq(contractClauses.documentId, row.id))
    .orderBy(asc(contractClauses.lineNumber));
  for (const clause of rows) {
    const [name] = variablesIn(clause.clauseBody);
    if (name)
      throw badRequest('contractVariableUnresolved', { name, line: clause.lineNumber }).at([
        'clauses',
        rows.indexOf(clause),
        'clauseBody',
      ]);
  }
  const standings = await standingsOf(tx, row.elsAccount, rows);
  const locked = standings.find((s) => s.locked === 'Y' && s.changed);
  if (locked)
    throw badRequest('contractLockedClauseChanged', { line: locked.lineNumber, code: locked.clauseCode });
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
  beforeSubmit: checkClausesBeforeSubmit,
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
