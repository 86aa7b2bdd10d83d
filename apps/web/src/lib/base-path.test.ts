import { describe, expect, it } from 'vitest';
import { appUrl, basePathOf } from './base-path.ts';

describe('basePathOf', () => {
  it('is the path above the assets folder of a built script', () => {
    expect(basePathOf('https://srm.example.com/srm/assets/core-abc.js')).toBe('/srm');
    expect(basePathOf('http://127.0.0.1:8080/assets/core-abc.js')).toBe('');
    expect(basePathOf('https://h/a/b/assets/x.js?v=1')).toBe('/a/b');
  });
});

describe('appUrl', () => {
  it('puts the base path in front of portal paths', () => {
    expect(appUrl('/order/#/v2/order/list', '/srm')).toBe('/srm/order/#/v2/order/list');
    expect(appUrl('/apis/x?y=1', '/srm')).toBe('/srm/apis/x?y=1');
  });

  it('leaves absolute, protocol-relative and relative addresses alone', () => {
    expect(appUrl('https://erp.example.com/x', '/srm')).toBe('https://erp.example.com/x');
    expect(appUrl('//evil.example.com/x', '/srm')).toBe('//evil.example.com/x');
    expect(appUrl('./x', '/srm')).toBe('./x');
  });

  it('changes nothing at the root', () => {
    expect(appUrl('/order/#/v2/order/list', '')).toBe('/order/#/v2/order/list');
    expect(appUrl('/srmx/', '/srm')).toBe('/srm/srmx/');
  });
});
