import { enquiryDefinition } from '@srm/contracts/enquiry';
import { reconDefinition } from '@srm/contracts/finance';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { PRINT_LINE_LIMIT, renderDocumentPdf } from '../src/platform/document/print.ts';

/**
 * A long document prints its header and the first PRINT_LINE_LIMIT lines, then says how many it has and
 * where all of them are (issue #15: a 10,000-line statement's PDF took 20–33 s); a short one prints every
 * line and no note.
 */
const statement = {
  reconNumber: 'RC2026110099',
  buyerName: '华东精密',
  supplierName: '恒达电子',
  currency: 'CNY',
  totalAmount: '123.45',
  checkStatus: '2',
};
const linesOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    itemType: '1',
    sourceNumber: `DN${String(i + 1).padStart(6, '0')}`,
    sourceItemNumber: 10,
    materialNumber: `MAT-${String(i + 1).padStart(5, '0')}`,
    materialDesc: 'part',
    quantity: '1.000',
    price: '1.00',
    taxRate: '13.00',
    netAmount: '0.88',
    taxAmount: '0.12',
    amount: '1.00',
  }));
const textOf = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

describe('printing long documents', () => {
  it('prints the first lines and a note naming the count and the Excel', async () => {
    const total = PRINT_LINE_LIMIT + 20;
    const text = await textOf(await renderDocumentPdf(reconDefinition, statement, linesOf(total), 'en'));
    expect(text).toContain('RC2026110099');
    expect(text).toContain(`MAT-${String(PRINT_LINE_LIMIT).padStart(5, '0')}`);
    expect(text).not.toContain(`MAT-${String(PRINT_LINE_LIMIT + 1).padStart(5, '0')}`);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Only the first ${PRINT_LINE_LIMIT} of ${total} lines are printed`,
    );
    const zh = await textOf(await renderDocumentPdf(reconDefinition, statement, linesOf(total), 'zh_cn'));
    expect(zh.replace(/\s+/g, '')).toContain(`共${total}行`);
  });

  it('prints every line of a short document, without a note', async () => {
    const text = await textOf(await renderDocumentPdf(reconDefinition, statement, linesOf(3), 'en'));
    expect(text).toContain('MAT-00003');
    expect(text).not.toContain('Only the first');
  });
});

describe("printed date-times follow the reader's company's time zone (issue #35)", () => {
  it("prints an RFQ's quote deadline as the wall clock in Beijing and in Berlin; a date stays the date", async () => {
    const rfq = {
      enquiryNumber: 'RFQ2026120001',
      enquiryDesc: 'zones',
      quoteEndTime: '2026-11-30T20:30:00.000Z',
      priceValidDate: '2027-01-31',
      enquiryStatus: '1',
    };
    const line = {
      materialNumber: 'M-1',
      materialDesc: 'part',
      quantity: '1',
      unit: 'PCS',
      deliveryDate: '2026-12-15',
    };
    const beijing = await textOf(
      await renderDocumentPdf(enquiryDefinition, rfq, [line], 'en', [], 'Asia/Shanghai'),
    );
    expect(beijing).toContain('2026-12-01 04:30:00');
    expect(beijing).toContain('2026-12-15');
    const berlin = await textOf(
      await renderDocumentPdf(enquiryDefinition, rfq, [line], 'en', [], 'Europe/Berlin'),
    );
    expect(berlin).toContain('2026-11-30 21:30:00');
    expect(berlin).not.toContain('2026-12-01 04:30:00');
    expect(berlin).toContain('2026-12-15');
  });
});
