import type { Locale } from '@srm/contracts/constants';
import {
  collectionsOf,
  customFieldKeys,
  type DocumentDefinition,
  type FieldDef,
  type Side,
} from '@srm/contracts/document/define';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { Alert, App, Button, Card, Col, Form, type FormInstance, Row, Space, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentCustomFieldLabels } from '../../lib/custom-field-api.ts';
import { applyServerFieldErrors, serverFieldErrors } from '../../lib/field-errors.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { type DocRecord, useDocumentSave } from './api.ts';
import { CollectionEditors } from './DocumentCollections.tsx';
import { fieldLabel, formatValue, inputFields, rulesOf, saveBody } from './definition.ts';
import { FieldInput, itemPropsOf, preventEnterSubmit } from './FieldInput.tsx';
import { LineCustomFieldsButton, LineCustomFieldsDrawer } from './LineCustomFields.tsx';
import './document.css';
import './i18n-document.ts';

/** A read-only column of the lines (what the line was picked from: order, material, what is left …). */
export type LineInfo = { key: string; title: string; render?: (line: Record<string, unknown>) => ReactNode };

export type FormValues = Record<string, unknown> & { lines: Array<Record<string, unknown>> };

/** One header field as a labelled form item with the rules of its definition. */
export function HeaderField({
  name,
  field,
  locale,
  required,
}: {
  name: string;
  field: FieldDef;
  locale: Locale;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const label = fieldLabel(field, locale);
  return (
    <Form.Item
      name={name}
      label={label}
      required={required || field.required}
      rules={rulesOf(field, t, locale, { required })}
      {...itemPropsOf(field)}
    >
      <FieldInput field={field} locale={locale} ariaLabel={label} />
    </Form.Item>
  );
}

export type DocumentFormProps = {
  def: DocumentDefinition;
  side: Side;
  title: ReactNode;
  /** The starting values: header fields and the lines (with their read-only fields). */
  initial: FormValues;
  /** Editing a saved document. */
  existing?: { id: string; version: number };
  /** Header input fields shown, in order; default every header input field. */
  headerFields?: readonly string[];
  /** Header fields this screen requires although the definition does not. */
  required?: readonly string[];
  /** Line input fields shown, in order; default every line input field but ids. */
  lineFields?: readonly string[];
  /** Read-only line columns before the inputs. */
  lineInfo?: readonly LineInfo[];
  /** Per line field, the upper bound of a line's value (e.g. what remains on the order line). */
  lineMax?: Readonly<Record<string, (line: Record<string, unknown>) => string | undefined>>;
  /** A new empty line; without it, lines come only from their sources (no "add line"). */
  newLine?: () => Record<string, unknown>;
  /** Values every save carries besides the form's (e.g. the notice the return is for). */
  extraBody?: Record<string, unknown>;
  /** Content above the header fields (e.g. what the lines were picked from). */
  before?: ReactNode;
  onSaved: (record: DocRecord) => void;
  onCancel?: () => void;
  form?: FormInstance<FormValues>;
  /** No custom fields column and drawer on the lines. */
  hideLineCustomFields?: boolean;
};

/**
 * The form of a document (DESIGN §11): header input fields and lines (Form.List) with rules derived from
 * the definition — required, max length, decimal digits and scale, greater than 0, upper bounds — which
 * the server checks again. "Add at least one line" is a field error; Enter in an input never submits.
 * Kinds compose it with their own sources of lines (delivery: open order lines; return: received lines).
 * A kind's child collections the side saves follow the lines, each a card of its own (issue #34,
 * DocumentCollections.tsx); `initial` holds their rows under their names when editing.
 */
export function DocumentForm({
  def,
  side,
  title,
  initial,
  existing,
  headerFields,
  required = [],
  lineFields,
  lineInfo = [],
  lineMax = {},
  newLine,
  extraBody,
  before,
  onSaved,
  onCancel,
  form: given,
  hideLineCustomFields,
}: DocumentFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const [own] = Form.useForm<FormValues>();
  const form = given ?? own;
  const save = useDocumentSave(def, side);
  const [serverError, setServerError] = useState<string | null>(null);
  /** The line whose custom fields drawer is open. */
  const [customLine, setCustomLine] = useState<number | null>(null);
  const labels = useDocumentCustomFieldLabels(def.kind, existing?.id);
  const customKeys = customFieldKeys(def);
  // Re-render the buttons' counts as the drawer edits a line's fields (whole store: no inputs of their own).
  const watchedLines = Form.useWatch('lines', { form, preserve: true }) as
    | Array<Record<string, unknown>>
    | undefined;

  const header: Array<[string, FieldDef]> = (headerFields ?? inputFields(def.header).map(([k]) => k))
    .filter((k) => def.header[k])
    .map((k) => [k, def.header[k]]);
  const lineInputs: Array<[string, FieldDef]> = (
    lineFields ??
    inputFields(def.lines.fields)
      .filter(([, f]) => f.type !== 'uuid')
      .map(([k]) => k)
  )
    .filter((k) => def.lines.fields[k])
    .map((k) => [k, def.lines.fields[k]]);

  async function onFinish() {
    // The whole store: values without an input (line ids, sources) travel too.
    const values = form.getFieldsValue(true) as FormValues;
    setServerError(null);
    try {
      const record = await save.mutateAsync({ ...saveBody(def, values, existing, side), ...extraBody });
      void message.success(t('document:form.saved'));
      onSaved(record);
    } catch (e) {
      // The server's field errors go under their fields (issue #33); the rest is one alert.
      const unplaced = applyServerFieldErrors(form, e);
      if (serverFieldErrors(e).length > 0) {
        setServerError(unplaced.length > 0 ? unplaced.map((u) => u.message).join('; ') : null);
        return;
      }
      const text = errorText(e);
      setServerError(
        e instanceof ApiError && e.code === '409' ? `${text} — ${t('document:detail.stale')}` : text,
      );
    }
  }

  // The alert and the buttons close the lines' card, or (a kind with collections) a card after them.
  const collections = collectionsOf(def, side).length > 0;
  const foot = (
    <>
      {serverError && (
        <Alert type="error" showIcon role="alert" message={serverError} style={{ marginTop: 12 }} />
      )}
      <div className="document-form-foot">
        <Space>
          {onCancel && <Button onClick={onCancel}>{t('document:form.cancel')}</Button>}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('document:form.save')}
          </Button>
        </Space>
      </div>
    </>
  );

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      className="page-stack document-form"
      initialValues={initial}
      onKeyDown={preventEnterSubmit}
      onFinish={() => void onFinish()}
      scrollToFirstError
    >
      <Card title={title} size="small">
        {before}
        <Row gutter={16}>
          {header.map(([name, field]) => (
            <Col key={name} xs={24} sm={12} lg={field.max && field.max > 200 ? 24 : 8}>
              <HeaderField name={name} field={field} locale={locale} required={required.includes(name)} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={def.lines.label[locale]} size="small">
        <Form.List
          name="lines"
          rules={[
            {
              validator: async (_r, lines: unknown[]) => {
                if (!lines || lines.length === 0) throw new Error(t('document:form.atLeastOneLine'));
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
                  // A line is named by the number the save gives it (10, 20 …), as the server's messages
                  // name it (issue #33), not by its row.
                  { key: 'no', title: '#', width: 44, render: (_v, _f, i) => lineNumberAt(i) },
                  ...lineInfo.map((info) => ({
                    key: info.key,
                    title: info.title,
                    render: (_v: unknown, f: { name: number }) => {
                      const line = (form.getFieldValue(['lines', f.name]) ?? {}) as Record<string, unknown>;
                      if (info.render) return info.render(line);
                      const def_ = def.lines.fields[info.key];
                      return def_ ? formatValue(def_, line[info.key], locale) : String(line[info.key] ?? '');
                    },
                  })),
                  ...lineInputs.map(([name, field]) => ({
                    key: name,
                    title: fieldLabel(field, locale),
                    width: field.type === 'text' ? 160 : 130,
                    render: (_v: unknown, f: { name: number }) => {
                      // "第 1 行" + "行退货原因" reads "第 1 行退货原因", not "第 1 行行退货原因".
                      const label = t('document:form.fieldOfLine', {
                        line: lineNumberAt(f.name),
                        field:
                          locale === 'zh_cn'
                            ? fieldLabel(field, locale).replace(/^行/, '')
                            : fieldLabel(field, locale),
                      });
                      const line = (form.getFieldValue(['lines', f.name]) ?? {}) as Record<string, unknown>;
                      return (
                        <Form.Item
                          name={[f.name, name]}
                          rules={rulesOf(field, t, locale, { label, max: lineMax[name]?.(line) })}
                          {...itemPropsOf(field)}
                        >
                          <FieldInput field={field} locale={locale} ariaLabel={label} />
                        </Form.Item>
                      );
                    },
                  })),
                  ...(hideLineCustomFields
                    ? []
                    : [
                        {
                          key: 'custom',
                          title: t('document:lineCustom.column'),
                          width: 110,
                          render: (_v: unknown, f: { name: number }) => (
                            <LineCustomFieldsButton
                              ns="document"
                              keys={customKeys}
                              line={watchedLines?.[f.name]}
                              labels={labels.lines}
                              index={f.name}
                              hasError={false}
                              onOpen={() => setCustomLine(f.name)}
                            />
                          ),
                        },
                      ]),
                  {
                    key: 'remove',
                    width: 60,
                    render: (_v: unknown, f: { name: number }) => (
                      <Button
                        type="link"
                        danger
                        size="small"
                        aria-label={t('document:form.removeLine', { line: lineNumberAt(f.name) })}
                        onClick={() => {
                          // Indexes after the removed line shift: close the drawer.
                          setCustomLine(null);
                          remove(f.name);
                        }}
                      >
                        ✕
                      </Button>
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
              {newLine && (
                <Button style={{ marginTop: 8 }} onClick={() => add(newLine())}>
                  {t('document:form.addLine')}
                </Button>
              )}
            </>
          )}
        </Form.List>
        {!collections && foot}
      </Card>
      {collections && (
        <>
          <CollectionEditors def={def} side={side} locale={locale} />
          <Card size="small">{foot}</Card>
        </>
      )}
      {!hideLineCustomFields && (
        <LineCustomFieldsDrawer
          ns="document"
          list="lines"
          keys={customKeys}
          showNamed
          index={customLine}
          labels={labels.lines}
          errors={{}}
          onClose={() => setCustomLine(null)}
          onEdited={() => undefined}
        />
      )}
    </Form>
  );
}
