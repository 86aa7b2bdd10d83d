import { describe, expect, it } from 'vitest';
import { decodeRouterPath, isIframeSrcAllowed } from './iframe-allow.ts';

const ORIGIN = 'https://srm.example.com';

describe('isIframeSrcAllowed (spec 000 §2, DESIGN §9)', () => {
  it('allows same-origin paths', () => {
    expect(isIframeSrcAllowed('/apis/docs/', ORIGIN, [])).toBe(true);
    expect(isIframeSrcAllowed('/order/#/v2/order/detail?id=1', ORIGIN, [])).toBe(true);
  });
  it('refuses protocol-relative and backslash tricks', () => {
    expect(isIframeSrcAllowed('//evil.example.com/x', ORIGIN, [])).toBe(false);
    expect(isIframeSrcAllowed('/\\evil.example.com', ORIGIN, [])).toBe(false);
  });
  it('allows absolute URLs on the own origin', () => {
    expect(isIframeSrcAllowed('https://srm.example.com/order/', ORIGIN, [])).toBe(true);
    expect(isIframeSrcAllowed('http://srm.example.com/order/', ORIGIN, [])).toBe(false);
  });
  it('allows configured origins only', () => {
    const allowed = ['https://bi.example.com', 'https://docs.example.com:8443/'];
    expect(isIframeSrcAllowed('https://bi.example.com/report', ORIGIN, allowed)).toBe(true);
    expect(isIframeSrcAllowed('https://docs.example.com:8443/a', ORIGIN, allowed)).toBe(true);
    expect(isIframeSrcAllowed('https://docs.example.com/a', ORIGIN, allowed)).toBe(false);
    expect(isIframeSrcAllowed('https://evil.example.com/', ORIGIN, allowed)).toBe(false);
  });
  it('refuses other schemes and garbage', () => {
    expect(isIframeSrcAllowed('javascript:alert(1)', ORIGIN, [])).toBe(false);
    expect(isIframeSrcAllowed('data:text/html,hi', ORIGIN, [ORIGIN])).toBe(false);
    expect(isIframeSrcAllowed('', ORIGIN, [])).toBe(false);
    expect(isIframeSrcAllowed('apis/docs', ORIGIN, [])).toBe(false);
  });
  it('decodes router paths and rejects malformed ones', () => {
    expect(decodeRouterPath('%2Fapis%2Fdocs%2F')).toBe('/apis/docs/');
    expect(decodeRouterPath('%E0%A4%A')).toBeUndefined();
  });
});
