/**
 * The bidding room's own check of a typed offer (issue #33), before the server checks the same rule
 * (contracts ebiddingBidBodySchema, spec 001 §5 "auction offer greater than 0"): a number greater than 0 of
 * at most 14 integer digits and 6 decimals. A problem is a message key under `ebidding:room.rule.*`.
 */
export type OfferProblem = { key: 'offerPositive' | 'offerFormat'; params?: Record<string, number> };

const OFFER = { integerDigits: 14, scale: 6 } as const;
const OFFER_PATTERN = new RegExp(`^\\d{1,${OFFER.integerDigits}}(\\.\\d{1,${OFFER.scale}})?$`);

/** Null when `text` is an offer the server's format takes and greater than 0. */
export function offerProblem(text: string): OfferProblem | null {
  const value = text.trim();
  // The sign first, as the server does: '-1' and '0' break "greater than 0", not the number's format.
  if (/^-/.test(value) || (OFFER_PATTERN.test(value) && /^0*(\.0*)?$/.test(value)))
    return { key: 'offerPositive' };
  if (!OFFER_PATTERN.test(value)) return { key: 'offerFormat', params: { ...OFFER } };
  return null;
}
