import { describe, expect, it } from 'vitest';
import { darkTextShade } from '../shell/AntdRoot.tsx';
import { htmlLang, THEME_COLORS } from './settings-store.ts';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('accessible settings (issue #19)', () => {
  it('the html language attribute follows the interface language', () => {
    expect(htmlLang('zh_cn')).toBe('zh-CN');
    expect(htmlLang('en')).toBe('en');
  });

  it('every theme colour keeps 4.5:1 with white (white button text, links on white)', () => {
    for (const color of THEME_COLORS) expect(contrast(color, '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
  });
});

describe('dark theme text shades (issue #19)', () => {
  // The dark theme's surfaces: the page (#141414), cards and dialogs (#1f1f1f), a hovered or filled row (#262626).
  const surfaces = ['#141414', '#1f1f1f', '#262626'];

  it('the theme colour as text (links, the selected tab) keeps 4.5:1 on every dark surface, for every theme colour', () => {
    for (const color of THEME_COLORS) {
      const shade = darkTextShade(color);
      expect(shade, color).not.toBe(color);
      for (const surface of surfaces)
        expect(contrast(shade, surface), `${shade} (${color}) on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
