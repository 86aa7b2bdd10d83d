import type {
  ComparisonLineFull,
  ComparisonPage,
  ComparisonQuoteFull,
  ComparisonSummary,
} from '@srm/contracts/enquiry-comparison';
import { fetchBlob, type ImportRowError, saveBlob } from '../../components/document/api.ts';
import { ApiError, call } from '../../lib/http.ts';

/** Calls of the RFQ's own routes (issue #13; apps/server/src/modules/enquiry/routes.ts). */
const P = '/inquiry/PurchaseEnquiryService';
const S = '/inquiry/SaleEnquiryService';

export type LadderStep = { quantity: string; price: string };
/** A priced cost item (per unit) or a fee (for the line), excl. tax. */
export type Amount = { name: string; amount: string };
/** A quote currency of an RFQ and the buyer's fixed rate into the RFQ's currency (10.6). */
export type CurrencyRate = { currency: string; exchangeRate: string };
export type Invitations = {
  costItems: string[];
  feeItems: string[];
  currencyRates: CurrencyRate[];
  sealed: boolean;
  /** Quoting has ended but the opening password has not been entered. */
  needsPassword: boolean;
  /** The next page's first line number; null after the last line. */
  nextLineFrom: number | null;
  /** How many lines the RFQ has. */
  lineCount: number;
  lines: Array<{
    itemId: string;
    lineNumber: number;
    suppliers: Array<{
      toElsAccount: string;
      supplierName: string;
      quoteStatus: string | null;
      declineReason: string | null;
      quota: string | null;
      /** Took part in a public RFQ instead of being invited (issue #13). */
      joined: boolean;
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
/** A comparison cell in full (supplier named, empty fields null): see @srm/contracts/enquiry-comparison. */
export type ComparisonQuote = ComparisonQuoteFull;
/** The award waiting for its approval (task type "enquiry end"): the proposed shares per line. */
export type PendingAward = NonNullable<ComparisonPage['pendingAward']>;
/**
 * The comparison as the detail page holds it: the pages loaded so far put together (lines in full), the
 * first page's record and summary, and whether more lines follow.
 */
export type Comparison = {
  record: Record<string, unknown> & { version: number };
  pendingAward: PendingAward | null;
  costItems: string[];
  feeItems: string[];
  /** budgetPrice: the requisition line's budget (excl. tax, RFQ currency); null when not from a requisition. */
  lines: ComparisonLineFull[];
  summary: ComparisonSummary | null;
};
export type QuotePageData = {
  record: Record<string, unknown> & { quoteMethod: string; enquiryNumber: string };
  costItems: string[];
  feeItems: string[];
  /** The RFQ's own currency first (rate 1), then the other currencies it takes. */
  currencies: CurrencyRate[];
  open: boolean;
  lines: Array<
    LineBase & {
      quoteStatus: string;
      quota: string | null;
      /** Once awarded: the caller's quantity of the line (quantity × quota %), else null. */
      awardedQuantity: string | null;
      quote: {
        priceExcludingTax: string;
        taxRate: string;
        ladder: LadderStep[] | null;
        costs: Amount[] | null;
        fees: Amount[] | null;
        currency: string;
      } | null;
      /** The supplier's own rank on the line when the RFQ shows it (1 = lowest), else null. */
      rank: number | null;
      inRound: boolean;
    }
  >;
};

/**
 * One page of an RFQ's invitations (issue #13): `limit` lines (1–200, server default 50) from line number
 * `lineFrom` (absent: the first); `nextLineFrom` starts the next page, `lineCount` counts every line.
 */
export const findInvitations = (id: string, lineFrom?: number, limit?: number) =>
  call<Invitations>({
    url: `${P}/findInvitations/${id}`,
    ...(lineFrom === undefined && limit === undefined ? {} : { params: { lineFrom, limit } }),
  });
/** Every line's invitations (the edit form holds the whole draft): pages of 200 put together. */
export async function findAllInvitations(id: string): Promise<Invitations> {
  const first = await findInvitations(id, undefined, 200);
  const lines = [...first.lines];
  let next = first.nextLineFrom;
  while (typeof next === 'number') {
    const page = await findInvitations(id, next, 200);
    lines.push(...page.lines);
    next = page.nextLineFrom;
  }
  return { ...first, lines, nextLineFrom: null };
}
/** The RFQ form's company settings: suppliers each line must invite (the company's preset, 3–20). */
export const findFormSettings = () =>
  call<{ minSuppliersPerLine: number }>({ url: `${P}/formSettings`, method: 'GET' });
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
/**
 * One page of the price comparison (issue #13): `limit` lines from line number `lineFrom` (absent: the
 * first page, with the summary); cells name suppliers by index (expand with expandComparisonLines).
 */
export const findComparison = (id: string, lineFrom?: number, limit?: number) =>
  call<ComparisonPage>({
    url: `${P}/findComparison/${id}`,
    ...(lineFrom === undefined && limit === undefined ? {} : { params: { lineFrom, limit } }),
  });
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
    /** The RFQ line's number: the server's messages name the line by it (issue #33). */
    lineNumber?: number;
    priceExcludingTax?: string;
    ladder?: LadderStep[];
    costs?: Amount[];
    fees?: Amount[];
    currency?: string;
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

/** A new draft from an RFQ: its cost structure, fees, quote method, currencies and invitations (the RFQ's own copy). */
export const copyEnquiry = (id: string) =>
  call<{ id: string }>({ url: `${P}/copy/${id}`, method: 'POST', data: {} });

/** The buyer's cost-structure templates (apps/server/src/modules/enquiry/cost-templates.ts). */
const T = '/inquiry/PurchaseCostTemplateService';
export type CostTemplate = {
  id: string;
  templateName: string;
  costItems: string[];
  remark: string | null;
  version: number;
  lastUpdateDate: string;
};
export const findCostTemplates = (cursor?: string, pageSize = 100) =>
  call<{ rows: CostTemplate[]; nextCursor: string | null }>({
    url: `${T}/findPageList`,
    method: 'POST',
    data: { pageSize, ...(cursor ? { cursor } : {}) },
  });
export const saveCostTemplate = (body: {
  id?: string;
  version?: number;
  templateName: string;
  costItems: string[];
  remark?: string;
}) => call<CostTemplate>({ url: `${T}/save`, method: 'POST', data: body });
export const deleteCostTemplate = (id: string, version: number) =>
  call<null>({ url: `${T}/delete/${id}`, method: 'POST', data: { version } });

/** A public RFQ as every supplier sees it (issue #13): terms only — no participants, no prices. */
export type PublicRfq = {
  id: string;
  elsAccount: string;
  enquiryNumber: string;
  enquiryDesc: string;
  buyerName: string;
  enquiryType: string;
  quoteMethod: string;
  enquiryStatus: string;
  quoteEndTime: string | null;
  joinEndTime: string | null;
  publishTime: string | null;
  priceValidDate: string | null;
  currency: string;
  lineCount: number;
  /** The caller takes part (joined or invited): it quotes on its quote page. */
  joined: boolean;
  /** The caller may take part now. */
  joinable: boolean;
};
export type PublicRfqLine = LineBase;
/** The supplier's Public RFQs: a page after `cursor`, newest published first; `keyword` part of number or description. */
export const findPublicRfqs = (filter: { cursor?: string; keyword?: string; pageSize?: number }) =>
  call<{ rows: PublicRfq[]; nextCursor: string | null }>({
    url: `${S}/findPublicPageList`,
    method: 'POST',
    data: { pageSize: 20, ...filter },
  });
/** One public RFQ's terms and lines. */
export const findPublicRfq = (id: string) =>
  call<{ record: PublicRfq; lines: PublicRfqLine[] }>({ url: `${S}/findPublicDetail/${id}` });
/** Take part in a public RFQ: the supplier's invitations are made (`created` false when it already takes part). */
export const joinPublicRfq = (id: string) =>
  call<{ id: string; created: boolean }>({ url: `${S}/join/${id}`, method: 'POST', data: {} });
