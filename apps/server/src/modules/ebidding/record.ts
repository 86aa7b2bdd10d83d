import type { Locale } from '@srm/contracts/constants';
import type { Side } from '@srm/contracts/document/define';
import { BIDDER_VIEW_STATUS, bidderViewStatus } from '@srm/contracts/ebidding';
import { and, eq } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { Queryable } from '../../platform/db.ts';
import type { DocRow } from '../../platform/document/kind.ts';
import type { AuthContext } from '../../platform/http.ts';
import {
  checkBidChain,
  currentOffers,
  type EbiddingRow,
  ebiddingKind,
  findBidLog,
  lotKey,
  rankOffers,
} from './service.ts';
import { ebiddingSupplier } from './tables.ts';

/**
 * The printable auction record (issue #14 "a verify call and the printable auction record (PDF) show the
 * chain is intact"): the sections the e-auction adds to the kernel's print (KindOptions printSections;
 * the kernel prints the header — number, name, type, method, currency, starting price, times, extensions
 * used — and the lines). The buyer's record: the final ranking per lot or line with the suppliers'
 * names, the whole bid log in order (time, supplier, line, price, the row's hash and the previous one)
 * and the result of the chain check (checkBidChain, as the verify call). A supplier's: its own status,
 * its own offers with their hashes (its receipts) and the same chain result (no other supplier named).
 * Prices as stored (6 decimals, the auction's currency, excl. tax: the lot's total or a line's unit
 * price); times ISO-8601 UTC to the millisecond, by the server's clock.
 */

const T = {
  record: { zh_cn: '竞价记录', en: 'Auction record' },
  ranking: { zh_cn: '最终排名', en: 'Final ranking' },
  lot: { zh_cn: '整单', en: 'Whole lot' },
  rank: { zh_cn: '排名', en: 'Rank' },
  supplier: { zh_cn: '供应商', en: 'Supplier' },
  price: { zh_cn: '报价（不含税）', en: 'Offer (excl. tax)' },
  time: { zh_cn: '出价时间 (UTC)', en: 'Offer time (UTC)' },
  log: { zh_cn: '出价日志（哈希链）', en: 'Bid log (hash chain)' },
  ownLog: { zh_cn: '本方出价（哈希链）', en: 'Your offers (hash chain)' },
  seq: { zh_cn: '序号', en: 'No.' },
  line: { zh_cn: '行', en: 'Line' },
  hashOf: { zh_cn: '哈希', en: 'hash' },
  prev: { zh_cn: '前一哈希', en: 'previous' },
  none: { zh_cn: '无出价', en: 'No offers' },
  status: { zh_cn: '本方状态', en: 'Your status' },
  intact: {
    zh_cn: '出价日志完整：已验证 {count} 次出价，链头 {head}',
    en: 'Bid log intact: {count} bids verified, head {head}',
  },
  intactEmpty: { zh_cn: '出价日志完整：没有出价', en: 'Bid log intact: no bids' },
  broken: {
    zh_cn: '出价日志被篡改：哈希链在第 {seq} 次出价处断开（共 {count} 行）',
    en: 'Bid log broken: the hash chain breaks at bid {seq} ({count} rows)',
  },
} as const;

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));

const heading = (text: string): Content => ({ text, bold: true, fontSize: 11, margin: [0, 12, 0, 4] });

/** A table with a bold header row in the kernel's light layout. */
const table = (widths: Array<string | number>, head: string[], body: TableCell[][]): Content => ({
  table: { headerRows: 1, widths, body: [head.map((text) => ({ text, bold: true })), ...body] },
  layout: 'lightHorizontalLines',
});

/** The chain check as one sentence, green when intact, red naming the first broken row. */
function chainLine(check: ReturnType<typeof checkBidChain>, locale: Locale): Content {
  const text = check.intact
    ? check.count === 0
      ? T.intactEmpty[locale]
      : fill(T.intact[locale], { count: check.count, head: check.head ?? '' })
    : fill(T.broken[locale], { seq: check.brokenAt ?? '', count: check.count });
  return { text, bold: true, color: check.intact ? '#237804' : '#cf1322', margin: [0, 8, 0, 0] };
}

/**
 * A bid-log table: per bid one row of `cells` and under it, across the table, the row's hash and the
 * previous one (small; a 64-digit hash needs the page's width to stay on one line).
 */
function logTable(
  head: string[],
  widths: Array<string | number>,
  bids: ReadonlyArray<{ hash: string; prevHash: string; cells: string[] }>,
  locale: Locale,
): Content {
  const span = head.length;
  const body: TableCell[][] = [head.map((text) => ({ text, bold: true }))];
  for (const b of bids) {
    body.push(b.cells);
    body.push([
      {
        colSpan: span,
        stack: [
          { text: `${T.hashOf[locale]} ${b.hash}`, fontSize: 7 },
          { text: `${T.prev[locale]} ${b.prevHash}`, fontSize: 7, color: '#888888' },
        ],
      },
      ...Array.from({ length: span - 1 }, () => ''),
    ]);
  }
  return { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines' };
}

/**
 * The e-auction's print sections for `side` (KindOptions printSections): the buyer's full record or the
 * supplier's own view (see the file's comment). `row` is the auction as the caller may read it (the
 * kernel found it for the side: '404' otherwise before this runs).
 */
export async function ebiddingPrintSections(
  db: Queryable,
  auth: AuthContext,
  side: Side,
  doc: DocRow,
  locale: Locale,
): Promise<Content[]> {
  const row = doc as unknown as EbiddingRow;
  const [log, lines, bidders] = await Promise.all([
    findBidLog(db, row.id),
    ebiddingKind.findLines(db, row.id),
    db.select().from(ebiddingSupplier).where(eq(ebiddingSupplier.ebiddingId, row.id)),
  ]);
  const check = checkBidChain(row, log);
  const lineNumber = new Map(lines.map((l) => [String(l.id), String(l.lineNumber)]));
  const lineOf = (itemId: string | null) => (itemId ? (lineNumber.get(itemId) ?? '') : T.lot[locale]);
  const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const out: Content[] = [heading(T.record[locale])];

  if (side === 'sale') {
    const [own] = await db
      .select()
      .from(ebiddingSupplier)
      .where(
        and(eq(ebiddingSupplier.ebiddingId, row.id), eq(ebiddingSupplier.toElsAccount, auth.elsAccount)),
      );
    out.push({
      // Read with the auction's status (issue #33): "awaiting the award" after the end, not "bidding".
      text: `${T.status[locale]}: ${own ? BIDDER_VIEW_STATUS[bidderViewStatus(row.ebiddingStatus, own.bidderStatus)][locale] : ''}`,
      margin: [0, 0, 0, 4],
    });
    const mine = log.filter((b) => b.toElsAccount === auth.elsAccount);
    out.push(heading(T.ownLog[locale]));
    out.push(
      mine.length === 0
        ? { text: T.none[locale], color: '#666666' }
        : logTable(
            [T.seq[locale], T.time[locale], T.line[locale], T.price[locale]],
            [30, 120, '*', 100],
            mine.map((b) => ({
              hash: b.hash,
              prevHash: b.prevHash,
              cells: [String(b.seq), time(b.bidTime), lineOf(b.itemId), b.price],
            })),
            locale,
          ),
    );
    out.push(chainLine(check, locale));
    return out;
  }

  const names = new Map(bidders.map((b) => [b.toElsAccount, b.supplierName]));
  const supplier = (account: string) => `${account} ${names.get(account) ?? ''}`.trim();
  const offers = await currentOffers(db, row.id);
  const lots: Array<{ title: string; key: string }> =
    row.ebiddingMethod === '2'
      ? lines.map((l) => ({
          title: `${T.line[locale]} ${l.lineNumber} · ${l.materialNumber} ${l.materialDesc}`,
          key: lotKey(String(l.id)),
        }))
      : [{ title: T.lot[locale], key: lotKey(null) }];
  out.push(heading(T.ranking[locale]));
  for (const lot of lots) {
    const ranked = rankOffers(offers.filter((o) => o.lotKey === lot.key));
    out.push({ text: lot.title, margin: [0, 4, 0, 2] });
    out.push(
      ranked.length === 0
        ? { text: T.none[locale], color: '#666666' }
        : table(
            [30, '*', 90, 120],
            [T.rank[locale], T.supplier[locale], T.price[locale], T.time[locale]],
            ranked.map(({ offer, rank }) => [
              String(rank),
              supplier(offer.toElsAccount),
              offer.price,
              time(offer.bidTime),
            ]),
          ),
    );
  }
  out.push(heading(T.log[locale]));
  out.push(
    log.length === 0
      ? { text: T.none[locale], color: '#666666' }
      : logTable(
          [T.seq[locale], T.time[locale], T.supplier[locale], T.line[locale], T.price[locale]],
          [30, 120, '*', 50, 90],
          log.map((b) => ({
            hash: b.hash,
            prevHash: b.prevHash,
            cells: [String(b.seq), time(b.bidTime), supplier(b.toElsAccount), lineOf(b.itemId), b.price],
          })),
          locale,
        ),
  );
  out.push(chainLine(check, locale));
  return out;
}
