import { z } from 'zod';

/** Body codes of the response envelope (DESIGN §3). */
export const BODY_CODES = ['200', '400', '401', '403', '404', '409', '429', '500'] as const;
export type BodyCode = (typeof BODY_CODES)[number];

/** `{ code, message, data }`: the shape of every API response body (DESIGN §3). */
export type Envelope<T> = { code: BodyCode; message: string; data: T };

const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.enum(BODY_CODES), message: z.string(), data });
/**
 * The envelopes made so far, by their data schema (zod schemas are immutable): a server built again in the same
 * process (each test file's, issue #35) gets the same response schema objects, so the serializers compiled for
 * them (apps/server/src/platform/serializer.ts, by schema object) are compiled once per process.
 */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Zod schema of an envelope around `data`, the same object for the same `data`; used for the response
 * serializers and the OpenAPI response documentation.
 */
export function envelopeSchema<T extends z.ZodType>(data: T): ReturnType<typeof envelopeOf<T>> {
  let schema = envelopes.get(data) as ReturnType<typeof envelopeOf<T>> | undefined;
  if (!schema) {
    schema = envelopeOf(data);
    envelopes.set(data, schema);
  }
  return schema;
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
