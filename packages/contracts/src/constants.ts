/**
 * Shell constants of spec 000 §9 and seed 001 §9. Units are in the names (ms, s, px, min).
 */

/** Access-token lifetime in seconds (spec 000 §9: tokenTime 79200 s = 22 h). */
export const TOKEN_TIME_S = 79_200;
/** Refresh-token lifetime in seconds (not in the spec: 14 days, rotated on every use). */
export const REFRESH_TOKEN_TIME_S = 14 * 24 * 3600;
/** HTTP timeout of the browser client in ms (spec 000 §9). */
export const HTTP_TIMEOUT_MS = 20_000;
/** Redirect delay after a body code '401' in ms (spec 000 §8). */
export const LOGIN_REDIRECT_DELAY_MS = 3_000;
/** Delay between a successful forced password change and the logout, in ms (spec 000 §4, §9). */
export const FORCED_PASSWORD_LOGOUT_DELAY_MS = 1_000;
/** Width of the forced password change dialog (spec 000 §9). */
export const FORCED_PASSWORD_DIALOG_WIDTH = '35%';
/** User info cache timer in minutes (spec 000 §9). */
export const USER_INFO_CACHE_MIN = 1_440;
/** Message channel connect timeout (ms) and keepalive (s) (spec 000 §9). */
export const MQTT_CONNECT_TIMEOUT_MS = 5_000;
export const MQTT_KEEPALIVE_S = 10;
/** Script chunk load timeout in ms (spec 000 §8, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Resize debounce in ms and size-class breakpoints in px (spec 000 §2, §9). */
export const RESIZE_DEBOUNCE_MS = 20;
export const BREAKPOINTS_PX = { sm: 768, md: 992, lg: 1200 } as const;
/** Row densities of the top bar (spec 000 §9); medium is the default. */
export const ROW_DENSITIES = ['medium', 'small', 'mini'] as const;
export type RowDensity = (typeof ROW_DENSITIES)[number];
/** Interface languages (spec 000 §9); zh_cn is the default. */
export const LOCALES = ['zh_cn', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_cn';
/** Table pager (spec 000 §9). */
/** Page numbers of a keyset-backed list reach this many rows; deeper rows need `nextCursor` (issue #5). */
export const LIST_OFFSET_WINDOW_ROWS = 10_000;

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGER_COUNT = 7;
/** Home tab value (spec 000 §9). */
export const HOME_TAB_PATH = '/portal/wel/index';
/** The home tab closes only if this is true; it is false (spec 000 §2). */
export const ENABLE_CLOSE_HOME_PAGE = false;
/** Header message list (spec 000 §9). */
export const HEADER_MESSAGE_PAGE_SIZE = 5;
export const HEADER_MESSAGE_HARD_CAP = 10;
export const MESSAGE_POPOVER_WIDTH_PX = 400;
/** Default logo size and logo sizing rule (spec 000 §2). */
export const DEFAULT_LOGO_SIZE = { width: 140, height: 30 } as const;
export const LOGO_TARGET_RATIO = 4.5;
export const LOGO_MAX_HEIGHT = 55;
export const LOGO_MAX_WIDTH = 150;
/** Default date-time format (spec 000 §9 "yyyy-MM-dd hh:mm:ss", in dayjs tokens, 24 h). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Stations (spec 000 §1). */
export const STATIONS = ['purchase', 'sale'] as const;
export type Station = (typeof STATIONS)[number];
/** The permission value that shows admin-only buttons (spec 000 §6). */
export const ADMIN_PERMISSION = 'admin';
/** Approval task kinds for tickets (spec 000 §9). */
export const TASK_KINDS = ['ticket', 'audit', 'message'] as const;
/** Document kinds (spec 000 §9, seed 001 §3). */
export const DOCUMENT_KINDS = [
  'addCost',
  'bidding',
  'contract',
  'deductCost',
  'deliveryNote',
  'ebidding',
  'enquiry',
  'facIns',
  'facInsRevItem',
  'facInsTemplate',
  'invoice',
  'order',
  'qualification',
  'recon',
  'refund',
  'sampleNumber',
  'supplierMasterData',
  'sampleTemplateNumber',
  'supplierChange',
  'supplierAccess',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** Login-page setting group and codes (spec 000 §2). */
export const LOGIN_PAGE_GROUP = 'LoginPage_Group';
export const LOGIN_PAGE_CODES = [
  'LoginPage_SystemTitle',
  'LoginPage_SystemName',
  'LoginPage_LoginBackgroud',
  'LoginPage_SystemLogo',
  'LoginPage_LoginLogo',
  'LoginPage_LoginAD',
] as const;
/** Home-page display switches (spec 000 §2). */
export const INDEX_PAGE_CODES = [
  'IndexPage_Purchase',
  'IndexPage_Enquiry',
  'IndexPage_Order',
  'IndexPage_Logistics',
  'IndexPage_Head',
] as const;
/** Login throttling: attempts per window (not in the spec; see docs/security.md). */
export const LOGIN_RATE_LIMIT = { perAccount: 10, perIp: 30, windowMs: 60_000 } as const;
/** Consecutive failed logins after which a captcha is required, and after which the account locks. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
/** How long a lock lasts unless an admin lifts it sooner, in minutes. */
export const LOCK_MINUTES = 30;
