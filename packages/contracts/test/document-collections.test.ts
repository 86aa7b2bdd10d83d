import { describe, expect, it } from 'vitest';
import {
  type CollectionDef,
  collectionsOf,
  type DocumentDefinition,
  defineDocument,
  saveSchema,
} from '../src/document/define.ts';

/**
 * Child collections of a definition (issue #34): `defineDocument` refuses bad collections when the module
 * loads, `collectionsOf` answers what a side reads, and `saveSchema` carries each collection's rows.
 */

const label = { zh_cn: '字段', en: 'Field' };
const STATUS = { '0': { zh_cn: '新建', en: 'New' } } as const;

const base = {
  kind: 'collectionProbe',
  module: 'probe',
  service: 'CollectionProbe',
  title: { zh_cn: '探针', en: 'Probe' },
  prefix: 'CP',
  numberField: 'probeNumber',
  dateField: 'probeDate',
  detailPath: '/probe/#/v2/detail',
  customFields: 30,
  header: {
    probeNumber: { label, type: 'text' },
    probeDate: { label, type: 'date', input: true },
    subject: { label, type: 'text', input: true },
  },
  lines: { label, max: 10, fields: { material: { label, type: 'text', input: true, required: true } } },
  statuses: { probeStatus: STATUS },
  editable: { purchase: { probeStatus: ['0'] } },
  actions: {},
  print: { header: [], lines: [] },
} satisfies DocumentDefinition;

const withCollection = (name: string, collection: Partial<CollectionDef>, extra: object = {}) =>
  defineDocument({
    ...base,
    ...extra,
    collections: {
      [name]: {
        label,
        max: 5,
        fields: { dueDate: { label, type: 'date', input: true, required: true } },
        ...collection,
      },
    },
  } as DocumentDefinition);

describe('defineDocument checks child collections', () => {
  it('accepts a valid collection', () => {
    expect(() => withCollection('paymentPlan', { min: 1, max: 5 })).not.toThrow();
  });

  it('refuses names clashing with lines, the body keys, header or status fields, custom fields', () => {
    for (const name of ['lines', 'id', 'version', 'collections', 'fbk3'])
      expect(() => withCollection(name, {})).toThrow(
        `collectionProbe: collection ${name}: the name is reserved`,
      );
    expect(() => withCollection('subject', {})).toThrow(
      'collection subject: the name is also a header field',
    );
    expect(() => withCollection('probeStatus', {})).toThrow(/probeStatus: the name is also a header field/);
  });

  it('refuses invalid names of collections and of their fields', () => {
    expect(() => withCollection('Payment-plan', {})).toThrow(/must be camelCase/);
    expect(() =>
      withCollection('plan', { fields: { 'due date': { label, type: 'date', input: true } } }),
    ).toThrow('collection plan: field due date must be camelCase letters and digits');
    expect(() => withCollection('plan', { fields: { lineNumber: { label, type: 'integer' } } })).toThrow(
      'collection plan: field lineNumber is a column of every child table',
    );
    expect(() => withCollection('plan', { fields: {} })).toThrow('collection plan: no fields');
  });

  it('refuses max below min, a negative min, a max below 1, and sides the kind lacks', () => {
    expect(() => withCollection('plan', { min: 3, max: 2 })).toThrow('collection plan: max 2 is below min 3');
    expect(() => withCollection('plan', { min: -1 })).toThrow('min must be an integer ≥ 0');
    expect(() => withCollection('plan', { max: 0 })).toThrow('max must be an integer ≥ 1');
    expect(() => withCollection('plan', { sides: ['sale'] }, { sides: ['purchase'] })).toThrow(
      'collection plan: side sale is not one of the kind',
    );
  });
});

describe('collections in what a side reads and saves', () => {
  const def = defineDocument({
    ...base,
    collections: {
      paymentPlan: {
        label: { zh_cn: '付款计划', en: 'Payment plan' },
        min: 1,
        max: 2,
        fields: { dueDate: { label, type: 'date', input: true, required: true } },
      },
      clauses: {
        label,
        max: 3,
        sides: ['purchase'],
        fields: { clauseText: { label, type: 'text', input: true, max: 20 } },
      },
    },
  });

  it('answers each side its collections in the definition order', () => {
    expect(collectionsOf(def).map(([n]) => n)).toEqual(['paymentPlan', 'clauses']);
    expect(collectionsOf(def, 'purchase').map(([n]) => n)).toEqual(['paymentPlan', 'clauses']);
    expect(collectionsOf(def, 'sale').map(([n]) => n)).toEqual(['paymentPlan']);
    expect(collectionsOf(base as DocumentDefinition, 'purchase')).toEqual([]);
  });

  it('validates rows: fields, min and max; an optional collection defaults to no rows', () => {
    const schema = saveSchema(def, 'purchase');
    const body = { probeDate: '2026-12-04', lines: [{ material: 'M1' }] };
    const ok = schema.safeParse({ ...body, paymentPlan: [{ dueDate: '2027-01-31' }] });
    expect(ok.success).toBe(true);
    expect(ok.data?.clauses).toEqual([]);
    const paths = (value: object) =>
      schema.safeParse({ ...body, ...value }).error?.issues.map((i) => [i.path.join('.'), i.code]);
    expect(paths({})).toEqual([['paymentPlan', 'invalid_type']]);
    expect(paths({ paymentPlan: [] })).toEqual([['paymentPlan', 'too_small']]);
    expect(paths({ paymentPlan: [{ dueDate: 'x' }] })).toEqual([['paymentPlan.0.dueDate', 'invalid_format']]);
    const three = [{ dueDate: '2027-01-31' }, { dueDate: '2027-02-28' }, { dueDate: '2027-03-31' }];
    expect(paths({ paymentPlan: three })).toEqual([['paymentPlan', 'too_big']]);
    expect(paths({ paymentPlan: three.slice(0, 1), clauses: [{ clauseText: 'x'.repeat(21) }] })).toEqual([
      ['clauses.0.clauseText', 'too_big'],
    ]);
  });

  it("leaves a side's body without the collections it does not read", () => {
    const shape = (saveSchema(def, 'sale') as unknown as { shape: Record<string, unknown> }).shape;
    expect(Object.keys(shape)).toContain('paymentPlan');
    expect(Object.keys(shape)).not.toContain('clauses');
    const none = (saveSchema(base) as unknown as { shape: Record<string, unknown> }).shape;
    expect(Object.keys(none).filter((k) => !/^fbk/.test(k))).toEqual([
      'id',
      'version',
      'probeDate',
      'subject',
      'lines',
    ]);
  });
});
