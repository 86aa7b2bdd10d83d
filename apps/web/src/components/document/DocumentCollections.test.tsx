import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { DETAIL, def } from './collection-screen.fixture.ts';
import { DocumentDetail } from './DocumentDetail.tsx';
import { DocumentForm } from './DocumentForm.tsx';
import { editInitial } from './edit-initial.ts';

/**
 * The default screens of a kind's child collections (issue #34): the detail shows each collection the
 * side reads as a titled table, the form edits each like the lines (add, remove, the definition's rules,
 * min rows as a field error) and saves them under their names; labels in the user's language; the
 * server's errors under their fields.
 */

// The network boundary: the save answers the saved record, the detail the document below.
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string; data?: Record<string, unknown> }) => {
    if (config.url.includes('/findDetail/')) return DETAIL;
    if (config.url.includes('/save')) return { id: 'c1', version: 0, ...config.data };
    return [];
  }),
}));

function wrap(node: React.ReactNode, locale: 'en' | 'zh_cn' = 'en') {
  useSettings.setState({ locale });
  void i18n.changeLanguage(locale);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}

function renderForm(side: 'purchase' | 'sale' = 'purchase', onSaved = vi.fn()) {
  wrap(
    <DocumentForm
      def={def}
      side={side}
      title="New contract"
      initial={{ subject: 'Frame', lines: [{ materialNumber: 'M-1' }], paymentPlan: [{ stage: 'Advance' }] }}
      newLine={() => ({})}
      hideLineCustomFields
      onSaved={onSaved}
    />,
  );
  return onSaved;
}

afterEach(() => {
  cleanup();
  vi.mocked(call).mockClear();
});

describe('DocumentForm with child collections', () => {
  it('edits each collection: add and remove rows, rules per field, saved under its name', async () => {
    const onSaved = renderForm();
    expect(screen.getByText('Payment plan')).toBeTruthy();
    expect(screen.getByText('Clauses')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to Payment plan' }));
    // At most 2 rows: the add button goes.
    expect(screen.queryByRole('button', { name: 'Add a row to Payment plan' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Payment plan, line 20, Stage'), {
      target: { value: 'Delivery' },
    });
    fireEvent.change(screen.getByLabelText('Payment plan, line 20, Ratio'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to Clauses' }));
    fireEvent.change(screen.getByLabelText('Clauses, line 10, Clause'), { target: { value: 'DDP Suzhou' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment plan, line 20, Ratio must be greater than 0')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Payment plan, line 20, Ratio'), { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(onSaved.mock.calls[0][0]).toMatchObject({
      subject: 'Frame',
      lines: [{ materialNumber: 'M-1' }],
      paymentPlan: [{ stage: 'Advance' }, { stage: 'Delivery', ratio: '70' }],
      clauses: [{ clauseText: 'DDP Suzhou' }],
    });
  }, 30_000);

  it('too few rows is a field error under the collection', async () => {
    const onSaved = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Payment plan line 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment plan: add at least 1 rows')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  }, 30_000);

  it("puts the server's error under the collection row's field", async () => {
    const onSaved = renderForm();
    const message = 'Payment plan, line 10, Stage must be at most 40 long';
    vi.mocked(call).mockRejectedValueOnce(
      new ApiError('400', `Invalid input: ${message}`, 'body', {
        errors: [
          {
            path: 'body.paymentPlan.0.stage',
            segments: ['paymentPlan', 0, 'stage'],
            field: 'Payment plan, line 10, Stage',
            rule: 'tooLong',
            message,
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const shown = await screen.findByText(message);
    expect(
      shown.closest('.ant-form-item')?.querySelector('input[aria-label="Payment plan, line 10, Stage"]'),
    ).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  }, 30_000);

  it("leaves out the collections the side does not read, labels in the user's language", async () => {
    wrap(
      <DocumentForm
        def={def}
        side="sale"
        title="合同"
        initial={{ lines: [{ materialNumber: 'M-1' }], paymentPlan: [{ stage: '预付' }] }}
        hideLineCustomFields
        onSaved={vi.fn()}
      />,
      'zh_cn',
    );
    expect(screen.getByText('付款计划')).toBeTruthy();
    expect(screen.getByLabelText('付款计划第 10 行阶段')).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加付款计划行' })).toBeTruthy();
    expect(screen.queryByText('条款')).toBeNull();
  }, 30_000);
});

describe('the edit form from a detail answer (editInitial)', () => {
  it('shows the saved header, lines and collection rows, and saves them back under their names', async () => {
    const onSaved = vi.fn();
    wrap(
      <DocumentForm
        def={def}
        side="purchase"
        title="Edit contract"
        existing={{ id: DETAIL.record.id, version: DETAIL.record.version }}
        initial={editInitial(DETAIL)}
        hideLineCustomFields
        onSaved={onSaved}
      />,
    );
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Subject')).toBe('Frame');
    expect(value('Payment plan, line 10, Stage')).toBe('Advance');
    expect(value('Payment plan, line 20, Stage')).toBe('Delivery');
    expect(value('Payment plan, line 20, Ratio')).toBe('70.00');
    expect(value('Clauses, line 10, Clause')).toBe('DDP Suzhou');
    fireEvent.change(screen.getByLabelText('Payment plan, line 20, Ratio'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(onSaved.mock.calls[0][0]).toMatchObject({
      id: 'c1',
      version: 0,
      subject: 'Frame',
      lines: [{ materialNumber: 'M-1' }],
      paymentPlan: [
        { stage: 'Advance', ratio: '30.00' },
        { stage: 'Delivery', ratio: '60' },
      ],
      clauses: [{ clauseText: 'DDP Suzhou' }],
    });
  }, 30_000);

  it('gives a kind without collections its header and lines only', () => {
    const { collections: _, ...plain } = DETAIL;
    expect(editInitial(plain)).toEqual({ ...DETAIL.record, lines: DETAIL.lines });
    expect(editInitial(DETAIL)).toEqual({ ...DETAIL.record, lines: DETAIL.lines, ...DETAIL.collections });
  });
});

describe('DocumentDetail with child collections', () => {
  it('shows each collection the side reads as a titled table, rows in order', async () => {
    wrap(<DocumentDetail def={def} side="purchase" id="c1" hideActions hideAttachments />);
    const plan = await screen.findByRole('table', { name: 'Payment plan' });
    const rows = within(plan)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['10', 'Advance', '30'],
      ['20', 'Delivery', '70'],
    ]);
    expect(within(plan).getByRole('columnheader', { name: 'Ratio' })).toBeTruthy();
    const clauses = screen.getByRole('table', { name: 'Clauses' });
    expect(within(clauses).getByText('DDP Suzhou')).toBeTruthy();
  }, 30_000);

  it("the supplier's detail has no buyer-only collection", async () => {
    wrap(<DocumentDetail def={def} side="sale" id="c1" hideActions hideAttachments />, 'zh_cn');
    expect(await screen.findByRole('table', { name: '付款计划' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: '条款' })).toBeNull();
  }, 30_000);
});
