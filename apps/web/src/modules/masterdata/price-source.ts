import type { TFunction } from 'i18next';
import type { Price } from './api.ts';

/**
 * Where a price record came from (issue #33): "RFQ RFQ2026… line 10" / "询价单 RFQ2026… 第 10 行" for a
 * record an award wrote, "Entered" / "手工维护" for one entered or imported on the price master.
 */
export function priceSourceText(
  t: TFunction,
  price: Pick<Price, 'sourceType' | 'sourceNumber' | 'sourceItemNumber'>,
) {
  if (!price.sourceType || !price.sourceNumber) return t('masterdata:price.sourceManual');
  return t('masterdata:price.sourceValue', {
    type: t(`masterdata:price.sourceTypes.${price.sourceType}`),
    number: price.sourceNumber,
    line: price.sourceItemNumber ?? '—',
  });
}

/** A ladder price's steps, "≥1: 10.000000; ≥500: 9.500000" (from quantity up, price excl. tax); "—" without. */
export function ladderText(price: Pick<Price, 'ladderJson'>) {
  return price.ladderJson && price.ladderJson.length > 0
    ? price.ladderJson.map((s) => `≥${Number(s.quantity)}: ${s.price}`).join('; ')
    : '—';
}
