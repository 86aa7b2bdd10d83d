import { describe, expect, it } from 'vitest';
import { isJpgOrPng, logoSize, logoUrl } from './logo.ts';

describe('logo rules (spec 000 §2)', () => {
  it('uses absolute http(s) URLs as is and builds the download URL otherwise', () => {
    expect(logoUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(logoUrl('HTTP://x.test/l.jpg')).toBe('HTTP://x.test/l.jpg');
    expect(logoUrl('100000/202601/a b.png')).toBe(
      '/apis/ElsAttachmentService/downloadFileByPortal?filePath=100000%2F202601%2Fa%20b.png',
    );
    expect(logoUrl('')).toBeNull();
    expect(logoUrl('  ')).toBeNull();
    expect(logoUrl(undefined)).toBeNull();
  });

  it('sizes by the 4.5 ratio: narrower → height 55, wider → width 150, equal → native', () => {
    expect(logoSize(100, 100)).toEqual({ width: 55, height: 55 });
    expect(logoSize(200, 100)).toEqual({ width: 110, height: 55 });
    expect(logoSize(600, 100)).toEqual({ width: 150, height: 25 });
    expect(logoSize(90, 20)).toEqual({ width: 90, height: 20 });
    expect(logoSize(0, 0)).toEqual({ width: 140, height: 30 });
  });

  it('accepts only JPG and PNG pictures', () => {
    expect(isJpgOrPng({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isJpgOrPng({ name: 'a.jpeg', type: '' })).toBe(true);
    expect(isJpgOrPng({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    expect(isJpgOrPng({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
  });
});
