import { z } from 'zod';

/** Body codes of the response envelope (DESIGN §3). */
export const BODY_CODES = ['200', '400', '401', '403', '404', '409', '429', '500'] as const;
export type BodyCode = (typeof BODY_CODES)[number];

/** `{ code, message, data }`: the shape of every API response body (DESIGN §3). */
export type Envelope<T> = { code: BodyCode; message: string; data: T };

/** Zod schema of an envelope around `data`; used for OpenAPI response documentation. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.enum(BODY_CODES), message: z.string(), data });
}

/**
 * A page of a list (DESIGN §3): records plus total count and the page that was asked for. Lists that can
 * grow to millions of rows also say whether `total` is exact (false: an estimate above the exact-count
 * limit) and give `nextCursor`, which reads the following page by keyset at any depth.
 */
export type Page<T> = {
  records: T[];
  total: number;
  currentPage: number;
  pageSize: number;
  totalExact?: boolean;
  nextCursor?: string | null;
};
