import { afterEach, describe, expect, it } from 'vitest';
import {
  forwardDetailHref,
  forwardFrameSrc,
  parseForward,
  savePendingForward,
  takePendingForward,
} from './forward.ts';

const ORIGIN = 'https://srm.example.com';

describe('forward pages (spec 000 §2 /forwardPass, /forward/detail)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('splits the page address and title from the props', () => {
    expect(
      parseForward({ url: '/order/#/v2/order/detail', title: 'PO 1', id: 'a1', tab: 'items' }, ORIGIN),
    ).toEqual({ url: '/order/#/v2/order/detail', title: 'PO 1', props: { id: 'a1', tab: 'items' } });
    expect(parseForward({ url: '/rfq/#/v2/detail', id: 'x' }, ORIGIN)).toEqual({
      url: '/rfq/#/v2/detail',
      props: { id: 'x' },
    });
  });

  it('refuses a missing address and addresses outside the frame allowlist', () => {
    expect(parseForward({ id: 'a1' }, ORIGIN)).toBeUndefined();
    expect(parseForward({ url: '//evil.example.com/x' }, ORIGIN)).toBeUndefined();
    expect(parseForward({ url: 'javascript:alert(1)' }, ORIGIN)).toBeUndefined();
    expect(parseForward({ url: 'https://bi.example.com/r' }, ORIGIN)).toBeUndefined();
    expect(parseForward({ url: 'https://bi.example.com/r' }, ORIGIN, ['https://bi.example.com'])?.url).toBe(
      'https://bi.example.com/r',
    );
  });

  it('hands the props to the page in its own query', () => {
    expect(forwardFrameSrc({ url: '/order/#/v2/order/detail', props: { id: 'a1' } })).toBe(
      '/order/#/v2/order/detail?id=a1',
    );
    expect(forwardFrameSrc({ url: '/x/?lang=en', props: { id: 'a b' } })).toBe('/x/?lang=en&id=a+b');
    expect(forwardFrameSrc({ url: '/x/', props: {} })).toBe('/x/');
  });

  it('keeps one pending forward for after the login and gives it once', () => {
    const href = forwardDetailHref({ url: '/order/#/v2/order/detail', id: 'a1' });
    expect(href).toBe('/forward/detail?url=%2Forder%2F%23%2Fv2%2Forder%2Fdetail&id=a1');
    savePendingForward(href);
    expect(takePendingForward()).toBe(href);
    expect(takePendingForward()).toBeUndefined();
  });

  it('never gives a stored value that is not a forward route', () => {
    savePendingForward('https://evil.example.com/');
    expect(takePendingForward()).toBeUndefined();
  });
});
