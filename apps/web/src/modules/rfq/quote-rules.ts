import { ladderProblem } from '@srm/contracts/enquiry';

/**
 * The quote page's own checks of what a supplier typed (issue #33), before the server checks the same
 * rules (contracts enquiryQuoteBodySchema, spec 001 §5): a price is a number greater than 0 of at most 12
 * integer digits and 6 decimals; a ladder is 1–10 "quantity:price" rows whose quantities (at most 12 integer
 * digits and 3 decimals) rise; a cost or fee row is "item:amount". Each problem is a message key under
 * `rfq:quote.rule.*` with its parameters, for the field's own error in the user's language.
 */
export type QuoteProblem = { key: string; params?: Record<string, string | number> };

const PRICE = { integerDigits: 12, scale: 6 } as const;
const QUANTITY = { integerDigits: 12, scale: 3 } as const;
const MAX_LADDER_STEPS = 10;

const decimalPattern = ({ integerDigits, scale }: { integerDigits: number; scale: number }) =>
  new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`);
const isZero = (value: string) => /^0*(\.0*)?$/.test(value);

/** A unit price (or a ladder step's): null when it is a number greater than 0 of the allowed digits. */
export function priceProblem(text: string): QuoteProblem | null {
  const value = text.trim();
  // The sign first, as the server does: '-1' and '0' break "greater than 0", not the number's format.
  if (/^-/.test(value) || (decimalPattern(PRICE).test(value) && isZero(value)))
    return { key: 'pricePositive' };
  if (!decimalPattern(PRICE).test(value)) return { key: 'priceFormat', params: { ...PRICE } };
  return null;
}

/** The rows of a text area, "a:b" split at the first colon (either width), blank rows dropped. */
function pairs(text: string): Array<[string, string] | null> {
  return text
    .split('\n')
    .map((row) => row.trim())
    .filter(Boolean)
    .map((row) => {
      const at = row.search(/[:：]/);
      return at < 0 ? null : [row.slice(0, at).trim(), row.slice(at + 1).trim()];
    });
}

/** A ladder ("100:9.5" per row): the first problem naming its step (from 1), or null. */
export function ladderTextProblem(text: string): QuoteProblem | null {
  const rows = pairs(text);
  if (rows.length > MAX_LADDER_STEPS) return { key: 'tooManySteps', params: { max: MAX_LADDER_STEPS } };
  const steps: Array<{ quantity: string; price: string }> = [];
  for (const [i, row] of rows.entries()) {
    const step = i + 1;
    if (!row) return { key: 'stepFormat', params: { step } };
    const [quantity, price] = row;
    if (/^-/.test(quantity)) return { key: 'stepQuantityNegative', params: { step } };
    if (!decimalPattern(QUANTITY).test(quantity))
      return { key: 'stepQuantityFormat', params: { step, ...QUANTITY } };
    const bad = priceProblem(price);
    if (bad)
      return {
        key: bad.key === 'pricePositive' ? 'stepPrice' : 'stepPriceFormat',
        params: { step, ...PRICE },
      };
    steps.push({ quantity, price });
  }
  const rising = ladderProblem(steps);
  return rising ? { key: 'stepRising', params: { step: Number(rising.params.step) } } : null;
}

/** Named amounts ("材料:6.2" per row; costs 6 decimals, fees 2): the first problem, or null. */
export function amountsTextProblem(text: string, scale: number): QuoteProblem | null {
  const digits = { integerDigits: scale === 2 ? 14 : 12, scale };
  for (const [i, row] of pairs(text).entries()) {
    if (!row?.[0]) return { key: 'amountFormat', params: { row: i + 1 } };
    const [name, amount] = row;
    if (/^-/.test(amount)) return { key: 'amountNegative', params: { name } };
    if (!decimalPattern(digits).test(amount)) return { key: 'amountNumber', params: { name, ...digits } };
  }
  return null;
}
