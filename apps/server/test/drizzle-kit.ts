/**
 * drizzle-kit's programmatic API for the tests that generate DDL from tables (document-tables,
 * document-collections). Importing `drizzle-kit/api` adds *enumerable* methods to built-in prototypes
 * (`Array.prototype.random`, `String.prototype.camelCase` …, drizzle-kit 0.31): every later `for … in` over
 * an array in the same process sees a `random` key. ajv's code generator iterates a schema's `required` list
 * that way, so fast-json-stringify then compiled `required: [undefined]` and RFQ answers failed with 500 in a
 * later test file of the same worker (issue #35, the leak that kept the suite from `isolate: false`). The
 * added methods are made non-enumerable here, so drizzle-kit still finds them and nothing else sees them.
 */
const prototypes = [
  Array.prototype,
  String.prototype,
  Object.prototype,
  Function.prototype,
  Number.prototype,
];
const before = prototypes.map((p) => new Set(Reflect.ownKeys(p)));
const api = await import('drizzle-kit/api');
prototypes.forEach((proto, i) => {
  for (const key of Reflect.ownKeys(proto)) {
    if (before[i].has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(proto, key);
    if (descriptor?.enumerable) Object.defineProperty(proto, key, { ...descriptor, enumerable: false });
  }
});

export const { generateDrizzleJson, generateMigration } = api;
