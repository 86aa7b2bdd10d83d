import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type AnySchema = Parameters<FastifySerializerCompiler<unknown>>[0]['schema'];

/**
 * Response serializer: each route's zod response schema is turned once into JSON Schema and compiled by
 * fast-json-stringify (Fastify's own serializer). Like the zod serializer it writes only the declared
 * fields — nothing a handler forgot to strip leaves the server — but it does not re-validate every
 * answer: zod's encode pass was a fifth of an authenticated trivial call (issue #7, BENCHMARKS.md).
 * Schemas JSON Schema cannot express fall back to the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<AnySchema> = (route) => {
  const schema = route.schema as unknown;
  if (schema instanceof z.ZodType) {
    try {
      const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
      return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    } catch {
      /* not expressible: validate and encode with zod */
    }
  }
  return zodSerializerCompiler(route as never) as (data: unknown) => string;
};
