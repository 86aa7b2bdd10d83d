import type { Locale } from '@srm/contracts/constants';
import {
  type CollectionDef,
  collectionsOf,
  type DocumentDefinition,
  type Side,
} from '@srm/contracts/document/define';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { Button, Card, Form, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocLine } from './api.ts';
import { fieldLabel, formatValue, inputFields, rulesOf } from './definition.ts';
import { FieldInput, itemPropsOf } from './FieldInput.tsx';

/**
 * The default screen parts of a kind's child collections (issue #34): in the detail each collection the
 * side reads is a table titled with its label; in the form each is edited like the lines — rows numbered
 * 10, 20 … as the server numbers and names them, add and remove, the definition's rules on every input
 * and its `min`/`max` rows as a field error; the server's errors land under their fields (segments
 * `[collection, row, field]`, applied by DocumentForm).
 */

/** Columns of a collection's fields that are shown (ids are never shown). */
const shownFields = (collection: CollectionDef) =>
  Object.entries(collection.fields).filter(([, f]) => f.type !== 'uuid' && !f.secret);

/**
 * The detail's collections: one titled table per collection `side` reads, in definition order; rows as
 * the server answered them (`DocDetail.collections`), a missing collection as none.
 */
export function CollectionViews({
  def,
  side,
  collections,
  locale,
}: {
  def: DocumentDefinition;
  side: Side;
  collections: Readonly<Record<string, DocLine[]>> | undefined;
  locale: Locale;
}) {
  return (
    <>
      {collectionsOf(def, side).map(([name, collection]) => (
        <Card key={name} title={collection.label[locale]} size="small">
          <Table<DocLine>
            size="small"
            rowKey="id"
            pagination={false}
            className="document-lines"
            scroll={{ x: 'max-content' }}
            aria-label={collection.label[locale]}
            dataSource={collections?.[name] ?? []}
            columns={[
              {
                key: 'lineNumber',
                title: '#',
                width: 50,
                render: (_v: unknown, row: DocLine, i: number) =>
                  typeof row.lineNumber === 'number' ? String(row.lineNumber) : String(lineNumberAt(i)),
              },
              ...shownFields(collection).map(([key, f]) => ({
                key,
                dataIndex: key,
                title: fieldLabel(f, locale),
                align: f.type === 'decimal' || f.type === 'integer' ? ('right' as const) : undefined,
                render: (v: unknown) => {
                  const text = formatValue(f, v, locale);
                  return f.type === 'decimal' && text ? <span className="num">{text}</span> : text || '—';
                },
              })),
            ]}
          />
        </Card>
      ))}
    </>
  );
}

/** A new empty row of a collection: its input fields' defaults. */
function newRow(collection: CollectionDef): Record<string, unknown> {
  return Object.fromEntries(
    inputFields(collection.fields)
      .filter(([, f]) => f.default !== undefined)
      .map(([k, f]) => [k, f.default]),
  );
}

/** The form's collections: one Form.List per collection `side` saves, under the collection's name. */
export function CollectionEditors({
  def,
  side,
  locale,
}: {
  def: DocumentDefinition;
  side: Side;
  locale: Locale;
}) {
  return (
    <>
      {collectionsOf(def, side).map(([name, collection]) => (
        <CollectionEditor key={name} name={name} collection={collection} locale={locale} />
      ))}
    </>
  );
}

function CollectionEditor({
  name,
  collection,
  locale,
}: {
  name: string;
  collection: CollectionDef;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const title = collection.label[locale];
  const min = collection.min ?? 0;
  const inputs = inputFields(collection.fields).filter(([, f]) => f.type !== 'uuid');
  return (
    <Card title={title} size="small">
      <Form.List
        name={name}
        rules={[
          {
            validator: async (_r, rows: unknown[] | undefined) => {
              const n = rows?.length ?? 0;
              if (n < min) throw new Error(t('document:form.collectionMin', { collection: title, min }));
              if (n > collection.max)
                throw new Error(t('document:form.collectionMax', { collection: title, max: collection.max }));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              className="document-lines-edit document-lines"
              scroll={{ x: 'max-content' }}
              dataSource={fields}
              columns={[
                { key: 'no', title: '#', width: 44, render: (_v, _f, i) => lineNumberAt(i) },
                ...inputs.map(([field, f]) => ({
                  key: field,
                  title: fieldLabel(f, locale),
                  width: f.type === 'text' ? 180 : 130,
                  render: (_v: unknown, row: { name: number }) => {
                    const label = t('document:form.fieldOfCollectionLine', {
                      collection: title,
                      line: lineNumberAt(row.name),
                      field: fieldLabel(f, locale),
                    });
                    return (
                      <Form.Item
                        name={[row.name, field]}
                        rules={rulesOf(f, t, locale, { label })}
                        {...itemPropsOf(f)}
                      >
                        <FieldInput field={f} locale={locale} ariaLabel={label} />
                      </Form.Item>
                    );
                  },
                })),
                {
                  key: 'remove',
                  width: 60,
                  render: (_v: unknown, row: { name: number }) => (
                    <Button
                      type="link"
                      danger
                      size="small"
                      aria-label={t('document:form.removeCollectionLine', {
                        collection: title,
                        line: lineNumberAt(row.name),
                      })}
                      onClick={() => remove(row.name)}
                    >
                      ✕
                    </Button>
                  ),
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
            {fields.length < collection.max && (
              <Button style={{ marginTop: 8 }} onClick={() => add(newRow(collection))}>
                {t('document:form.addCollectionLine', { collection: title })}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </Card>
  );
}
