import { reconDefinition } from '@srm/contracts/finance';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { printerStats, renderDocumentPdf, renderPdf } from '../src/platform/document/print.ts';

/**
 * The printer is prepared once per process (issue #14 leftover: the first print after start took over
 * 10 s on a loaded server): pdfmake, the font files and the fonts parsed by fontkit are kept after the
 * first print, and every later document, in either language and with other characters, reuses them while
 * still embedding its own subset, so its Chinese text reads back.
 */
const statement = (reconNumber: string, buyerName: string, supplierName: string) => ({
  reconNumber,
  buyerName,
  supplierName,
  currency: 'CNY',
  totalAmount: '123.45',
  checkStatus: '2',
});
const line = (materialDesc: string) => ({
  itemType: '1',
  sourceNumber: 'DN000001',
  sourceItemNumber: 10,
  materialNumber: 'MAT-00001',
  materialDesc,
  quantity: '1.000',
  price: '1.00',
  taxRate: '13.00',
  netAmount: '0.88',
  taxAmount: '0.12',
  amount: '1.00',
});
const textOf = async (pdf: Buffer) =>
  (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');

describe('the printer, prepared once per process', () => {
  it('reads and parses the two fonts at the first print only; later documents reuse them', async () => {
    expect(printerStats()).toEqual({ fontFileReads: 0, fontParses: 0 });

    const first = await renderDocumentPdf(
      reconDefinition,
      statement('RC2026110001', '华东精密', '恒达电子'),
      [line('瓦楞纸箱')],
      'zh_cn',
    );
    const prepared = printerStats();
    expect(prepared).toEqual({ fontFileReads: 2, fontParses: 2 }); // Regular and Bold (the title)
    const firstText = await textOf(first);
    expect(firstText).toContain('RC2026110001');
    expect(firstText).toContain('华东精密');
    expect(firstText).toContain('瓦楞纸箱');

    // other characters, the other language, a free layout: the same prepared fonts, each PDF its own subset
    const second = await renderDocumentPdf(
      reconDefinition,
      statement('RC2026110002', '江南机械', '鼎盛包装'),
      [line('电阻电容')],
      'en',
    );
    const third = await renderPdf([{ text: '竞价记录 出价日志完整', bold: true }, '供应商排名'], '竞价记录');
    expect(printerStats()).toEqual(prepared);
    const secondText = await textOf(second);
    expect(secondText).toContain('RC2026110002');
    expect(secondText).toContain('江南机械');
    expect(secondText).toContain('电阻电容');
    expect(secondText).not.toContain('华东精密');
    const thirdText = await textOf(third);
    expect(thirdText).toContain('竞价记录 出价日志完整');
    expect(thirdText).toContain('供应商排名');
  });

  it('prints documents requested at the same time, each with its own text', async () => {
    const names = ['北方钢材', '南方铝业', '西部塑胶', '东海玻璃'];
    const pdfs = await Promise.all(
      names.map((name, i) =>
        renderDocumentPdf(
          reconDefinition,
          statement(`RC20261101${i}`, name, '恒达电子'),
          [line(`${name}零件`)],
          'zh_cn',
        ),
      ),
    );
    for (const [i, pdf] of pdfs.entries()) {
      const text = await textOf(pdf);
      expect(text).toContain(`RC20261101${i}`);
      expect(text).toContain(`${names[i]}零件`);
      for (const other of names.filter((n) => n !== names[i])) expect(text).not.toContain(`${other}零件`);
    }
    expect(printerStats()).toEqual({ fontFileReads: 2, fontParses: 2 });
  });
});
