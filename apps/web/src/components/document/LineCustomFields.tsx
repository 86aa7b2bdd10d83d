import { lineNumberAt } from '@srm/contracts/field-labels';
import { CUSTOM_FIELD_KEYS, CUSTOM_FIELD_MAX_LENGTH } from '@srm/contracts/purchase-order';
import { Button, Drawer, Empty, Form, Input, Select, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CustomFieldLabel, useFieldName } from '../../lib/custom-field-api.ts';
import { DeleteOutlined, TagsOutlined } from '../page-icons.tsx';
import { addableCustomFields, shownCustomFields } from './line-custom-fields.ts';
import './document.css';

/** The i18n namespace holding the drawer's `lineCustom.*` texts: the order's or the kernel's. */
export type LineCustomNs = 'order' | 'document';

/** A line's non-empty custom fields among `keys`, as [key, value] in fbk order. */
function entriesOf(line: object | null | undefined, keys: readonly string[]): Array<[string, string]> {
  const record = (line ?? {}) as Record<string, unknown>;
  return keys.flatMap((key) => {
    const value = record[key];
    return typeof value === 'string' && value.trim() !== '' ? [[key, value] as [string, string]] : [];
  });
}

/**
 * The "custom fields" cell of a line in a form (the order's, the kernel's DocumentForm): how many the line
 * has (their values in a tooltip), red when the server refused one; a click opens the line's drawer.
 */
export function LineCustomFieldsButton({
  line,
  labels,
  index,
  hasError,
  onOpen,
  keys = CUSTOM_FIELD_KEYS,
  ns = 'order',
}: {
  line: object | undefined;
  /** The buyer's line field labels (fbkN where none). */
  labels: readonly CustomFieldLabel[];
  index: number;
  hasError: boolean;
  onOpen: () => void;
  /** The kind's custom field keys (fbk1…fbkN); default the order's 50. */
  keys?: readonly string[];
  ns?: LineCustomNs;
}) {
  const { t } = useTranslation();
  const { name } = useFieldName(labels);
  const entries = entriesOf(line, keys);
  const shown =
    entries.length > 0 ? t(`${ns}:lineCustom.count`, { count: entries.length }) : t(`${ns}:lineCustom.add`);
  const button = (
    <Button
      size="small"
      type={entries.length > 0 ? 'default' : 'dashed'}
      danger={hasError}
      icon={<TagsOutlined />}
      // WCAG 2.5.3 (issue #32): the name starts with what the button shows ("2 fields — custom fields of line 1").
      aria-label={t(`${ns}:lineCustom.open`, { shown, line: lineNumberAt(index) })}
      onClick={onOpen}
    >
      {shown}
    </Button>
  );
  if (entries.length === 0) return button;
  return (
    <Tooltip
      title={
        <div className="line-custom-tooltip">
          {entries.map(([key, value]) => (
            <div key={key}>
              {name(key)}: {value}
            </div>
          ))}
        </div>
      }
    >
      {button}
    </Tooltip>
  );
}

/**
 * The custom fields of one line, in a drawer over the form (the order's lines under `items`, a kernel
 * document's under `lines`): the fields the line holds — and, with `showNamed`, every field the buyer
 * named — each removable; "Add field" lists the others. Values live in the form under
 * {list}[index].fbkN, so they save with the line. At most 100 characters each (the server's limit); a
 * field the server refused shows its message.
 */
export function LineCustomFieldsDrawer({
  index,
  labels,
  errors,
  onClose,
  onEdited,
  list = 'items',
  keys = CUSTOM_FIELD_KEYS,
  showNamed = false,
  subject = 'materialNumber',
  ns = 'order',
}: {
  /** The line (Form.List index) whose fields are open; null: closed. */
  index: number | null;
  /** The buyer's line field labels: shown as "批次 (fbk1)", fbkN where none. */
  labels: readonly CustomFieldLabel[];
  /** The server's complaints about this line's fields, by field. */
  errors: Partial<Record<string, string>>;
  onClose: () => void;
  /** A field was changed or removed (its server complaint no longer applies). */
  onEdited: (key: string) => void;
  /** The Form.List holding the lines. */
  list?: string;
  /** The kind's custom field keys (fbk1…fbkN); default the order's 50. */
  keys?: readonly string[];
  /** List the named fields even when the line holds none of them (inputs ready to fill). */
  showNamed?: boolean;
  /** The line field the title names the line by (the material). */
  subject?: string;
  ns?: LineCustomNs;
}) {
  const { t } = useTranslation();
  const { nameWithKey } = useFieldName(labels);
  const form = Form.useFormInstance();
  // The whole store (preserve): custom fields have no input until listed here.
  const line = Form.useWatch([list, index ?? 0], { form, preserve: true }) as
    | Record<string, unknown>
    | undefined;
  // Listed besides the line's own fields: the named ones (when asked), and any field the server refused,
  // so its error shows under its input even when the form does not hold it (issue #33).
  const errorKeys = Object.keys(errors)
    .filter((key) => errors[key])
    .join(',');
  const named = useMemo(
    () =>
      new Set<string>([
        ...(showNamed ? labels.map((l) => l.fieldKey) : []),
        ...(errorKeys ? errorKeys.split(',') : []),
      ]),
    [showNamed, labels, errorKeys],
  );
  const [added, setAdded] = useState<string | null>(null);
  const open = index !== null;
  const shown = open ? shownCustomFields(line, keys, named) : [];
  const addOptions = useAddOptions(open ? addableCustomFields(line, keys, named) : [], nameWithKey);
  // The line by the number its save gives it (10, 20 …), as the server's messages name it (issue #33).
  const lineNo = lineNumberAt(index ?? 0);

  const add = (key: string) => {
    if (index === null) return;
    form.setFieldValue([list, index, key], '');
    setAdded(key);
  };
  const remove = (key: string) => {
    if (index === null) return;
    form.setFieldValue([list, index, key], undefined);
    onEdited(key);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={420}
      className="line-custom-drawer"
      title={t(`${ns}:lineCustom.title`, {
        line: lineNo,
        material: String(line?.[subject] ?? '').trim() || t(`${ns}:lineCustom.noMaterial`),
      })}
      footer={
        <div className="line-custom-footer">
          <Button type="primary" onClick={onClose}>
            {t(`${ns}:lineCustom.done`)}
          </Button>
        </div>
      }
    >
      <div className="line-custom-hint">{t(`${ns}:lineCustom.hint`, { max: keys.length })}</div>
      {open && shown.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${ns}:lineCustom.none`)} />
      )}
      {open &&
        shown.map((key) => (
          <Form.Item
            key={key}
            label={nameWithKey(key)}
            {...(errors[key] ? { validateStatus: 'error' as const, help: errors[key] } : {})}
          >
            <Space.Compact block>
              <Form.Item
                noStyle
                name={[list, index, key]}
                rules={[{ max: CUSTOM_FIELD_MAX_LENGTH, message: t(`${ns}:lineCustom.max`) }]}
              >
                <Input
                  aria-label={t(`${ns}:lineCustom.fieldOfLine`, { field: nameWithKey(key), line: lineNo })}
                  maxLength={CUSTOM_FIELD_MAX_LENGTH}
                  showCount
                  autoFocus={key === added}
                  onChange={() => onEdited(key)}
                />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t(`${ns}:lineCustom.remove`, { field: nameWithKey(key) })}
                onClick={() => remove(key)}
              />
            </Space.Compact>
          </Form.Item>
        ))}
      {open && addOptions.length > 0 && (
        <Select<string>
          className="line-custom-add"
          showSearch
          value={null}
          placeholder={t(`${ns}:lineCustom.addField`)}
          aria-label={t(`${ns}:lineCustom.addField`)}
          options={addOptions}
          onChange={add}
        />
      )}
    </Drawer>
  );
}

/**
 * The "add field" options of the drawer: the same array for as long as the addable fields and their names
 * stay. The drawer re-renders with the order form (every change of a watched value, the labels and
 * supplier suggestions arriving); a new array each time made the select re-derive its whole option list
 * on every render of the form, the open list included.
 */
function useAddOptions(
  addable: readonly string[],
  nameWithKey: (key: string) => string,
): Array<{ value: string; label: string }> {
  const signature = addable.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields are compared by their signature
  return useMemo(
    () => addable.map((key) => ({ value: key, label: nameWithKey(key) })),
    [signature, nameWithKey],
  );
}
