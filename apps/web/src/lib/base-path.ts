/**
 * The sub-path the portal runs under (issue #19, spec 000 §1: the login "may sit under the first path
 * segment of the current address"; the API base is that path plus /apis): '' at the root, '/srm' behind a
 * reverse proxy at /srm/. One build serves any base: the built scripts all sit in `{base}/assets/`, so the
 * base is where this module was loaded from, one folder up — nothing to configure in the browser. The
 * server's BASE_PATH setting decides it (README "Behind a reverse proxy").
 */

/**
 * The base path of a built script's URL: the path above its `assets/` folder, without a trailing slash
 * (`https://h/srm/assets/core-x.js` → '/srm', `https://h/assets/core-x.js` → '').
 */
export function basePathOf(moduleUrl: string): string {
  return new URL('../', moduleUrl).pathname.replace(/\/+$/, '');
}

/**
 * This page's base path. The dev server (vite) serves sources at the root, not built chunks: '' there.
 */
export const BASE_PATH: string = import.meta.env.DEV ? '' : basePathOf(import.meta.url);

/**
 * An address of the portal's own pages or API with the base path in front: `/order/#/v2/order/list` →
 * `/srm/order/#/v2/order/list`. Menu data, tab paths and links keep base-less paths; this is applied where
 * a URL is handed to the browser (iframe src, href, location). Absolute (`https://…`), protocol-relative
 * (`//host`) and relative addresses are returned unchanged. Apply it once, where the URL leaves the code.
 */
export function appUrl(path: string, base: string = BASE_PATH): string {
  if (!base || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${base}${path}`;
}
