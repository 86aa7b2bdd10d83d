import type { SQL } from 'drizzle-orm';
import { PgDialect, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  type DataColumns,
  dataFilterName,
  dataPermissionFilters,
  dataPermissionFilterValues,
  dataPermissionWhere,
  restrictingValues,
  toDataScope,
} from '../src/platform/document/data-permission.ts';

/** Unit tests of the kernel's data permission conditions (issue #19; platform/document/data-permission.ts). */
const doc = pgTable('doc', {
  id: uuid('id'),
  purchaseOrganization: text('purchase_organization'),
  factory: text('factory'),
  toElsAccount: text('to_els_account'),
});
const columns: DataColumns = {
  purchaseOrg: doc.purchaseOrganization,
  factory: doc.factory,
  supplier: doc.toElsAccount,
};
const dialect = new PgDialect();
const render = (condition: SQL | undefined) => (condition ? dialect.sqlToQuery(condition) : undefined);
const user = (dataScope?: Record<string, string[]>, permission = 'normal') => ({ permission, dataScope });

describe('data permission where-building', () => {
  it('restricts a buyer user by each mapped item that holds values, joined by AND', () => {
    const query = render(
      dataPermissionWhere(columns, user({ factory: ['F1', 'F2'], supplier: ['200001'] }), 'purchase'),
    );
    expect(query?.sql).toBe('("doc"."factory" in ($1, $2) and "doc"."to_els_account" in ($3))');
    expect(query?.params).toEqual(['F1', 'F2', '200001']);
  });

  it('ignores items the kind does not map, and items without values', () => {
    const query = render(
      dataPermissionWhere(
        { factory: doc.factory },
        user({ costCenter: ['C1'], purchaseOrg: ['P1'], factory: ['F9'], supplier: [] }),
        'purchase',
      ),
    );
    expect(query?.sql).toBe('"doc"."factory" in ($1)');
    expect(query?.params).toEqual(['F9']);
    expect(
      dataPermissionWhere(columns, user({ costCenter: ['C1'], factory: [] }), 'purchase'),
    ).toBeUndefined();
  });

  it('leaves company admins, the supplier side and actors without a scope unrestricted', () => {
    expect(dataPermissionWhere(columns, user({ factory: ['F1'] }, 'admin'), 'purchase')).toBeUndefined();
    expect(dataPermissionWhere(columns, user({ factory: ['F1'] }), 'sale')).toBeUndefined();
    expect(dataPermissionWhere(columns, user(undefined), 'purchase')).toBeUndefined();
    expect(dataPermissionWhere(columns, user({}), 'purchase')).toBeUndefined();
    expect(restrictingValues(columns, user({ factory: ['F1'] }), 'purchase')).toEqual({ factory: ['F1'] });
  });

  it('gives the list one `= any` filter per mapped item, fed by the restricting values only', () => {
    const filters = dataPermissionFilters(columns);
    expect(filters.map(([name]) => name)).toEqual([
      dataFilterName('purchaseOrg'),
      dataFilterName('factory'),
      dataFilterName('supplier'),
    ]);
    const [, factoryCondition] = filters[1];
    expect(dialect.sqlToQuery(factoryCondition(undefined as never, true)).sql).toMatch(
      /^"doc"\."factory" = any\(/,
    );
    expect(
      dataPermissionFilterValues(columns, user({ factory: ['F1'], costCenter: ['C'] }), 'purchase'),
    ).toEqual({ [dataFilterName('factory')]: ['F1'] });
    expect(dataPermissionFilterValues(columns, user({ factory: ['F1'] }, 'admin'), 'purchase')).toEqual({});
  });

  it('normalises stored rows: item order, no empty items, no duplicates', () => {
    expect(
      toDataScope([
        { item: 'supplier', values: ['200001', '200001'] },
        { item: 'factory', values: [] },
        { item: 'purchaseOrg', values: ['P1'] },
      ]),
    ).toEqual({ purchaseOrg: ['P1'], supplier: ['200001'] });
  });
});
