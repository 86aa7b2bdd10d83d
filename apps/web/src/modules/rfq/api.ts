import { fetchBlob, type ImportRowError, saveBlob } from '../../components/document/api.ts';
import { ApiError, call } from '../../lib/http.ts';

/** Calls of the RFQ's own routes (issue #13; apps/server/src/modules/enquiry/routes.ts). */
const P = '/inquiry/PurchaseEnquiryService';
const S = '/inquiry/SaleEnquiryService';

export type LadderStep = { quantity: string; price: string };
/** A priced cost item (per unit) or a fee (for the line), excl. tax. */
export type Amount = { name: string; amount: string };
export type Invitations = {
  costItems: string[];
  feeItems: string[];
  sealed: boolean;
  /** Quoting has ended but the opening password has not been entered. */
  needsPassword: boolean;
  lines: Array<{
    itemId: string;
    lineNumber: number;
    suppliers: Array<{
      toElsAccount: string;
      supplierName: string;
      quoteStatus: string | null;
      declineReason: string | null;
      quota: string | null;
    }>;
  }>;
};
type LineBase = {
  itemId: string;
  lineNumber: number;
  materialNumber: string;
  materialDesc: string;
  unit: string;
  quantity: string;
  deliveryDate: string;
};
export type ComparisonQuote = {
  toElsAccount: string;
  supplierName: string;
  quoteStatus: string;
  priceExcludingTax: string | null;
  ladder: LadderStep[] | null;
  lineAmount: string | null;
  lowest: boolean;
  highest: boolean;
  savings: string | null;
  savingsRate: string | null;
  quota: string | null;
  /** The round the current quote was given in; whether the supplier is in the current round. */
  bout: number | null;
  inRound: boolean;
  costs: Amount[] | null;
  fees: Amount[] | null;
  feeTotal: string | null;
  totalAmount: string | null;
};
/** The award waiting for its approval (task type "enquiry end"): the proposed shares per line. */
export type PendingAward = {
  lines: Array<{ itemId: string; awards: Array<{ toElsAccount: string; quota: string }> }>;
  remark: string | null;
  requestedBy: string;
  requestedAt: string;
};
export type Comparison = {
  record: Record<string, unknown> & { version: number };
  pendingAward: PendingAward | null;
  costItems: string[];
  feeItems: string[];
  lines: Array<LineBase & { lastPrice: string | null; quotes: ComparisonQuote[] }>;
};
export type QuotePageData = {
  record: Record<string, unknown> & { quoteMethod: string; enquiryNumber: string };
  costItems: string[];
  feeItems: string[];
  open: boolean;
  lines: Array<
    LineBase & {
      quoteStatus: string;
      quota: string | null;
      quote: {
        priceExcludingTax: string;
        taxRate: string;
        ladder: LadderStep[] | null;
        costs: Amount[] | null;
        fees: Amount[] | null;
      } | null;
      /** The supplier's own rank on the line when the RFQ shows it (1 = lowest), else null. */
      rank: number | null;
      inRound: boolean;
    }
  >;
};

export const findInvitations = (id: string) => call<Invitations>({ url: `${P}/findInvitations/${id}` });
/** The price comparison as .xlsx (the caller's language), saved as a download. */
export async function downloadComparison(id: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchBlob({ url: `${P}/exportComparison/${id}`, method: 'GET' });
  saveBlob(blob, name ?? fallbackName);
}
/** A further round of quotes (bout + 1) for chosen suppliers that quoted, with a new deadline. */
export const startNewRound = (
  id: string,
  body: { version: number; quoteEndTime: string; suppliers: string[]; message?: string },
) => call<{ record: Record<string, unknown> }>({ url: `${P}/newRound/${id}`, method: 'POST', data: body });
/** A second buyer user enters the opening password once quoting has ended. */
export const openQuotes = (id: string, body: { version: number; passWord: string }) =>
  call<{ record: Record<string, unknown> }>({ url: `${P}/openQuotes/${id}`, method: 'POST', data: body });
export const findComparison = (id: string) => call<Comparison>({ url: `${P}/findComparison/${id}` });
export const awardEnquiry = (
  id: string,
  body: {
    version: number;
    lines: Array<{ itemId: string; awards: Array<{ toElsAccount: string; quota: string }> }>;
  },
) =>
  call<{ orders: Array<{ orderNumber: string }>; pending: boolean }>({
    url: `${P}/award/${id}`,
    method: 'POST',
    data: body,
  });
export const findQuotePage = (id: string) => call<QuotePageData>({ url: `${S}/findQuote/${id}` });
export const participate = (id: string) =>
  call<null>({ url: `${S}/participate/${id}`, method: 'POST', data: {} });
export const declineEnquiry = (id: string, reason: string) =>
  call<null>({ url: `${S}/decline/${id}`, method: 'POST', data: { reason } });
export const submitQuote = (
  id: string,
  lines: Array<{
    itemId: string;
    priceExcludingTax?: string;
    ladder?: LadderStep[];
    costs?: Amount[];
    fees?: Amount[];
  }>,
) => call<QuotePageData>({ url: `${S}/quote/${id}`, method: 'POST', data: { lines } });

/** The supplier's quote sheet (.xlsx of its invited lines, current quote prefilled), saved as a download. */
export async function downloadQuoteSheet(id: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchBlob({ url: `${S}/quoteSheet/${id}`, method: 'GET' });
  saveBlob(blob, name ?? fallbackName);
}

/** An uploaded quote sheet's outcome: the quote page after quoting, or nothing quoted and the rows' problems. */
export type QuoteSheetOutcome =
  | { ok: true; page: QuotePageData }
  | { ok: false; message: string; errors: ImportRowError[] };

/**
 * `POST …/importQuoteSheet/{id}` with the filled sheet as multipart part `file`. A '400' listing rows
 * becomes `{ ok: false, errors }`; any other failure (not open, not a workbook …) rejects with its message.
 */
export async function uploadQuoteSheet(id: string, file: Blob, fileName: string): Promise<QuoteSheetOutcome> {
  const form = new FormData();
  form.append('file', file, fileName);
  try {
    return {
      ok: true,
      page: await call<QuotePageData>({ url: `${S}/importQuoteSheet/${id}`, method: 'POST', data: form }),
    };
  } catch (e) {
    const list = e instanceof ApiError ? (e.data as { errors?: unknown } | null)?.errors : undefined;
    if (!Array.isArray(list) || list.length === 0) throw e;
    return {
      ok: false,
      message: (e as ApiError).message,
      errors: list.map((x: Partial<ImportRowError>) => ({
        row: Number(x.row ?? 0),
        field: String(x.field ?? ''),
        message: String(x.message ?? ''),
      })),
    };
  }
}

export type Option = { value: string; label: string };
/** The buyer's materials (first 100) and suppliers (first 100) for the form's selects. */
export const findMaterialOptions = () =>
  call<{ records: Array<{ id: string; materialNumber: string; materialName: string }> }>({
    url: '/masterdata/PurchaseMaterialService/findPageList',
    method: 'POST',
    data: { currentPage: 1, pageSize: 100 },
  });
export const findSupplierOptions = () =>
  call<{ records: Array<{ toElsAccount: string; fullName: string }> }>({
    url: '/masterdata/PurchaseSupplierService/findPageList',
    method: 'POST',
    data: { currentPage: 1, pageSize: 100 },
  });

/** A per-line auction draft from an RFQ with open quotes (apps/server/src/modules/ebidding/routes.ts). */
export const auctionFromEnquiry = (
  id: string,
  body: { startTime: string; endTime: string; priceReviseExtent: string },
) =>
  call<{ id: string; ebiddingNumber: string }>({
    url: `/ebidding/PurchaseEbiddingService/fromEnquiry/${id}`,
    method: 'POST',
    data: body,
  });
