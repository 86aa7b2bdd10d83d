import { type EbiddingAwardBody, ebiddingDefinition } from '@srm/contracts/ebidding';
import { basePath, openPdf } from '../../components/document/api.ts';
import { call } from '../../lib/http.ts';

/** Calls of the e-auction's own routes (issue #14; apps/server/src/modules/ebidding/routes.ts). */
const P = '/ebidding/PurchaseEbiddingService';
const S = '/ebidding/SaleEbiddingService';

export type Clock = { price: string; round: number; floor: boolean; nextStepAt: string } | null;
type LineBase = {
  itemId: string;
  lineNumber: number;
  materialNumber: string;
  materialDesc: string;
  unit: string;
  quantity: string;
  deliveryDate: string;
  startingPrice: string | null;
};
export type Standing = {
  bestPrice: string | null;
  ownPrice: string | null;
  ownSeq: number | null;
  /** The round of the caller's current offer (a Japanese auction's last accepted round). */
  ownBout?: number | null;
  rank: number | null;
  bidders: number;
  clock?: Clock;
};
export type AuctionRecord = Record<string, unknown> & {
  id: string;
  version: number;
  ebiddingNumber: string;
  ebiddingName: string;
  ebiddingStatus: string;
  ebiddingType: string;
  ebiddingMethod: string;
  pauseStatus: string;
  startTime: string;
  endTime: string;
  startingPrice: string | null;
  priceReviseType: string;
  priceReviseExtent: string;
  currency: string;
  postponeCount: number;
};
export type Room = {
  record: AuctionRecord;
  serverTime: string;
  open: boolean;
  bidCount: number;
  bidderStatus: string;
  /** BIDDER_BARGAIN_STATUS of the caller: '1' asked for a final offer (once, until bargainEndTime). */
  bargainStatus: string;
  /** A winner's own lines once awarded (issue #33): quota %, quantity (line unit), awarded unit price. */
  awarded?: Array<{
    lineNumber: number;
    materialNumber: string;
    unit: string;
    quota: string;
    quantity: string;
    price: string;
  }>;
  lot: (Standing & { startingPrice: string | null }) | null;
  lines: Array<LineBase & Partial<Standing>>;
};
export type RankRow = {
  rank: number;
  toElsAccount: string;
  supplierName: string;
  price: string;
  bidTime: string;
};
export type Console = {
  record: AuctionRecord;
  serverTime: string;
  open: boolean;
  bidders: Array<{
    toElsAccount: string;
    supplierName: string;
    bidderStatus: string | null;
    bidCount: number;
    bargainStatus: string;
    lastBidTime: string | null;
  }>;
  lot: { startingPrice: string | null; ranking: RankRow[]; clock?: Clock } | null;
  lines: Array<LineBase & { ranking: RankRow[] | null; clock?: Clock }>;
  log: Array<{
    seq: number;
    itemId: string | null;
    toElsAccount: string;
    supplierName: string;
    price: string;
    bidTime: string;
    hash: string;
  }>;
};

export const findRoom = (id: string) => call<Room>({ url: `${S}/findRoom/${id}` });
export const placeOffer = (
  id: string,
  body: { price: string; itemId?: string } | { accept: true; itemId?: string },
) =>
  call<{ seq: number; price: string; bidTime: string; extendedTo: string | null }>({
    url: `${S}/bid/${id}`,
    method: 'POST',
    data: body,
  });
export const findConsole = (id: string) => call<Console>({ url: `${P}/findConsole/${id}` });
export const verifyBidLog = (id: string) =>
  call<{ intact: boolean; count: number; head: string | null; brokenAt: number | null }>({
    url: `${P}/verifyBidLog/${id}`,
  });
export const awardAuction = (id: string, body: EbiddingAwardBody) =>
  call<{ orders: Array<{ orderNumber: string; toElsAccount: string }>; prices: number; pending: boolean }>({
    url: `${P}/award/${id}`,
    method: 'POST',
    data: body,
  });

/**
 * GET …/PurchaseEbiddingService/print/{id} (or the Sale service's for a supplier): the auction record as
 * a PDF in a new tab — header, ranking, bid log with hashes and the chain check (server record.ts).
 */
export function printRecord(id: string, ebiddingNumber: string, side: 'purchase' | 'sale' = 'purchase') {
  return openPdf(
    `${basePath(ebiddingDefinition, side)}/print/${encodeURIComponent(id)}`,
    `${ebiddingNumber}.pdf`,
  );
}

/** The bargain round (issue #14 "bidding bargain"): ask bidders of a finished auction for a final offer. */
export const askBargain = (
  id: string,
  body: { version: number; suppliers: string[]; bargainEndTime: string; message?: string },
) =>
  call<{ record: AuctionRecord; pending: boolean }>({
    url: `${P}/bargain/${id}`,
    method: 'POST',
    data: body,
  });
/** An asked supplier's final offer, once: one price per lot or line it offered on, at most its last offer. */
export const giveBargainOffer = (
  id: string,
  offers: Array<{ itemId?: string; lineNumber?: number; price: string }>,
) =>
  call<{ offers: Array<{ itemId: string | null; seq: number; price: string }> }>({
    url: `${S}/bargainOffer/${id}`,
    method: 'POST',
    data: { offers },
  });
