import { getStore, removeStore, setStore } from '../lib/storage.ts';
import { isIframeSrcAllowed, withQuery } from './iframe-allow.ts';

/** Route of the detail page whose props come from the query (spec 000 §2 /forward/detail). */
export const FORWARD_DETAIL_PATH = '/forward/detail';
/** Session-storage key of a forward waiting for the login (spec 000 §2 /forwardPass). */
export const PENDING_FORWARD_KEY = 'forward';
/** A pending forward older than this is dropped (minutes): a login much later is another visit. */
const PENDING_FORWARD_MINUTES = 30;

/**
 * The page a forward names, split from its props (spec 000 §2): the query's `url` is the page's address (a
 * module page such as `/order/#/v2/order/detail`, under the same allowlist as /myiframe), `title` an optional
 * tab label, and every other key a prop handed to the page in its own query (e.g. `id`).
 */
export type ForwardTarget = { url: string; title?: string; props: Record<string, string> };

/**
 * Reads a forward's query. Undefined when `url` is missing or refused by the frame allowlist (another host not
 * in `allowedOrigins`, `javascript:`, `//host` …): a forward never leads outside the portal's own pages.
 */
export function parseForward(
  query: Record<string, string>,
  origin: string,
  allowedOrigins: readonly string[] = [],
): ForwardTarget | undefined {
  const { url, title, ...props } = query;
  if (!url || !isIframeSrcAllowed(url, origin, allowedOrigins)) return undefined;
  return { url, ...(title ? { title } : {}), props };
}

/** The frame address of a forward: its page with the props in the page's own query. */
export function forwardFrameSrc(target: ForwardTarget): string {
  return withQuery(target.url, target.props);
}

/** The shell route (`/forward/detail?…`) that opens a forward's page as a tab. */
export function forwardDetailHref(query: Record<string, string>): string {
  return `${FORWARD_DETAIL_PATH}?${new URLSearchParams(query).toString()}`;
}

/** Keeps a forward for after the login (this browser tab only, 30 minutes). */
export function savePendingForward(href: string): void {
  setStore(PENDING_FORWARD_KEY, href, { type: 'session', expireMin: PENDING_FORWARD_MINUTES });
}

/** Takes (reads and removes) the pending forward, if any and still fresh. */
export function takePendingForward(): string | undefined {
  const href = getStore<string>(PENDING_FORWARD_KEY, { type: 'session' });
  removeStore(PENDING_FORWARD_KEY, 'session');
  return typeof href === 'string' && href.startsWith(`${FORWARD_DETAIL_PATH}?`) ? href : undefined;
}
