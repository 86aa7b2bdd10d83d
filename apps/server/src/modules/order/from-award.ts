import { Decimal } from '@srm/contracts/decimal';
import { addDays, companyTimeZone, dateOf, nowDate, startOfDay } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { userKey } from '../../platform/document/kind.ts';
import type { AuthContext } from '../../platform/http.ts';
import { priceIncludingTax } from '../masterdata/index.ts';
import { priceMaster } from '../masterdata/tables.ts';
import { assertSupplierRights } from '../supplier-lifecycle/rights.ts';
import { saveOrder } from './service.ts';

/** One awarded line of one supplier: the material, the quantity it gets (line unit) and its unit price. */
export type AwardedLine = {
  materialId: string;
  materialNumber: string;
  materialDesc: string;
  unit: string;
  /** The quantity this supplier gets, in the line's unit (its quota share of the line). */
  quantity: string;
  /** Unit price excluding tax, in the document's currency. */
  price: string;
  /** Percent. */
  taxRate: string;
  deliveryDate: string;
  /** The supplier's quota share of the line, percent (100 for a sole winner). */
  quota: string;
  /** The source document's line (an order's one-round RFQ: the order line's number). */
  sourceItemNumber?: string | null;
  /** The awarded document's own line number (10, 20 … of the RFQ or auction), kept on the price record. */
  lineNumber: number;
  /** A ladder quote's steps in the document's currency (from quantity up, price excl. tax); null: one price. */
  ladder?: Array<{ quantity: string; price: string }> | null;
};

/** Which award wrote a price record (price_master.source_type), and that document's number. */
export type PriceSource = { type: 'enquiry' | 'ebidding'; number: string };

/**
 * The price-master half of an award (issue #13): in the caller's transaction, one price-master record per
 * awarded line × supplier, valid from now to the end of `validUntil` (a date), with its quota share, the
 * source document and line (`source`, `lineNumber`) and a ladder quote's steps (issue #33); every winner
 * must be awardable (issue #16). Answers how many records were written. Used by recordAward and by
 * the award of an order's one-round RFQ (which writes back to its order instead of making drafts).
 */
export async function recordPrices(
  tx: Tx,
  auth: AuthContext,
  input: {
    currency: string;
    exchangeRate: string;
    /** Last day the awarded prices are valid (YYYY-MM-DD). */
    validUntil: string;
    /** The RFQ or auction awarded: each record names it and the line (issue #33). */
    source: PriceSource;
    winners: Map<string, AwardedLine[]>;
  },
): Promise<number> {
  const now = nowDate();
  // Issue #16: every winner must be awardable (stage, not frozen, no expired mandatory certification).
  await assertSupplierRights(tx, auth.elsAccount, [...input.winners.keys()], 'award', now);
  // The prices expire when the day after validUntil begins in the buyer's calendar (issue #35).
  const zone = await companyTimeZone(tx, auth.elsAccount);
  const expiry = new Date(startOfDay(zone, addDays(input.validUntil, 1)));
  const prices: Array<typeof priceMaster.$inferInsert> = [];
  for (const [account, lines] of input.winners)
    for (const l of lines) {
      const price = new Decimal(l.price).toFixed(6);
      prices.push({
        elsAccount: auth.elsAccount,
        toElsAccount: account,
        materialId: l.materialId,
        materialNumber: l.materialNumber,
        priceExcludingTax: price,
        taxRate: l.taxRate,
        priceIncludingTax: priceIncludingTax(price, l.taxRate),
        currency: input.currency,
        exchangeRate: input.exchangeRate,
        validStartDate: now,
        priceExpiryDate: expiry,
        quota: new Decimal(l.quota).toFixed(2),
        sourceType: input.source.type,
        sourceNumber: input.source.number,
        sourceItemNumber: String(l.lineNumber),
        ladderJson:
          l.ladder && l.ladder.length > 0
            ? l.ladder.map((s) => ({
                quantity: new Decimal(s.quantity).toFixed(3),
                price: new Decimal(s.price).toFixed(6),
              }))
            : null,
        createUser: userKey(auth),
        lastUpdateUser: userKey(auth),
      });
    }
  if (prices.length > 0) await tx.insert(priceMaster).values(prices);
  return prices.length;
}

/**
 * What an award does to prices and orders, the same for an RFQ and an e-auction (issue #13 "the award
 * writes price master records … and creates purchase order drafts per supplier", issue #14 "award → price
 * master and order drafts as in sourcing"): in the caller's transaction, one price-master record per
 * awarded line × supplier (valid from now to the end of `validUntil`, a date; the quota share), and one
 * purchase-order draft per supplier with its lines at the awarded prices (through the order module's
 * save, so the order's own rules and numbering apply). Answers the drafts and how many prices were written.
 */
export async function recordAward(
  tx: Tx,
  auth: AuthContext,
  input: {
    currency: string;
    exchangeRate: string;
    /** Last day the awarded prices are valid (YYYY-MM-DD). */
    validUntil: string;
    /** The order drafts' remark: the source document's number and name. */
    remark: string;
    source: PriceSource;
    winners: Map<string, AwardedLine[]>;
  },
): Promise<{ orders: Array<{ id: string; orderNumber: string; toElsAccount: string }>; prices: number }> {
  const now = nowDate();
  const prices = await recordPrices(tx, auth, input);
  const orders: Array<{ id: string; orderNumber: string; toElsAccount: string }> = [];
  for (const [account, lines] of input.winners) {
    const order = await saveOrder(tx, auth, {
      toElsAccount: account,
      orderType: '0',
      purchaseType: '0',
      orderDate: dateOf(now, await companyTimeZone(tx, auth.elsAccount)),
      currency: input.currency,
      exchangeRate: input.exchangeRate,
      urgencyFlag: '0',
      remark: input.remark.slice(0, 500),
      items: lines.map((l) => ({
        materialId: l.materialId,
        materialNumber: l.materialNumber,
        materialDesc: l.materialDesc,
        unit: l.unit,
        quantity: new Decimal(l.quantity).toFixed(3),
        priceExcludingTax: new Decimal(l.price).toFixed(6),
        taxRate: l.taxRate,
        deliveryDate: l.deliveryDate,
      })),
    });
    orders.push({ id: order.id, orderNumber: order.orderNumber, toElsAccount: account });
  }
  return { orders, prices };
}
