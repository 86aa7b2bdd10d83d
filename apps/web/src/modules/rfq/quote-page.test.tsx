import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import QuotePage from './QuotePage.tsx';

/**
 * The supplier's quote page after it answered (issue #33): its own decline reads "Declined", "Take part"
 * is gone once it took part, and an awarded line shows its quota share and the quantity it gets.
 */
const server = vi.hoisted(() => ({
  lines: [] as unknown[],
  open: true,
  quoteMethod: '1',
  /** The quote bodies posted, and what the quote call answers (a rejection to throw). */
  posted: [] as unknown[],
  answer: null as Error | null,
}));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string; data?: unknown }) => {
    if (config.url === '/user/getPermissions')
      return { permission: 'normal', roles: ['sale'], actions: ['enquiry.read', 'enquiry.quote'] };
    if (config.url === '/inquiry/SaleEnquiryService/findQuote/q1')
      return {
        record: {
          enquiryNumber: 'RFQ1',
          enquiryDesc: 'Test',
          quoteMethod: server.quoteMethod,
          quoteEndTime: null,
        },
        costItems: [],
        feeItems: [],
        currencies: [{ currency: 'CNY', exchangeRate: '1.000000' }],
        open: server.open,
        lines: server.lines,
      };
    if (config.url === '/inquiry/SaleEnquiryService/quote/q1') {
      server.posted.push(config.data);
      if (server.answer) throw server.answer;
      return null;
    }
    throw new Error(`unexpected call ${config.url}`);
  }),
}));

const line = (itemId: string, materialNumber: string, extra: Record<string, unknown>) => ({
  itemId,
  lineNumber: 10,
  materialNumber,
  materialDesc: 'Bolt',
  unit: 'PCS',
  quantity: '2000.000',
  deliveryDate: '2027-01-31',
  quoteStatus: '1',
  quota: null,
  awardedQuantity: null,
  quote: null,
  rank: null,
  inRound: true,
  ...extra,
});

afterEach(() => {
  cleanup();
  server.posted = [];
  server.answer = null;
  server.quoteMethod = '1';
});

describe('the quote page after the supplier answered (issue #33)', () => {
  it('shows its own decline as Declined and no Take part once it took part', async () => {
    server.open = true;
    server.lines = [line('l1', 'M-1', { quoteStatus: '1' }), line('l2', 'M-2', { quoteStatus: '4' })];
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    expect(await screen.findByText('Declined')).toBeTruthy();
    expect(screen.queryByText('Rejected')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit quote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  });

  it('offers Take part while a line has no response', async () => {
    server.open = true;
    server.lines = [line('l1', 'M-1', { quoteStatus: '0' })];
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    expect(await screen.findByRole('button', { name: 'Take part' })).toBeTruthy();
  });

  it('shows the awarded share and quantity per line', async () => {
    server.open = false;
    server.lines = [
      line('l1', 'M-1', {
        quoteStatus: '5',
        quota: '60.00',
        awardedQuantity: '1200.000',
        quote: {
          priceExcludingTax: '0.011',
          taxRate: '13',
          ladder: null,
          costs: null,
          fees: null,
          currency: 'CNY',
        },
      }),
      line('l2', 'M-2', { quoteStatus: '6' }),
    ];
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    expect(await screen.findByRole('columnheader', { name: 'Awarded share' })).toBeTruthy();
    expect(screen.getByText('60 % · 1200 PCS')).toBeTruthy();
    expect(screen.getByText('Not won')).toBeTruthy();
  });
});

/** The error shown under an input: the element its aria-describedby names. */
const problemOf = (input: HTMLElement) => {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const id = input.getAttribute('aria-describedby') ?? '';
  return document.getElementById(id)?.textContent;
};

describe("the quote page's field errors (issue #33)", () => {
  it('refuses a negative or zero price next to its field, in both languages, before asking the server', async () => {
    server.open = true;
    server.lines = [line('l1', 'M-1', {}), line('l2', 'M-2', { lineNumber: 20 })];
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    const first = await screen.findByLabelText('Unit price (excl. tax) M-1');
    fireEvent.change(first, { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText('Unit price (excl. tax) M-2'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit quote' }));
    await waitFor(() => expect(problemOf(first)).toBe('The price must be greater than 0'));
    expect(problemOf(screen.getByLabelText('Unit price (excl. tax) M-2'))).toBe(
      'The price must be greater than 0',
    );
    expect(server.posted).toEqual([]);
    // Typing again clears the field's error.
    fireEvent.change(first, { target: { value: '1.5' } });
    expect(first.getAttribute('aria-invalid')).toBeNull();

    act(() => useSettings.setState({ locale: 'zh_cn' }));
    await act(() => i18n.changeLanguage('zh_cn'));
    fireEvent.change(first, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: '提交报价' }));
    await waitFor(() => expect(problemOf(first)).toBe('价格应为数字，最多 12 位整数、6 位小数'));
    expect(problemOf(screen.getByLabelText(/M-2$/))).toBe('价格必须大于 0');
    await act(() => i18n.changeLanguage('en'));
  });

  it("shows the server's field error under the line's price, not in a toast, and names lines by number", async () => {
    server.open = true;
    server.lines = [line('l1', 'M-1', {}), line('l2', 'M-2', { lineNumber: 20 })];
    const message = 'Line 20, Unit price excl. tax must be at most 999';
    server.answer = new ApiError('400', `Invalid input: ${message}`, 'body', {
      errors: [
        {
          path: 'body.lines.0.priceExcludingTax',
          segments: ['lines', 0, 'priceExcludingTax'],
          field: 'Line 20, Unit price excl. tax',
          rule: 'tooBig',
          message,
        },
      ],
    });
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    const second = await screen.findByLabelText('Unit price (excl. tax) M-2');
    fireEvent.change(second, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit quote' }));
    // Only line 20 was quoted: the body's first line is M-2's, and it carries its line number.
    await waitFor(() => expect(problemOf(second)).toBe(message));
    expect(server.posted).toEqual([{ lines: [{ itemId: 'l2', lineNumber: 20, priceExcludingTax: '5' }] }]);
    expect(screen.getByLabelText('Unit price (excl. tax) M-1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(`Invalid input: ${message}`)).toBeNull();
  });

  it('names the ladder step that breaks a rule', async () => {
    server.open = true;
    server.quoteMethod = '2';
    server.lines = [line('l1', 'M-1', {})];
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    const ladder = await screen.findByLabelText(/^Ladder .* M-1$/);
    fireEvent.change(ladder, { target: { value: '100:9\n50:8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit quote' }));
    await waitFor(() =>
      expect(problemOf(ladder)).toBe("Step 2: the ladder quantity must be greater than the previous step's"),
    );
    fireEvent.change(ladder, { target: { value: '100:9\n500:-8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit quote' }));
    await waitFor(() => expect(problemOf(ladder)).toBe('Step 2: the ladder price must be greater than 0'));
    expect(server.posted).toEqual([]);
  });
});
