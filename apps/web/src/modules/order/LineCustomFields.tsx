import { Button, Drawer, Empty, Form, Input, Select, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, TagsOutlined } from '../../components/page-icons.tsx';
import { type CustomFieldLabel, useFieldName } from '../../lib/custom-field-api.ts';
import { addableCustomFields, shownCustomFields } from './line-custom-fields.ts';
import { CUSTOM_FIELD_MAX, type CustomFieldKey, type CustomFields, customFieldEntries } from './rules.ts';

/**
 * The "custom fields" cell of a line in the order form: how many the line has (their values in a tooltip),
 * red when the server refused one; a click opens the line's drawer.
 */
export function LineCustomFieldsButton({
  line,
  labels,
  index,
  hasError,
  onOpen,
}: {
  line: CustomFields | undefined;
  /** The buyer's line field labels (fbkN where none). */
  labels: readonly CustomFieldLabel[];
  index: number;
  hasError: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { name } = useFieldName(labels);
  const entries = customFieldEntries(line);
  const button = (
    <Button
      size="small"
      type={entries.length > 0 ? 'default' : 'dashed'}
      danger={hasError}
      icon={<TagsOutlined />}
      aria-label={t('order:lineCustom.open', { line: index + 1 })}
      onClick={onOpen}
    >
      {entries.length > 0
        ? t('order:lineCustom.count', { count: entries.length })
        : t('order:lineCustom.add')}
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
 * The custom fields fbk1…fbk50 of one order line, in a drawer over the form: only the fields the line
 * holds are listed, each removable; "Add field" lists the others. Values live in the form under
 * items[index].fbkN, so they save with the line. At most 100 characters each (the server's limit); a
 * field the server refused shows its message.
 */
export function LineCustomFieldsDrawer({
  index,
  labels,
  errors,
  onClose,
  onEdited,
}: {
  /** The line (Form.List index) whose fields are open; null: closed. */
  index: number | null;
  /** The buyer's line field labels: shown as "批次 (fbk1)", fbkN where none. */
  labels: readonly CustomFieldLabel[];
  /** The server's complaints about this line's fields, by field. */
  errors: Partial<Record<CustomFieldKey, string>>;
  onClose: () => void;
  /** A field was changed or removed (its server complaint no longer applies). */
  onEdited: (key: CustomFieldKey) => void;
}) {
  const { t } = useTranslation();
  const { nameWithKey } = useFieldName(labels);
  const form = Form.useFormInstance();
  // The whole store (preserve): custom fields have no input until listed here.
  const line = Form.useWatch(['items', index ?? 0], { form, preserve: true }) as
    | (CustomFields & { materialNumber?: string })
    | undefined;
  const [added, setAdded] = useState<CustomFieldKey | null>(null);
  const open = index !== null;
  const shown = open ? shownCustomFields(line) : [];
  const addOptions = useAddOptions(open ? addableCustomFields(line) : [], nameWithKey);
  const lineNo = (index ?? 0) + 1;

  const add = (key: CustomFieldKey) => {
    if (index === null) return;
    form.setFieldValue(['items', index, key], '');
    setAdded(key);
  };
  const remove = (key: CustomFieldKey) => {
    if (index === null) return;
    form.setFieldValue(['items', index, key], undefined);
    onEdited(key);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={420}
      className="line-custom-drawer"
      title={t('order:lineCustom.title', {
        line: lineNo,
        material: line?.materialNumber?.trim() || t('order:lineCustom.noMaterial'),
      })}
      footer={
        <div className="line-custom-footer">
          <Button type="primary" onClick={onClose}>
            {t('order:lineCustom.done')}
          </Button>
        </div>
      }
    >
      <div className="order-hint line-custom-hint">{t('order:lineCustom.hint')}</div>
      {open && shown.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order:lineCustom.none')} />
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
                name={['items', index, key]}
                rules={[{ max: CUSTOM_FIELD_MAX, message: t('order:rules.customFieldMax') }]}
              >
                <Input
                  aria-label={t('order:lineCustom.fieldOfLine', { field: nameWithKey(key), line: lineNo })}
                  maxLength={CUSTOM_FIELD_MAX}
                  showCount
                  autoFocus={key === added}
                  onChange={() => onEdited(key)}
                />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('order:lineCustom.remove', { field: nameWithKey(key) })}
                onClick={() => remove(key)}
              />
            </Space.Compact>
          </Form.Item>
        ))}
      {open && addOptions.length > 0 && (
        <Select<CustomFieldKey>
          className="line-custom-add"
          showSearch
          value={null}
          placeholder={t('order:lineCustom.addField')}
          aria-label={t('order:lineCustom.addField')}
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
  addable: readonly CustomFieldKey[],
  nameWithKey: (key: string) => string,
): Array<{ value: CustomFieldKey; label: string }> {
  const signature = addable.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields are compared by their signature
  return useMemo(
    () => addable.map((key) => ({ value: key, label: nameWithKey(key) })),
    [signature, nameWithKey],
  );
}
