import fc from 'fast-check';
import { z } from 'zod';

/** Values an attacker or a broken client sends: injection, markup, control characters, odd Unicode. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE subaccount; --",
  '<script>alert(1)</script>',
  ['{{7*7}}', '$', '{7*7}'].join(''),
  '../../../../etc/passwd',
  '\u0000',
  '\u202e\u0000\uffff',
  '😀'.repeat(50),
  'null',
  'undefined',
  '__proto__',
  ' ',
  '%00%0d%0a',
  'a'.repeat(10_000),
];

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};

/** JSON Schema of a zod schema as the request sees it (input side); null when it is not a zod schema. */
export function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in (schema as object))) return null;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values of the right shape (types, enums, required keys) with hostile contents: the bridge from a
 * route's zod schema (through its JSON Schema) to fast-check arbitraries.
 */
export function shapedArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((s) => shapedArbitrary(s, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return shapedArbitrary(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...HOSTILE_STRINGS));
      if (schema.format === 'date-time')
        return fc.oneof(
          fc
            .date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2999-01-01') })
            .map((d) => d.toISOString()),
          fc.constantFrom(...HOSTILE_STRINGS),
        );
      return fc.oneof(
        fc.constantFrom(...HOSTILE_STRINGS),
        fc.string({ maxLength: schema.maxLength ?? 64 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
      );
    case 'integer':
      return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 2 ** 31, Number.MAX_SAFE_INTEGER));
    case 'number':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -1, 1e308, 5e-324),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(shapedArbitrary(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {}))
        record[key] = shapedArbitrary(value, depth + 1);
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** JSON nested `depth` levels deep, as text (deep-nesting attack). */
export function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export type RawBody = { payload: string; contentType: string; kind: string };

/**
 * `count` invalid request bodies for a route: wrong types, missing or mistyped fields derived from a
 * valid shape, huge strings, deep nesting, prototype-pollution keys, malformed JSON, wrong content types.
 */
export function invalidBodies(schema: JsonSchema | null, seed: number, count: number): RawBody[] {
  const out: RawBody[] = [];
  const json = (value: unknown, kind: string) =>
    out.push({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json', kind });
  for (const value of fc.sample(fc.anything({ maxDepth: 3 }), { seed, numRuns: Math.round(count * 0.3) }))
    json(value, 'wrong type');
  const keys = Object.keys(schema?.properties ?? {});
  if (schema && keys.length > 0) {
    const shaped = fc.sample(shapedArbitrary(schema), { seed: seed + 1, numRuns: Math.round(count * 0.25) });
    shaped.forEach((value, i) => {
      const copy = { ...(value as Record<string, unknown>) };
      const key = keys[i % keys.length];
      if (i % 2 === 0) delete copy[key];
      else copy[key] = i % 4 === 1 ? { nested: [1, 2, 3] } : 12345;
      json(copy, i % 2 === 0 ? 'missing field' : 'mistyped field');
    });
  }
  for (let i = 0; out.length < count * 0.7; i++) json({ value: 'x'.repeat(50_000 + i) }, 'huge string');
  for (const depth of [64, 512, 2048, 10_000])
    out.push({ payload: deepJson(depth), contentType: 'application/json', kind: 'deep nesting' });
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    out.push({
      payload: `{"${key}":{"polluted":true,"isAdmin":true}}`,
      contentType: 'application/json',
      kind: 'prototype pollution',
    });
    out.push({
      payload: `{"a":{"${key}":{"polluted":true}}}`,
      contentType: 'application/json',
      kind: 'prototype pollution',
    });
  }
  for (const text of [
    '{',
    '{"a":',
    '[1,2',
    '{"a" 1}',
    'nul',
    '"unterminated',
    "{'a':1}",
    '\u0000',
    '{"a":1}}',
    '',
  ])
    out.push({ payload: text, contentType: 'application/json', kind: 'malformed JSON' });
  for (const type of [
    'text/plain',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencoded',
  ])
    out.push({ payload: 'a=1&b=<x/>', contentType: type, kind: 'wrong content type' });
  let filler = 0;
  while (out.length < count)
    json(fc.sample(fc.anything(), { seed: seed + 100 + filler++, numRuns: 1 })[0], 'wrong type');
  return out;
}
