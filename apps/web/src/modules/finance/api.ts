import type { DocumentDefinition, Side } from '@srm/contracts/document/define';
import {
  addCostDefinition,
  deductCostDefinition,
  type FeeSheetKind,
  invoiceDefinition,
  reconDefinition,
} from '@srm/contracts/finance';
import { basePath, openPdf } from '../../components/document/api.ts';
import { call } from '../../lib/http.ts';

/** The definition of a fee sheet kind. */
export const feeDefinition = (kind: FeeSheetKind): DocumentDefinition =>
  kind === 'deductCost' ? deductCostDefinition : addCostDefinition;

/** The side that raises a fee sheet kind (deductions: the buyer; additional charges: the supplier). */
export const raiserOf = (kind: FeeSheetKind): Side => (kind === 'deductCost' ? 'purchase' : 'sale');

/** A company the caller reconciles with. */
export type Counterpart = { elsAccount: string; companyName: string };

/** `GET …/{Purchase|Sale}ReconService/findCounterparts` — a buyer's suppliers or a supplier's buyers. */
export function findCounterparts(side: Side): Promise<Counterpart[]> {
  return call<Counterpart[]>({ url: `${basePath(reconDefinition, side)}/findCounterparts` });
}

/** One line a statement can pull, signed as on the statement (money in the currency, 2 decimals). */
export type ReconCandidate = {
  itemType: string;
  sourceId: string;
  sourceNumber: string;
  sourceItemNumber: number | null;
  orderNumber: string | null;
  businessDate: string | null;
  materialNumber: string | null;
  materialDesc: string | null;
  unit: string | null;
  quantity: string | null;
  price: string | null;
  taxRate: string;
  amount: string;
  netAmount: string;
  taxAmount: string;
  costNumber: string | null;
};

/** `POST …/findReconcilable` — the lines a statement with the counterpart can pull in the period. */
export function findReconcilable(
  side: Side,
  body: { counterpart: string; currency: string; beginDate: string; endDate: string },
): Promise<{ lines: ReconCandidate[]; totals: Record<string, string>; truncated: boolean }> {
  const { counterpart, ...rest } = body;
  return call({
    url: `${basePath(reconDefinition, side)}/findReconcilable`,
    method: 'POST',
    data: { ...rest, ...(side === 'purchase' ? { toElsAccount: counterpart } : { elsAccount: counterpart }) },
  });
}

/** A printed document of the finance module, as a PDF in a new tab. */
export function printFinance(def: DocumentDefinition, side: Side, id: string, number: string): Promise<void> {
  return openPdf(`${basePath(def, side)}/print/${encodeURIComponent(id)}`, `${number}.pdf`);
}

/** A statement the supplier may invoice. */
export type InvoiceableStatement = {
  id: string;
  reconNumber: string;
  buyerName: string;
  currency: string;
  totalAmount: string;
  invoicedAmount: string;
  reconDate: string;
};

/** A statement line a new (or the corrected) invoice may hold, signed as on the statement. */
export type InvoiceableLine = {
  id: string;
  lineNumber: number;
  itemType: string;
  sourceNumber: string;
  materialNumber: string | null;
  materialDesc: string | null;
  quantity: string | null;
  price: string | null;
  taxRate: string;
  amount: string;
};

/** `GET SaleInvoiceService/findInvoiceable` — the supplier's confirmed statements not fully invoiced. */
export function findInvoiceableStatements(): Promise<{ statements: InvoiceableStatement[] }> {
  return call({ url: `${basePath(invoiceDefinition, 'sale')}/findInvoiceable` });
}

/** `GET SaleInvoiceService/findInvoiceable?reconId=&invoiceId=` — the statement's lines still free. */
export function findInvoiceableLines(
  reconId: string,
  invoiceId?: string,
): Promise<{ lines: InvoiceableLine[] }> {
  const query = new URLSearchParams({ reconId, ...(invoiceId ? { invoiceId } : {}) });
  return call({ url: `${basePath(invoiceDefinition, 'sale')}/findInvoiceable?${query}` });
}

/** The buyer's three-way-match tolerance (null: that limit does not apply; both null: exact). */
export type Tolerance = { toleranceAmount: string | null; tolerancePercent: string | null };

export function findTolerance(): Promise<Tolerance> {
  return call({ url: `${basePath(invoiceDefinition, 'purchase')}/findTolerance` });
}

export function saveTolerance(body: Tolerance): Promise<Tolerance> {
  return call({
    url: `${basePath(invoiceDefinition, 'purchase')}/saveTolerance`,
    method: 'POST',
    data: body,
  });
}
