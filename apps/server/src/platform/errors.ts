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

  /**
   * The body fields this business error is about (issue #33), as segments of the request body (array
   * positions as numbers): the error handler answers each as a field error in `data.errors` (path, segments,
   * field by its label, rule, message), as a validation '400' does, so a form shows it at the field.
   */
  fields: Array<{ segments: (string | number)[]; rule: string }> = [];

  /**
   * Names the body field the error is about (e.g. `['lines', 0, 'priceExcludingTax']`); `rule` is the
   * business rule's name for clients (default: the message key). Answers the error, for `throw e.at(…)`.
   */
  at(segments: (string | number)[], rule: string = this.key): this {
    this.fields.push({ segments, rule });
    return this;
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
