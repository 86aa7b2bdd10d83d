/**
 * The sub-path the portal and its API answer under (BASE_PATH, issue #19, spec 000 §1: "the base path is
 * derived from the first address segment plus /apis"), e.g. `/srm` behind a reverse proxy at `/srm/`.
 * Empty = the root (the default). Routes are registered without it; `rewriteUrl` strips it from each
 * request before routing (app.ts), and every `Location` the server answers gets it back.
 */

/** One path segment of a base path: letters, digits and `-._~` (no `.`/`..` segments). */
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * Normalises a BASE_PATH value: surrounding spaces trimmed, one leading slash, no trailing slash;
 * '' and '/' give '' (the root). Returns null for a value that is not a plain path (a scheme, a query,
 * a `#`, `.`/`..` segments, empty segments or other characters).
 */
export function normaliseBasePath(value: string): string | null {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  const segments = (trimmed.startsWith('/') ? trimmed.slice(1) : trimmed).split('/');
  if (!segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')) return null;
  return `/${segments.join('/')}`;
}

/** Where a request's URL stands against the base path. */
export type BaseMatch =
  /** Inside the base path: the URL without it (always starting with '/'). */
  | { inside: true; url: string }
  /** Outside it. */
  | { inside: false };

/**
 * Strips `base` (normalised, non-empty) from a request URL: `/srm/apis/x?y` → `/apis/x?y`, `/srm` →
 * `/`, `/srm?a` → `/?a`; `/apis/x` and `/srmx/` are outside.
 */
export function stripBasePath(base: string, url: string): BaseMatch {
  if (!url.startsWith(base)) return { inside: false };
  const rest = url.slice(base.length);
  if (rest === '') return { inside: true, url: '/' };
  if (rest.startsWith('/')) return { inside: true, url: rest };
  if (rest.startsWith('?')) return { inside: true, url: `/${rest}` };
  return { inside: false };
}

/** The path every URL outside the base path is routed to: no route or file answers it (404). */
export const OUTSIDE_BASE_PATH = '/.outside-base-path';

/**
 * A `Location` (or other server-written address) with the base path put in front when it is a path of
 * this server (`/portal/` → `/srm/portal/`); absolute URLs, protocol-relative ones (`//host`) and
 * relative ones (`./x`) are left as they are.
 */
export function withBasePath(base: string, location: string): string {
  if (!base || !location.startsWith('/') || location.startsWith('//')) return location;
  return `${base}${location}`;
}
