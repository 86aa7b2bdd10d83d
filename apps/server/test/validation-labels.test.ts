import { saveSchema } from '@srm/contracts/document/define';
import { ebiddingBargainOfferBodySchema, ebiddingBidBodySchema } from '@srm/contracts/ebidding';
import { enquiryQuoteBodySchema } from '@srm/contracts/enquiry';
import { refundDefinition } from '@srm/contracts/refund';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { describeValidation, fieldErrors } from '../src/platform/validation.ts';

/** The zod issues of a body as fastify-type-provider-zod hands them to the error handler. */
function issuesOf(body: unknown, schema: z.ZodType = enquiryQuoteBodySchema) {
  const parsed = schema.safeParse(body);
  if (parsed.success) throw new Error('expected a refused body');
  return parsed.error.issues.map(({ code, path, message, ...rest }) => ({
    keyword: code,
    instancePath: `/${path.join('/')}`,
    message,
    params: rest as Record<string, unknown>,
  }));
}

describe("a quote's refused prices are named by their labels and rules (issue #33)", () => {
  const itemId = '8f9c8e55-3f1c-4b38-9d6c-0f4c7c1f2a11';
  it('a negative ladder price: the step, the field and the rule, not the body path', () => {
    const body = { lines: [{ itemId, ladder: [{ quantity: '10', price: '-1' }] }] };
    const issues = issuesOf(body);
    expect(describeValidation('en', 'body', issues, body, enquiryQuoteBodySchema)).toBe(
      'Invalid input: Quote line 1, Ladder step 1, Ladder price must be greater than 0',
    );
    expect(describeValidation('zh_cn', 'body', issues, body, enquiryQuoteBodySchema)).toBe(
      '参数错误：报价行第 1 项 阶梯第 1 项 阶梯单价 必须大于 0',
    );
  });

  it("names the quote line by the RFQ line's number the body gives, not by its position", () => {
    // The supplier is invited to lines 10 and 30: the second quote line is line 30, not "Quote line 2".
    const body = {
      lines: [
        { itemId, lineNumber: 10, priceExcludingTax: '5' },
        { itemId, lineNumber: 30, priceExcludingTax: '0' },
      ],
    };
    const issues = issuesOf(body);
    expect(describeValidation('en', 'body', issues, body, enquiryQuoteBodySchema)).toBe(
      'Invalid input: Line 30, Unit price excl. tax must be greater than 0',
    );
    expect(describeValidation('zh_cn', 'body', issues, body, enquiryQuoteBodySchema)).toBe(
      '参数错误：第 30 行 未税单价 必须大于 0',
    );
    const [error] = fieldErrors('en', 'body', issues, body, enquiryQuoteBodySchema);
    expect(error).toMatchObject({
      segments: ['lines', 1, 'priceExcludingTax'],
      field: 'Line 30, Unit price excl. tax',
      rule: 'positive',
    });
    const ladder = { lines: [{ itemId, lineNumber: 20, ladder: [{ quantity: 'x', price: '1' }] }] };
    expect(describeValidation('en', 'body', issuesOf(ladder), ladder, enquiryQuoteBodySchema)).toBe(
      'Invalid input: Line 20, Ladder step 1, Ladder quantity must be a number with at most 12 integer digits and 3 decimals',
    );
  });

  it("names a kernel document's line by the number its position gets on save (10, 20 …)", () => {
    const schema = saveSchema(refundDefinition);
    const body = {
      deliveryNoteId: itemId,
      lines: [
        { deliveryNoteItemId: itemId, returnQuantity: '1' },
        { deliveryNoteItemId: itemId, returnQuantity: 'x' },
      ],
    };
    const parsed = schema.safeParse(body);
    if (parsed.success) throw new Error('expected a refused body');
    const issues = parsed.error.issues.map(({ code, path, message, ...rest }) => ({
      keyword: code,
      instancePath: `/${path.join('/')}`,
      message,
      params: rest as Record<string, unknown>,
    }));
    const quantity = fieldErrors('en', 'body', issues, body, schema).find((e) => e.segments[0] === 'lines');
    expect(quantity?.segments).toEqual(['lines', 1, 'returnQuantity']);
    expect(quantity?.field).toMatch(/^Line 20, /);
  });

  it('a non-numeric unit price names the number rule', () => {
    const body = { lines: [{ itemId, priceExcludingTax: 'abc' }] };
    expect(describeValidation('en', 'body', issuesOf(body), body, enquiryQuoteBodySchema)).toBe(
      'Invalid input: Quote line 1, Unit price excl. tax must be a number with at most 12 integer digits and 6 decimals',
    );
  });
});

describe('an auction offer is named by its label, in a body of either kind (issue #33)', () => {
  it('a negative or non-numeric offer: "Offer must be greater than 0", not body.price', () => {
    for (const [price, en, zh] of [
      ['-1', 'Offer must be greater than 0', '出价 必须大于 0'],
      [
        'abc',
        'Offer must be a number with at most 14 integer digits and 6 decimals',
        '出价 应为数字，最多 14 位整数、6 位小数',
      ],
    ]) {
      const body = { price };
      const issues = issuesOf(body, ebiddingBidBodySchema);
      expect(fieldErrors('en', 'body', issues, body, ebiddingBidBodySchema)[0]).toMatchObject({
        segments: ['price'],
        message: en,
      });
      expect(fieldErrors('zh_cn', 'body', issues, body, ebiddingBidBodySchema)[0].message).toBe(zh);
    }
  });
});

describe("a bargain round's final offers are named by their label (issue #33)", () => {
  const itemId = '8f9c8e55-3f1c-4b38-9d6c-0f4c7c1f2a11';
  it("the lot's one final offer by its label alone; per line, the offer's position among them", () => {
    const lot = { offers: [{ price: '0' }] };
    expect(
      describeValidation(
        'en',
        'body',
        issuesOf(lot, ebiddingBargainOfferBodySchema),
        lot,
        ebiddingBargainOfferBodySchema,
      ),
    ).toBe('Invalid input: Final offer must be greater than 0');
    const lines = {
      offers: [
        { itemId, price: '5' },
        { itemId, price: 'x' },
      ],
    };
    const errors = fieldErrors(
      'zh_cn',
      'body',
      issuesOf(lines, ebiddingBargainOfferBodySchema),
      lines,
      ebiddingBargainOfferBodySchema,
    );
    expect(errors.map((e) => [e.segments, e.field])).toEqual([[['offers', 1, 'price'], '议价第 2 项 议价']]);
  });

  it('per line, by the line number the room sends with each offer, not by its position', () => {
    const lines = {
      offers: [
        { itemId, lineNumber: 10, price: '5' },
        { itemId, lineNumber: 30, price: '0' },
      ],
    };
    const issues = issuesOf(lines, ebiddingBargainOfferBodySchema);
    expect(describeValidation('en', 'body', issues, lines, ebiddingBargainOfferBodySchema)).toBe(
      'Invalid input: Line 30, Final offer must be greater than 0',
    );
    expect(describeValidation('zh_cn', 'body', issues, lines, ebiddingBargainOfferBodySchema)).toBe(
      '参数错误：第 30 行 议价 必须大于 0',
    );
  });
});
