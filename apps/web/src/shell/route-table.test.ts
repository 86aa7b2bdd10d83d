import { describe, expect, it } from 'vitest';
import i18n from '../lib/i18n.ts';
import {
  findTabRoute,
  MODULE_ROUTES,
  moduleRouteTitleKey,
  needsMenuEntry,
  splitModuleAddress,
} from './route-table.ts';

describe('splitModuleAddress', () => {
  it('separates the module page from the query inside and before the hash', () => {
    expect(splitModuleAddress('/order/#/v2/order/edit?id=7')).toEqual({
      page: '/order/#/v2/order/edit',
      query: { id: '7' },
    });
    expect(splitModuleAddress('/order/?lang=en#/v2/order/list', { x: '1' })).toEqual({
      page: '/order/#/v2/order/list',
      query: { lang: 'en', x: '1' },
    });
    expect(splitModuleAddress('/apis/docs/')).toEqual({ page: '/apis/docs/', query: {} });
  });
});

describe('moduleRouteTitleKey (module pages without a menu entry)', () => {
  it('titles the order form "new" without an id and "edit" with one, from the address or the tab query', () => {
    expect(moduleRouteTitleKey('/order/#/v2/order/edit')).toBe('shell:moduleRoutes.orderNew');
    expect(moduleRouteTitleKey('/order/#/v2/order/edit?id=42')).toBe('shell:moduleRoutes.orderEdit');
    expect(moduleRouteTitleKey('/order/#/v2/order/edit', { id: '42' })).toBe('shell:moduleRoutes.orderEdit');
    expect(moduleRouteTitleKey('/order/#/v2/order/detail?id=42&taskId=3')).toBe(
      'shell:moduleRoutes.orderDetail',
    );
  });
  it('knows nothing of other pages (the menu or the address label them)', () => {
    expect(moduleRouteTitleKey('/order/#/v2/order/list')).toBeUndefined();
    expect(moduleRouteTitleKey('/rfq/#/v2/edit')).toBeUndefined();
  });
  it('has every title in zh_cn and en', () => {
    const keys = MODULE_ROUTES.flatMap((r) => [r.titleKey, r.titleKeyWithId ?? r.titleKey]);
    for (const lng of ['zh_cn', 'en'])
      for (const key of keys) expect(i18n.t(key, { lng }), `${lng} ${key}`).not.toBe(key.split(':')[1]);
    expect(i18n.t('shell:moduleRoutes.orderNew', { lng: 'en' })).toBe('New order');
    expect(i18n.t('shell:moduleRoutes.orderEdit', { lng: 'zh_cn' })).toBe('编辑订单');
  });
});

describe('needsMenuEntry (the 403 page for pages the roles do not open, issue #19)', () => {
  it('marks the admin-only shell pages and leaves everyday pages open', () => {
    expect(needsMenuEntry('/portal/invite/list')).toBe(true);
    expect(needsMenuEntry('/portal/settings/login-page')).toBe(true);
    expect(needsMenuEntry('/portal/info/message')).toBe(false);
    expect(needsMenuEntry('/portal/wel/index')).toBe(false);
  });
});

describe('findTabRoute: /portal/ paths outside the built-in table (spec 000 §2, issue #19)', () => {
  it('opens a known shell page as itself', () => {
    const route = findTabRoute('/portal/info/message');
    expect(route?.titleKey).toBe('shell:routes.message');
    expect(route?.unknown).toBeFalsy();
  });
  it('opens any other /portal/ path as a tab with the 404 page, titled in both languages', () => {
    const route = findTabRoute('/portal/unknown/x');
    expect(route).toMatchObject({ path: '/portal/unknown/x', unknown: true, isAuth: true });
    expect(i18n.t(String(route?.titleKey), { lng: 'zh_cn' })).toBe('页面不存在');
    expect(i18n.t(String(route?.titleKey), { lng: 'en' })).toBe('Page not found');
  });
  it('leaves redirects, the bare prefix and non-portal paths alone', () => {
    expect(findTabRoute('/portal/wel')).toBeUndefined();
    expect(findTabRoute('/portal/')).toBeUndefined();
    expect(findTabRoute('/nowhere')).toBeUndefined();
  });
});
