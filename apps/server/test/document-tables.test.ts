import { PGlite } from '@electric-sql/pglite';
import { defineDocument } from '@srm/contracts/document/define';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, index, type PgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { documentTables } from '../src/platform/document/table-builder.ts';
import { generateDrizzleJson, generateMigration } from './drizzle-kit.ts';

/**
 * The kernel's table builder (issue #34, platform/document/table-builder.ts): a throwaway kind with a
 * field of every type, two statuses, lines and two child collections gets its tables from its definition
 * alone — columns, types, not-null and defaults, list indexes, the child tables' keys — plus what the
 * kind's overrides add; the generated DDL runs on an empty database.
 */

const label = { zh_cn: '字段', en: 'Field' };
const STATUS = { '0': { zh_cn: '新建', en: 'New' }, '1': { zh_cn: '已发送', en: 'Sent' } } as const;
const KIND = { A: { zh_cn: '甲', en: 'A' }, B: { zh_cn: '乙', en: 'B' } } as const;

const def = defineDocument({
  kind: 'throwawayContract',
  module: 'contract',
  service: 'ThrowawayContract',
  title: { zh_cn: '合同', en: 'Contract' },
  prefix: 'TC',
  numberField: 'contractNumber',
  dateField: 'contractDate',
  detailPath: '/contract/#/v2/detail',
  customFields: 30,
  header: {
    contractNumber: { label, type: 'text', list: true, filter: 'prefix' },
    toElsAccount: { label, type: 'account', input: true, required: true },
    contractDate: { label, type: 'date', input: true },
    subject: { label, type: 'text', max: 200, input: true, required: true },
    contractKind: { label, type: 'code', codes: KIND, input: true, default: 'B' },
    amount: { label, type: 'decimal', money: true },
    rate: { label, type: 'decimal', digits: [3, 4], input: true },
    terms: { label, type: 'integer', input: true },
    signedAt: { label, type: 'datetime' },
    sourceId: { label, type: 'uuid', input: true },
    shownOnly: { label, type: 'text' },
  },
  lines: {
    label,
    max: 100,
    fields: {
      materialNumber: { label, type: 'text', input: true, required: true },
      quantity: { label, type: 'decimal', digits: [12, 3], input: true, required: true },
      deliveryDate: { label, type: 'date', input: true },
    },
  },
  collections: {
    paymentPlan: {
      label,
      max: 12,
      min: 1,
      fields: {
        dueDate: { label, type: 'date', input: true, required: true },
        ratio: { label, type: 'decimal', digits: [3, 2], input: true, required: true },
      },
    },
    clauses: {
      label,
      max: 50,
      sides: ['purchase'],
      fields: { clauseText: { label, type: 'text', input: true } },
    },
  },
  statuses: { contractStatus: STATUS, sendStatus: STATUS },
  editable: { purchase: { contractStatus: ['0'] } },
  actions: {
    send: {
      label,
      sides: { purchase: { contractStatus: ['0'] } },
      target: { contractStatus: '1', sendStatus: '1' },
    },
  },
  print: { header: ['contractNumber'], lines: ['materialNumber'] },
});

/** name → "type notnull default" of each column of a table. */
function columnsOf(table: PgTable) {
  return Object.fromEntries(
    getTableConfig(table).columns.map((c) => [
      c.name,
      `${c.getSQLType()}${c.notNull ? ' not null' : ''}${c.default === undefined ? '' : ` = ${is(c.default, SQL) ? 'sql' : JSON.stringify(c.default)}`}`,
    ]),
  );
}

describe('documentTables', () => {
  const tables = documentTables(def, { numberOwner: 'elsAccount' });

  it('builds the header from the standard columns, the statuses and the fields by type', () => {
    expect(getTableConfig(tables.header).name).toBe('throwaway_contract');
    expect(columnsOf(tables.header)).toEqual({
      id: 'uuid not null = sql',
      els_account: 'text not null',
      to_els_account: 'text not null',
      flow_id: 'uuid',
      custom_fields: 'jsonb not null = {}',
      extend_fields: 'jsonb not null = {}',
      create_user: 'text not null',
      create_date: 'timestamp with time zone not null = sql',
      last_update_user: 'text not null',
      last_update_date: 'timestamp with time zone not null = sql',
      version: 'integer not null = 0',
      // the number and date fields are not null; a status holds a new document's first code
      contract_number: 'text not null',
      contract_status: 'text not null = "0"',
      send_status: 'text not null = "0"',
      contract_date: 'date not null',
      subject: 'text not null',
      contract_kind: 'text not null = "B"',
      amount: 'numeric(18, 2)',
      rate: 'numeric(18, 4)',
      terms: 'integer',
      signed_at: 'timestamp with time zone',
      source_id: 'uuid',
      shown_only: 'text',
    });
  });

  it('gives the header the list indexes of its number, date field and main status', () => {
    const indexes = getTableConfig(tables.header).indexes.map((i) => [
      i.config.name,
      i.config.unique,
      i.config.columns.map((c) => ('name' in c ? c.name : 'sql')).join(','),
    ]);
    expect(indexes).toEqual([
      ['throwaway_contract_number_uq', true, 'els_account,sql'],
      ['throwaway_contract_supplier_number_idx', false, 'to_els_account,sql,id'],
      ['throwaway_contract_buyer_list_idx', false, 'els_account,contract_date,create_date,id'],
      [
        'throwaway_contract_buyer_status_idx',
        false,
        'els_account,contract_status,contract_date,create_date,id',
      ],
      ['throwaway_contract_supplier_list_idx', false, 'to_els_account,contract_date,create_date,id'],
      [
        'throwaway_contract_supplier_status_idx',
        false,
        'to_els_account,contract_status,contract_date,create_date,id',
      ],
    ]);
  });

  it('builds the lines and one table per child collection, each keyed to the header', () => {
    const child = (table: PgTable) => {
      const config = getTableConfig(table);
      const [fk] = config.foreignKeys;
      const ref = fk?.reference();
      return {
        name: config.name,
        columns: columnsOf(table),
        indexes: config.indexes.map((i) => i.config.name),
        fk: [
          ref?.columns.map((c) => c.name),
          getTableConfig(ref?.foreignTable as PgTable).name,
          fk?.onDelete,
        ],
      };
    };
    const standard = {
      id: 'uuid not null = sql',
      els_account: 'text not null',
      to_els_account: 'text not null',
      line_number: 'integer not null',
      custom_fields: 'jsonb not null = {}',
      document_id: 'uuid not null',
    };
    expect(child(tables.lines)).toEqual({
      name: 'throwaway_contract_item',
      columns: {
        ...standard,
        material_number: 'text not null',
        quantity: 'numeric(18, 3) not null',
        delivery_date: 'date',
      },
      indexes: ['throwaway_contract_item_document_idx'],
      fk: [['document_id'], 'throwaway_contract', 'cascade'],
    });
    expect(child(tables.collections.paymentPlan)).toEqual({
      name: 'throwaway_contract_payment_plan',
      columns: { ...standard, due_date: 'date not null', ratio: 'numeric(18, 2) not null' },
      indexes: ['throwaway_contract_payment_plan_document_idx'],
      fk: [['document_id'], 'throwaway_contract', 'cascade'],
    });
    expect(Object.keys(columnsOf(tables.collections.clauses))).toEqual([
      ...Object.keys(standard),
      'clause_text',
    ]);
  });

  it("applies the kind's overrides: omitted, not null, defaults, extra and replaced columns, indexes", () => {
    const custom = documentTables(def, {
      numberOwner: 'toElsAccount',
      header: {
        name: 'contract_head',
        omit: ['shownOnly'],
        notNull: ['terms'],
        defaults: { amount: '0' },
        extra: { rate: text('rate'), note: text('note').notNull() },
        indexes: (t) => [index('contract_head_source_idx').on(t.sourceId)],
      },
      lines: { name: 'contract_line', references: { materialNumber: () => tables.header.contractNumber } },
      collections: { clauses: { name: 'contract_clause', defaults: { clauseText: '-' } } },
    });
    const head = columnsOf(custom.header);
    expect(head.shown_only).toBeUndefined();
    expect([head.terms, head.amount, head.rate, head.note]).toEqual([
      'integer not null',
      'numeric(18, 2) not null = "0"',
      'text',
      'text not null',
    ]);
    const names = getTableConfig(custom.header).indexes.map((i) => i.config.name);
    expect(names).toContain('contract_head_source_idx');
    // numbered by the supplier: the buyer searches its own number index
    expect(names).toContain('contract_head_buyer_number_idx');
    expect(getTableConfig(custom.lines).name).toBe('contract_line');
    expect(getTableConfig(custom.lines).foreignKeys).toHaveLength(2);
    expect(columnsOf(custom.collections.clauses).clause_text).toBe('text not null = "-"');
    expect(getTableConfig(custom.collections.paymentPlan).name).toBe('contract_head_payment_plan');
  });

  it('refuses a definition without a status', () => {
    expect(() => documentTables({ ...def, statuses: {} }, { numberOwner: 'elsAccount' })).toThrow(
      /main status/,
    );
  });

  it('gives DDL that runs on an empty database: defaults fill a new row, children go with the header', async () => {
    const schema = { ...tables, ...tables.collections };
    delete (schema as Record<string, unknown>).collections;
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
    const db = new PGlite();
    try {
      for (const statement of statements) await db.exec(statement);
      const [row] = (
        await db.query<Record<string, unknown>>(
          `insert into throwaway_contract (els_account, to_els_account, create_user, last_update_user,
             contract_number, contract_date, subject)
           values ('100000', '200001', 'buyer1', 'buyer1', 'TC2026120001', '2026-12-03', 'Frame contract')
           returning id, contract_status, send_status, contract_kind`,
        )
      ).rows;
      expect(row).toMatchObject({ contract_status: '0', send_status: '0', contract_kind: 'B' });
      await db.query(
        `insert into throwaway_contract_payment_plan (els_account, to_els_account, line_number, document_id,
           due_date, ratio) values ('100000', '200001', 10, $1, '2027-01-31', 30)`,
        [row?.id],
      );
      await expect(
        db.query(`insert into throwaway_contract_item (els_account, to_els_account, line_number, document_id)
          values ('100000', '200001', 10, '${row?.id}')`),
      ).rejects.toThrow(/material_number/);
      await db.query('delete from throwaway_contract');
      const left = await db.query('select count(*)::int as n from throwaway_contract_payment_plan');
      expect(left.rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('drizzle-kit in a test process (issue #35)', () => {
  it('leaves no enumerable key on the built-in prototypes its API adds methods to', () => {
    const keys = (value: object) => {
      const seen: string[] = [];
      for (const key in value) seen.push(key);
      return seen;
    };
    expect(keys([1, 2])).toEqual(['0', '1']);
    expect(keys(Object.create(String.prototype))).toEqual([]);
    expect(keys({ a: 1 })).toEqual(['a']);
    // drizzle-kit still finds the method it added.
    expect(typeof (Array.prototype as unknown as { random?: unknown }).random).toBe('function');
  });
});
