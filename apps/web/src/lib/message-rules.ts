import type { Locale } from '@srm/contracts/constants';

/** Header message list (spec 000 §9): page size 5, cut to 5, hard cap 10. Same values as contracts/constants. */
export const HEADER_PAGE_SIZE = 5;
export const HEADER_HARD_CAP = 10;

/** The header widget's rows: the first `pageSize` records (5), never more than the hard cap (10). */
export function cutHeaderList<T>(records: readonly T[] | null | undefined, pageSize = HEADER_PAGE_SIZE): T[] {
  if (!Array.isArray(records)) return [];
  return records.slice(0, Math.min(pageSize, HEADER_HARD_CAP));
}

/** What a failed header list call reports: an envelope with a non-'200' code, or an exception. */
export type ListFailure =
  | { kind: 'response'; code?: string; message?: string | null; statusText?: string | null }
  | { kind: 'exception'; error: unknown };

/**
 * Error text of the header message list (spec 000 §8): 'failed to get message list, ' plus the server
 * message or the status text (non-'200' code or empty data), or plus the exception message.
 */
export function messageListError(prefix: string, failure: ListFailure, unknown = ''): string {
  if (failure.kind === 'response') {
    const detail = failure.message || failure.statusText || unknown;
    return `${prefix}${detail}`;
  }
  const e = failure.error;
  const detail = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  return `${prefix}${detail || unknown}`;
}

/** An envelope the header widget accepts: code '200' and data with a records array (spec 000 §8). */
export function isUsableList(body: { code?: unknown; data?: unknown } | null | undefined): boolean {
  if (body?.code !== '200') return false;
  const data = body.data as { records?: unknown } | null | undefined;
  return Boolean(data && Array.isArray(data.records));
}

/**
 * Where the browser connects for pushes (issue #4): an absolute ws(s) URL is used as is; a path
 * ('/mqtt') is resolved against the page: ws:// on http, wss:// on https, same host and port.
 */
export function resolveMqttUrl(mqttUrl: string, location: { protocol: string; host: string }): string {
  if (/^wss?:\/\//i.test(mqttUrl)) return mqttUrl;
  if (/^https?:\/\//i.test(mqttUrl)) return mqttUrl.replace(/^http/i, 'ws');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = mqttUrl.startsWith('/') ? mqttUrl : `/${mqttUrl}`;
  return `${scheme}//${location.host}${path}`;
}

/** Username the embedded broker expects: `{elsAccount}_{elsSubAccount}`. */
export function mqttUsername(elsAccount: string, elsSubAccount: string): string {
  return `${elsAccount}_${elsSubAccount}`;
}

/**
 * The user's push topic: the one handed over at login (environMentConfig.mqttTopic), otherwise
 * built as `srm/{env}/{elsAccount}/{elsSubAccount}` (the server's rule).
 */
export function pushTopic(
  config: { mqttTopic?: string | null; env?: string | null } | null | undefined,
  elsAccount: string,
  elsSubAccount: string,
): string {
  if (config?.mqttTopic) return config.mqttTopic;
  return `srm/${config?.env || 'demo'}/${elsAccount}/${elsSubAccount}`;
}

/** A pushed payload is plain text (spec 000 §3): the message title; bytes are decoded as UTF-8. */
export function pushText(payload: Uint8Array | string): string {
  if (typeof payload === 'string') return payload;
  return new TextDecoder().decode(payload);
}

/** Label of a dictionary entry in the interface language (value itself when unknown). */
export function dictLabel(
  dict: Readonly<Record<string, { zh_cn: string; en: string }>>,
  value: string | null | undefined,
  locale: Locale,
): string {
  if (!value) return '';
  return dict[value]?.[locale] ?? value;
}

/** Announcement types, status and channels — same values as contracts/message.ts (kept zod-free here). */
export const NOTICE_TYPES = {
  '1': { zh_cn: '普通公告', en: 'General' },
  '2': { zh_cn: '采购公告', en: 'Procurement' },
  '3': { zh_cn: '系统公告', en: 'System' },
} as const;
export const NOTICE_STATUS = {
  '0': { zh_cn: '未发布', en: 'Unpublished' },
  '1': { zh_cn: '已发布', en: 'Published' },
} as const;
export const NOTICE_CHANNELS = {
  '1': { zh_cn: '门户', en: 'Portal' },
  '2': { zh_cn: '门户和邮件', en: 'Portal and email' },
} as const;
export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 5000;

/** Form check of the announcement period: the end must be after the start (seed 001 §5). */
export function endAfterStart(
  start: { valueOf(): number } | null | undefined,
  end: { valueOf(): number } | null | undefined,
): boolean {
  if (!start || !end) return true;
  return end.valueOf() > start.valueOf();
}

/** Supplier accounts typed in the receivers field: trimmed, de-duplicated, empty ones dropped. */
export function normaliseReceivers(values: readonly string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const v of values ?? []) {
    const s = String(v).trim();
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}
