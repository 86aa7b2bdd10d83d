import type { Locale } from '@srm/contracts/constants';
import type { BodyCode } from '@srm/contracts/envelope';
import { type MessageKey, t } from './messages.ts';

const HTTP_STATUS: Record<BodyCode, number> = {
  '200': 200,
  '400': 400,
  '401': 401,
  '403': 403,
  '404': 404,
  '409': 409,
  '429': 429,
  '500': 500,
};

/**
 * A business error with an envelope code and a translatable message key; the error handler turns it
 * into `{ code, message, data: null }` in the caller's language with the matching HTTP status.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: BodyCode,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Extra data for the envelope (e.g. { captchaRequired: true }); null by default. */
    readonly data: unknown = null,
    /** Parameters that depend on the reader's language (a document kind's title, a status label). */
    readonly localParams?: (locale: Locale) => Record<string, string | number>,
  ) {
    super(key);
    this.status = HTTP_STATUS[code];
  }

  /** The message in the locale, its parameters filled. */
  messageIn(locale: Locale): string {
    return t(locale, this.key, { ...this.params, ...this.localParams?.(locale) });
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError('400', key, params);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError('401', key);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError('403', key);
export const notFound = (key: MessageKey = 'notFound') => new AppError('404', key);
export const conflict = (key: MessageKey = 'staleVersion') => new AppError('409', key);
