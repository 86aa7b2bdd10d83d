import { describe, expect, it } from 'vitest';
import { isFormulaLike, quoteFormulaText } from '../src/spreadsheet-safety.ts';

/** The formula-injection rule shared by the server's Excel engine and the browser's table export (issue #32). */
describe('quoteFormulaText', () => {
  it("prefixes the classic payloads with ' and leaves text, numbers and signed amounts alone", () => {
    for (const p of [
      '=HYPERLINK("x","y")',
      "=cmd|' /C calc'!A0",
      '@SUM(1)',
      '+1+1',
      '-1+1',
      '\t=1',
      '\r=1',
    ]) {
      expect(isFormulaLike(p)).toBe(true);
      expect(quoteFormulaText(p)).toBe(`'${p}`);
    }
    for (const v of ['螺栓', '-500.00', '+3', '.5', 'x=1', '', 42, null]) expect(quoteFormulaText(v)).toBe(v);
  });
});
