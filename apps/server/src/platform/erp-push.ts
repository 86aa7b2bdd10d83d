import type { Config } from '../config.ts';

/**
 * The ERP push seam (issue #15 posting; issue #18 "ERP push … a connector interface with one reference
 * connector"). A connector gets one posted document as JSON and answers either the ERP's own number for
 * it (a voucher, an ERP order number) or an error text; the caller records the result on the document —
 * seed 001 §8 "push ERP successful" or the error. A connector never throws.
 */
export type ErpPushEvent = {
  /** The spec's document kind (invoice, recon, order …). */
  kind: string;
  /** What happened: 'post', 'send' … */
  action: string;
  /** The buyer's company (elsAccount) the ERP belongs to. */
  elsAccount: string;
  /** The document number in the portal. */
  number: string;
  /** The document's header and lines as the API answers them (money as decimal strings). */
  document: Record<string, unknown>;
  lines: ReadonlyArray<Record<string, unknown>>;
};

export type ErpPushResult = { ok: true; erpNumber: string | null } | { ok: false; message: string };

export type ErpConnector = {
  /** A name for the logs and the docs ('http'). */
  name: string;
  push(event: ErpPushEvent): Promise<ErpPushResult>;
};

/** How many times the HTTP connector tries (1 + retries), waiting 200 ms, then 400 ms between tries. */
const ATTEMPTS = 3;

/**
 * The reference connector: POST `ERP_PUSH_URL` with the event as JSON (`Authorization: Bearer
 * ERP_PUSH_TOKEN` when set), at most `ERP_PUSH_TIMEOUT_MS` per try, retried on a network error or a 5xx.
 * A 2xx answer may carry `{ "erpNumber": "…" }` (or `voucherNumber`); anything else is an error whose
 * text names the status and the start of the body. Answers null when no URL is configured.
 */
export function erpConnector(
  config: Pick<Config, 'ERP_PUSH_URL' | 'ERP_PUSH_TOKEN' | 'ERP_PUSH_TIMEOUT_MS'>,
) {
  const url = config.ERP_PUSH_URL;
  if (!url) return null;
  const connector: ErpConnector = {
    name: 'http',
    async push(event) {
      let last = '';
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        if (attempt > 1) await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 2)));
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(config.ERP_PUSH_TOKEN ? { authorization: `Bearer ${config.ERP_PUSH_TOKEN}` } : {}),
            },
            body: JSON.stringify(event),
            signal: AbortSignal.timeout(config.ERP_PUSH_TIMEOUT_MS),
          });
          const text = await response.text();
          if (response.ok) {
            let erpNumber: string | null = null;
            try {
              const body = JSON.parse(text) as { erpNumber?: unknown; voucherNumber?: unknown };
              const value = body.erpNumber ?? body.voucherNumber;
              if (typeof value === 'string' && value.trim() !== '') erpNumber = value.trim().slice(0, 60);
            } catch {
              // A 2xx without JSON is still a successful push, without a number.
            }
            return { ok: true, erpNumber };
          }
          last = `HTTP ${response.status}: ${text.slice(0, 200)}`;
          if (response.status < 500) break;
        } catch (error) {
          last = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        }
      }
      return { ok: false, message: last.slice(0, 300) };
    },
  };
  return connector;
}
