import { enquiryQuoteBodySchema } from '@srm/contracts/enquiry';
import { describe, expect, it } from 'vitest';
import { describeValidation } from '../src/platform/validation.ts';

/** The zod issues of a body as fastify-type-provider-zod hands them to the error handler. */
function issuesOf(body: unknown) {
  const parsed = enquiryQuoteBodySchema.safeParse(body);
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
      'Invalid input: Quote line 1, Ladder step 1, Ladder price must not be negative',
    );
    expect(describeValidation('zh_cn', 'body', issues, body, enquiryQuoteBodySchema)).toBe(
      '参数错误：报价行第 1 项 阶梯第 1 项 阶梯单价 不能为负数',
    );
  });

  it('a non-numeric unit price names the number rule', () => {
    const body = { lines: [{ itemId, priceExcludingTax: 'abc' }] };
    expect(describeValidation('en', 'body', issuesOf(body), body, enquiryQuoteBodySchema)).toBe(
      'Invalid input: Quote line 1, Unit price excl. tax must be a number with at most 12 integer digits and 6 decimals',
    );
  });
});
