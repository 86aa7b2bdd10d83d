/**
 * Iframe source allowlist (DESIGN §9, spec 000 §2 /myiframe): a same-origin path (one leading `/`, not
 * `//` or `/\`), an absolute http(s) URL on the portal's own origin, or one whose origin is listed in
 * environMentConfig.iframeOrigins. Everything else (other hosts, javascript:, data:) is refused.
 */
export function isIframeSrcAllowed(src: string, origin: string, allowedOrigins: readonly string[]): boolean {
  if (!src) return false;
  if (src.startsWith('/')) return !(src.startsWith('//') || src.startsWith('/\\'));
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin === origin) return true;
  return allowedOrigins.some((a) => {
    try {
      return new URL(a).origin === url.origin;
    } catch {
      return false;
    }
  });
}

/** `src` with `query` appended to its own query (`?` or `&`): the frame address of a page and its props. */
export function withQuery(src: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  if (!search) return src;
  return `${src}${src.includes('?') ? '&' : '?'}${search}`;
}

/** The decoded address of a /myiframe/{routerPath} route, or undefined if it cannot be decoded. */
export function decodeRouterPath(routerPath: string): string | undefined {
  try {
    return decodeURIComponent(routerPath);
  } catch {
    return undefined;
  }
}
