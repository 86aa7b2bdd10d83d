import type { DocumentDefinition, FieldDef, FieldType } from '@srm/contracts/document/define';
import type { BuildColumns, HasDefault, NotNull } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import {
  type AnyPgColumn,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  type PgTableWithColumns,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { documentColumns, lineColumns, listIndexes } from './columns.ts';

/**
 * Issue #34 "the kind's database tables are built from its definition": `documentTables(def, options)`
 * builds a kind's header table, its line table and one table per child collection from its
 * `defineDocument` definition, so `tables.ts` no longer restates the fields. What the definition says
 * decides the columns; what it cannot say (a column the save fills in, a foreign key, a wider column) is
 * the kind's override (`options.header`, `options.lines`, `options.collections.<name>`).
 *
 * Columns (name: the field's name in snake case, `noteStatus` → `note_status`):
 * - header: the standard columns (`documentColumns()`, DESIGN §4; a definition field of the same name —
 *   `toElsAccount` — is that column), one column per `header` field by its type: `text`, `code`, `account`
 *   → text; `decimal` → numeric(18, scale) with the scale of `digits` (else 2 for `money`, else 3);
 *   `integer`; `date` (string mode); `datetime` → timestamp with time zone; `uuid`. A `text` field's `max`
 *   is a rule of the save (zod), not of the column: the columns are text, as every table of the portal.
 * - each `statuses` field: text not null, default its first code (the state of a new document).
 * - not null: the number field, the date field, `required` fields, fields with a `default` (also the
 *   column's default), and the fields the kind names in `notNull` / `defaults`.
 * - lines and child collections: `lineColumns()` (with `line_number`), `document_id` (not null,
 *   references the header, deleted with it) and their fields by the same rules.
 * Indexes: the header's list indexes (`listIndexes`: number, both sides' lists and main-status lists, in
 * the sort of the definition's date field), `{table}_document_idx` (document_id, line_number) on each
 * child table, and what the kind adds (`indexes`).
 *
 * @param def the kind's definition (packages/contracts)
 * @param options `numberOwner`: the account numbering the documents (the kind's `numberOwner`); per
 *   table: `name` (default the kind's code in snake case, lines `{header}_item`, a collection
 *   `{header}_{name}`), `omit` (fields read but not stored: computed when read), `notNull`, `defaults`
 *   (column default, implies not null), `references` (the column a uuid field points to), `extra` (columns
 *   the definition does not carry; a key that is also a field replaces that field's column) and `indexes`.
 * @returns `{ header, lines, collections }`: drizzle tables, typed by the definition and the overrides.
 */
export function documentTables<
  const D extends DocumentDefinition,
  H extends TableOptions<HeaderFields<D>>,
  L extends TableOptions<D['lines']['fields']>,
  C extends CollectionOptions<D>,
>(def: D, options: { numberOwner: 'elsAccount' | 'toElsAccount'; header?: H; lines?: L; collections?: C }) {
  const headerName = options.header?.name ?? toSnakeCase(def.kind);
  const statusKeys = Object.keys(def.statuses);
  const mainStatus = statusKeys[0];
  if (!mainStatus) throw new Error(`${def.kind}: a definition needs a main status to build its tables`);
  // The number first, then the statuses, then the other fields in the definition's order.
  const headerDefs: Record<string, FieldDef> = {};
  if (def.header[def.numberField]) headerDefs[def.numberField] = def.header[def.numberField] as FieldDef;
  // A status field is a code column whatever the header says of it: not null, a new document's first code.
  for (const key of statusKeys)
    headerDefs[key] = { label: def.header[key]?.label ?? { zh_cn: key, en: key }, type: 'code' };
  Object.assign(headerDefs, def.header, Object.fromEntries(statusKeys.map((k) => [k, headerDefs[k]])));
  const statusDefault = Object.fromEntries(statusKeys.map((k) => [k, Object.keys(def.statuses[k] ?? {})[0]]));
  const headerOptions = (options.header ?? {}) as TableOptions<Record<string, FieldDef>>;
  const header = pgTable(
    headerName,
    {
      ...documentColumns(),
      ...fieldColumns(headerDefs, headerOptions, Object.keys(documentColumns()), {
        notNull: [def.numberField, def.dateField],
        defaults: statusDefault,
      }),
    },
    (t) => {
      const c = t as unknown as Record<string, ExtraConfigColumn> & Parameters<typeof listIndexes>[1];
      const column = (field: string) => {
        const found = c[field];
        if (!found) throw new Error(`${def.kind}: no column ${field} for the list indexes`);
        return found;
      };
      return [
        ...listIndexes(
          headerName,
          c,
          column(def.dateField),
          column(def.numberField),
          column(mainStatus),
          column(options.numberOwner),
        ),
        ...(headerOptions.indexes?.(t as never) ?? []),
      ];
    },
  );
  const child = (
    name: string,
    fields: Readonly<Record<string, FieldDef>>,
    childOptions: TableOptions<never>,
  ) => {
    const o = childOptions as TableOptions<Record<string, FieldDef>>;
    return pgTable(
      name,
      {
        ...lineColumns(),
        documentId: uuid('document_id')
          .notNull()
          .references(() => header.id, { onDelete: 'cascade' }),
        ...fieldColumns(fields, o, ['documentId', ...Object.keys(lineColumns())], {}),
      },
      (t) => [
        index(`${name}_document_idx`).on(t.documentId, t.lineNumber),
        ...(o.indexes?.(t as never) ?? []),
      ],
    );
  };
  const lines = child(
    options.lines?.name ?? `${headerName}_item`,
    def.lines.fields,
    (options.lines ?? {}) as never,
  );
  const collections = Object.fromEntries(
    Object.entries(def.collections ?? {}).map(([key, collection]) => {
      const o = ((options.collections as Record<string, TableOptions<never>> | undefined)?.[key] ??
        {}) as never;
      const name = (o as { name?: string }).name ?? `${headerName}_${toSnakeCase(key)}`;
      return [key, child(name, collection.fields, o)];
    }),
  );
  return {
    header: header as unknown as HeaderTable<D, H>,
    lines: lines as unknown as ChildTable<D['lines']['fields'], L, string>,
    collections: collections as unknown as {
      [K in keyof NonNullable<D['collections']>]: ChildTable<
        NonNullable<D['collections']>[K]['fields'],
        K extends keyof C ? C[K] : Record<never, never>,
        string
      >;
    },
  };
}

/** What a kind adds to or changes in one built table (see `documentTables`). */
export type TableOptions<F extends Readonly<Record<string, FieldDef>>> = {
  /** The table's name, when not the default. */
  name?: string;
  /** Fields of the definition that have no column (computed when read). */
  omit?: readonly (keyof F & string)[];
  /** Fields whose column is not null although the definition does not require them. */
  notNull?: readonly (keyof F & string)[];
  /** Column defaults (not null too). */
  defaults?: { readonly [K in keyof F]?: string | number };
  /** The column a uuid field references. */
  references?: { readonly [K in keyof F]?: () => AnyPgColumn };
  /** Columns the definition does not carry, or that replace a field's column (a wider numeric …). */
  extra?: Record<string, PgColumnBuilderBase>;
  /** Further indexes; `t` holds the table's columns by field name. */
  indexes?: (t: Record<string, ExtraConfigColumn>) => PgTableExtraConfigValue[];
};

type CollectionOptions<D extends DocumentDefinition> = {
  [K in keyof NonNullable<D['collections']>]?: TableOptions<NonNullable<D['collections']>[K]['fields']>;
};

/** The column builder of each field type. Functions: drizzle column builders must not be shared. */
const BUILDERS = {
  text: (name: string) => text(name),
  code: (name: string) => text(name),
  account: (name: string) => text(name),
  decimal: (name: string, field?: FieldDef) =>
    numeric(name, { precision: 18, scale: field?.digits?.[1] ?? (field?.money ? 2 : 3) }),
  integer: (name: string) => integer(name),
  date: (name: string) => date(name),
  datetime: (name: string) => timestamp(name, { withTimezone: true }),
  uuid: (name: string) => uuid(name),
} satisfies Record<FieldType, (name: string, field?: FieldDef) => PgColumnBuilderBase>;

type Builder<T extends FieldType> = ReturnType<(typeof BUILDERS)[T]>;

/** The columns of a table's fields (without its standard columns, whose names `skip` holds). */
function fieldColumns(
  fields: Readonly<Record<string, FieldDef>>,
  o: TableOptions<Record<string, FieldDef>>,
  skip: readonly string[],
  implied: { notNull?: readonly string[]; defaults?: Record<string, string | undefined> },
) {
  const columns: Record<string, PgColumnBuilderBase> = {};
  const notNull = new Set([...(implied.notNull ?? []), ...(o.notNull ?? [])]);
  for (const [key, field] of Object.entries(fields)) {
    if (skip.includes(key) || o.omit?.includes(key)) continue;
    // biome-ignore lint/suspicious/noExplicitAny: one builder per field type, chained below
    let column: any = BUILDERS[field.type](toSnakeCase(key), field);
    const fallback = o.defaults?.[key] ?? field.default ?? implied.defaults?.[key];
    if (field.required || fallback !== undefined || notNull.has(key)) column = column.notNull();
    if (fallback !== undefined) column = column.default(fallback);
    const target = o.references?.[key];
    if (target) column = column.references(target);
    columns[key] = column;
  }
  return { ...columns, ...o.extra };
}

type Keys<T> = T extends readonly (infer K)[] ? K : never;
type Fields = Readonly<Record<string, FieldDef>>;

/** The header's fields as columns see them: the definition's header and its status fields (codes). */
type HeaderFields<D extends DocumentDefinition> = D['header'] & {
  readonly [K in keyof D['statuses']]: { label: FieldDef['label']; type: 'code'; default: string };
};

type Column<F extends Fields, O, K extends keyof F, Implied extends PropertyKey> = F[K] extends {
  type: infer T extends FieldType;
}
  ? IsDefaulted<F, O, K> extends true
    ? HasDefault<NotNull<Builder<T>>>
    : K extends Implied | Keys<O extends { notNull: infer N } ? N : never> | RequiredKeys<F>
      ? NotNull<Builder<T>>
      : Builder<T>
  : never;

type IsDefaulted<F extends Fields, O, K extends keyof F> = F[K] extends { default: string }
  ? true
  : O extends { defaults: infer X }
    ? K extends keyof X
      ? true
      : false
    : false;

type RequiredKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { required: true } ? K : never;
}[keyof F];

type FieldColumns<F extends Fields, O, Skip extends PropertyKey, Implied extends PropertyKey> = {
  [K in Exclude<
    keyof F,
    Skip | Keys<O extends { omit: infer M } ? M : never> | keyof (O extends { extra: infer E } ? E : unknown)
  >]: Column<F, O, K, Implied>;
} & (O extends { extra: infer E } ? E : unknown);

type HeaderColumns<D extends DocumentDefinition, H> = FieldColumns<
  HeaderFields<D>,
  H,
  keyof ReturnType<typeof documentColumns>,
  D['numberField'] | D['dateField']
> &
  ReturnType<typeof documentColumns>;

type ChildColumns<F extends Fields, O> = FieldColumns<
  F,
  O,
  keyof ReturnType<typeof lineColumns> | 'documentId',
  never
> &
  ReturnType<typeof lineColumns> & { documentId: NotNull<ReturnType<typeof uuid<''>>> };

type Table<N extends string, C extends Record<string, PgColumnBuilderBase>> = PgTableWithColumns<{
  name: N;
  schema: undefined;
  columns: BuildColumns<N, C, 'pg'>;
  dialect: 'pg';
}>;

type HeaderTable<D extends DocumentDefinition, H> = Table<string, Flat<HeaderColumns<D, H>>>;
type ChildTable<F extends Fields, O, N extends string> = Table<N, Flat<ChildColumns<F, O>>>;
type Flat<T> = { [K in keyof T]: T[K] } & Record<never, PgColumnBuilderBase>;
