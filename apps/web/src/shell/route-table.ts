import { HOME_TAB_PATH } from '@srm/contracts/constants';

/**
 * A fixed route of spec 000 §2 with its title key and access flag (meta isAuth). `menuOnly`: a page only
 * some roles may open — the shell shows the 403 page when the user's menu has no entry for it (issue #19).
 */
export type RouteMeta = {
  path: string;
  titleKey: string;
  isAuth: boolean;
  menuOnly?: boolean;
  /** A `/portal/…` path the shell has no page for: its tab shows the 404 page (spec 000 §2, issue #19). */
  unknown?: boolean;
};

/** Prefix of the shell's own pages (spec 000 §2 "a path containing /portal/"). */
export const PORTAL_PREFIX = '/portal/';

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
  {
    path: '/portal/settings/login-page',
    titleKey: 'shell:routes.loginSettings',
    isAuth: true,
    menuOnly: true,
  },
  { path: '/portal/invite/list', titleKey: 'shell:routes.invite', isAuth: true, menuOnly: true },
  { path: '/portal/sms/outbox', titleKey: 'shell:routes.smsOutbox', isAuth: true, menuOnly: true },
  { path: '/portal/audit/config', titleKey: 'shell:routes.auditConfig', isAuth: true, menuOnly: true },
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

/**
 * A page of a module app (opened in a frame, /myiframe/{address}) that no menu entry leads to, with its tab
 * title; `titleKeyWithId` when the address names a document (`?id=…`), e.g. editing rather than creating.
 */
export type ModuleRouteMeta = { address: string; titleKey: string; titleKeyWithId?: string };

/**
 * Module pages opened as their own tab without a menu entry: the edit pages and the task-link targets
 * (spec 000 §2 "Task-link paths"). Lists reached from the menu take the menu entry's label instead.
 */
export const MODULE_ROUTES: readonly ModuleRouteMeta[] = [
  {
    address: '/order/#/v2/order/edit',
    titleKey: 'shell:moduleRoutes.orderNew',
    titleKeyWithId: 'shell:moduleRoutes.orderEdit',
  },
  { address: '/order/#/v2/order/detail', titleKey: 'shell:moduleRoutes.orderDetail' },
  // The supplier's quote page: the bid-invitation message links here.
  { address: '/order/#/v2/order/bid', titleKey: 'shell:moduleRoutes.bidQuote' },
  // Also a menu entry (suppliers); this names the tab when opened by its address.
  { address: '/order/#/v2/order/bids', titleKey: 'shell:moduleRoutes.bidList' },
  {
    address: '/masterdata/#/v2/supplier/edit',
    titleKey: 'shell:moduleRoutes.supplierNew',
    titleKeyWithId: 'shell:moduleRoutes.supplierEdit',
  },
  // Also a menu entry (system management, admins); this names the tab when opened by its address.
  { address: '/masterdata/#/v2/custom-fields', titleKey: 'shell:moduleRoutes.customFields' },
];

/**
 * A module address split into its page (`/order/#/v2/order/edit`) and its query, both the one inside the
 * hash (`…/edit?id=7`) and the one before it (`/order/?lang=en#/…`); the tab's own query joins them.
 */
export function splitModuleAddress(
  address: string,
  tabQuery: Record<string, string> = {},
): { page: string; query: Record<string, string> } {
  const hash = address.indexOf('#');
  const [beforeHash, afterHash] = hash < 0 ? [address, ''] : [address.slice(0, hash), address.slice(hash)];
  const [base, outerSearch = ''] = beforeHash.split('?', 2);
  const [route, innerSearch = ''] = afterHash.split('?', 2);
  const query = {
    ...Object.fromEntries(new URLSearchParams(outerSearch)),
    ...Object.fromEntries(new URLSearchParams(innerSearch)),
    ...tabQuery,
  };
  return { page: `${base}${route}`, query };
}

/** The title key of a module page without a menu entry (MODULE_ROUTES), if it is one. */
export function moduleRouteTitleKey(
  address: string,
  tabQuery: Record<string, string> = {},
): string | undefined {
  const { page, query } = splitModuleAddress(address, tabQuery);
  const route = MODULE_ROUTES.find((r) => r.address === page);
  if (!route) return undefined;
  return query.id && route.titleKeyWithId ? route.titleKeyWithId : route.titleKey;
}

/** True for frame routes /myiframe/{routerPath}. */
export function isIframePath(path: string): boolean {
  return path.startsWith(IFRAME_PREFIX) && path.length > IFRAME_PREFIX.length;
}

/**
 * The shell page a path shows as a tab, if any (spec 000 §2). Every `/portal/…` path is a tab: a page of
 * TAB_ROUTES as itself, any other (a menu entry an admin pointed at a page the shell does not have, an
 * old link) as the 404 page inside its tab (`unknown`), so the menu and the other tabs stay.
 */
export function findTabRoute(path: string): RouteMeta | undefined {
  if (isIframePath(path)) return { path, titleKey: 'shell:routes.iframe', isAuth: true };
  const known = TAB_ROUTES.find((r) => r.path === path);
  if (known) return known;
  if (path.startsWith(PORTAL_PREFIX) && path.length > PORTAL_PREFIX.length && !(path in REDIRECTS))
    return { path, titleKey: 'shell:routes.notFound', isAuth: true, unknown: true };
  return undefined;
}

/** True when only users whose menu leads to `path` may open it (the 403 page otherwise; issue #19). */
export function needsMenuEntry(path: string): boolean {
  return TAB_ROUTES.some((r) => r.path === path && r.menuOnly === true);
}

/** True when the route does not need authentication (meta isAuth false). */
export function isPublicPath(path: string): boolean {
  return PUBLIC_ROUTES.some((r) => r.path === path);
}
