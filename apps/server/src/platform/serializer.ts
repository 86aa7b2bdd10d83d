import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type AnySchema = Parameters<FastifySerializerCompiler<unknown>>[0]['schema'];
type Serialize = (data: unknown) => string;

/** Compiled serializers by response schema: routes that answer the same schema share one. */
const compiled = new WeakMap<object, Serialize>();

/**
 * A zod schema → JSON Schema → fast-json-stringify (shared by every route with that schema); the zod
 * serializer, per route (its errors name the route), for what JSON Schema cannot say.
 */
function compile(route: Parameters<FastifySerializerCompiler<AnySchema>>[0]): Serialize {
  const schema = route.schema as unknown;
  if (schema instanceof z.ZodType) {
    const known = compiled.get(schema);
    if (known) return known;
    try {
      const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
      const serialize = fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
      compiled.set(schema, serialize);
      return serialize;
    } catch {
      /* not expressible: validate and encode with zod */
    }
  }
  return zodSerializerCompiler(route as never) as Serialize;
}

/**
 * Response serializer: each route's zod response schema is turned into JSON Schema and compiled by
 * fast-json-stringify (Fastify's own serializer). Like the zod serializer it writes only the declared
 * fields — nothing a handler forgot to strip leaves the server — but it does not re-validate every
 * answer: zod's encode pass was a fifth of an authenticated trivial call (issue #7, BENCHMARKS.md).
 * Schemas JSON Schema cannot express fall back to the zod serializer.
 *
 * Compiled on a route's first answer with that status, not at start-up (issue #43): compiling all
 * ~700 routes' schemas was the largest part of a warm start (≈ 1.5–2.3 s of CPU of it, BENCHMARKS.md), and
 * most routes are not called in a process's first minutes. Routes answering the same schema object share
 * one compiled serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<AnySchema> = (route) => {
  let serialize: Serialize | undefined;
  return (data: unknown) => {
    serialize ??= compile(route);
    return serialize(data);
  };
};
