import { HOME_TAB_PATH } from '@srm/contracts/constants';

/** A fixed route of spec 000 §2 with its title key and access flag (meta isAuth). */
export type RouteMeta = { path: string; titleKey: string; isAuth: boolean };

/** Prefix of the frame route /myiframe/{routerPath} (spec 000 §2). */
export const IFRAME_PREFIX = '/myiframe/';

/** Shell pages shown inside the layout as tabs (spec 000 §2 fixed routes with access 'normal'). */
export const TAB_ROUTES: readonly RouteMeta[] = [
  { path: HOME_TAB_PATH, titleKey: 'shell:routes.home', isAuth: true },
  { path: '/portal/supplier/index', titleKey: 'shell:routes.supplierHome', isAuth: true },
  { path: '/portal/info/index', titleKey: 'shell:routes.info', isAuth: true },
  { path: '/portal/info/message', titleKey: 'shell:routes.message', isAuth: true },
  { path: '/portal/notice/list', titleKey: 'shell:routes.notice', isAuth: true },
  { path: '/portal/info/todo', titleKey: 'shell:routes.todo', isAuth: true },
  { path: '/portal/info/list', titleKey: 'shell:routes.list', isAuth: true },
  { path: '/portal/rohs/main', titleKey: 'shell:routes.rohsMain', isAuth: true },
  { path: '/portal/rohs/card', titleKey: 'shell:routes.rohsCard', isAuth: true },
  { path: '/audit', titleKey: 'shell:routes.audit', isAuth: true },
  { path: '/forward/detail', titleKey: 'shell:routes.forwardDetail', isAuth: true },
  { path: '/portal/settings/login-page', titleKey: 'shell:routes.loginSettings', isAuth: true },
  { path: '/portal/invite/list', titleKey: 'shell:routes.invite', isAuth: true },
  { path: '/portal/sms/outbox', titleKey: 'shell:routes.smsOutbox', isAuth: true },
  { path: '/portal/audit/config', titleKey: 'shell:routes.auditConfig', isAuth: true },
];

/** Routes outside the layout; all public (spec 000 §2). */
export const PUBLIC_ROUTES: readonly RouteMeta[] = [
  { path: '/login', titleKey: 'login:submit', isAuth: false },
  { path: '/lock', titleKey: 'shell:lock.title', isAuth: false },
  { path: '/404', titleKey: 'common:app.title', isAuth: false },
  { path: '/403', titleKey: 'common:app.title', isAuth: false },
  { path: '/500', titleKey: 'common:app.title', isAuth: false },
  { path: '/wxAuth', titleKey: 'shell:routes.wxAuth', isAuth: false },
  { path: '/register', titleKey: 'account:reg.title', isAuth: false },
  { path: '/resetPassword', titleKey: 'account:reset.title', isAuth: false },
  { path: '/forwardPass', titleKey: 'shell:routes.forwardPass', isAuth: false },
];

/** Redirects of spec 000 §2. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': '/portal/wel',
  '/wel': HOME_TAB_PATH,
  '/portal/wel': HOME_TAB_PATH,
};

/** True for frame routes /myiframe/{routerPath}. */
export function isIframePath(path: string): boolean {
  return path.startsWith(IFRAME_PREFIX) && path.length > IFRAME_PREFIX.length;
}

/** The shell page a path shows as a tab, if any (spec 000 §2). */
export function findTabRoute(path: string): RouteMeta | undefined {
  if (isIframePath(path)) return { path, titleKey: 'shell:routes.iframe', isAuth: true };
  return TAB_ROUTES.find((r) => r.path === path);
}

/** True when the route does not need authentication (meta isAuth false). */
export function isPublicPath(path: string): boolean {
  return PUBLIC_ROUTES.some((r) => r.path === path);
}
