import { describe, expect, it } from 'vitest';
import { reconPickerRows, reconSelection, reconSourcesOf, reconToInvoice } from '../src/finance-recon.ts';

const line = (
  itemType: string,
  sourceId: string,
  sourceItemNumber: number,
  taxRate: string,
  amount: string,
) => ({
  itemType,
  sourceId,
  sourceItemNumber,
  materialDesc: null,
  quantity: '1',
  taxRate,
  amount,
  netAmount: amount,
  taxAmount: '0.00',
});

/** The statement picker (issue #32): a row per line, a fee sheet's rows selected and saved together. */
describe('reconPickerRows / reconSelection', () => {
  const rows = reconPickerRows([
    line('1', 'n1', 1, '13', '100.00'),
    line('3', 'dc', 1, '13', '-339.00'),
    line('3', 'dc', 2, '6', '-106.00'),
  ]);

  it('one row per line, each with its tax rate', () => {
    expect(rows.map((r) => [r.key, r.taxRate, r.amount])).toEqual([
      ['1:n1:1', '13', '100.00'],
      ['3:dc:1', '13', '-339.00'],
      ['3:dc:2', '6', '-106.00'],
    ]);
  });

  it('clearing or selecting one line of a fee sheet clears or selects the whole sheet', () => {
    const all = rows.map((r) => r.key);
    const cleared = reconSelection(rows, all, ['1:n1:1', '3:dc:2']);
    expect(cleared).toEqual(['1:n1:1']);
    expect(reconSelection(rows, cleared, [...cleared, '3:dc:2'])).toEqual(all);
    expect(reconSourcesOf(rows)).toEqual([
      { itemType: '1', sourceId: 'n1' },
      { itemType: '3', sourceId: 'dc' },
    ]);
  });
});

/** A confirmed or posted statement says what is still to invoice (issue #32). */
describe('reconToInvoice', () => {
  it('total minus invoiced while not fully invoiced; nothing before confirming or once invoiced', () => {
    const posted = { checkStatus: '4', invoiceStatus: '0', totalAmount: '1581.09', invoicedAmount: '0' };
    expect(reconToInvoice(posted)).toBe('1581.09');
    expect(
      reconToInvoice({ ...posted, checkStatus: '2', invoiceStatus: '1', invoicedAmount: '581.10' }),
    ).toBe('999.99');
    expect(reconToInvoice({ ...posted, totalAmount: '-445.00' })).toBe('-445.00');
    expect(reconToInvoice({ ...posted, invoiceStatus: '2', invoicedAmount: '1581.09' })).toBeNull();
    expect(reconToInvoice({ ...posted, checkStatus: '1' })).toBeNull();
  });
});
