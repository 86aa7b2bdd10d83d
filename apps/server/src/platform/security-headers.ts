import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set, computed once. helmet recomputes its headers (the CSP string
 * above all) on every response, which cost half of a trivial call's throughput (BENCHMARKS.md); the
 * values never change at run time, so we ask helmet once and replay them.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  helmet(options)({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}
