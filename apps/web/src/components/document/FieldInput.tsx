import type { Locale } from '@srm/contracts/constants';
import { codeLabel, type FieldDef } from '@srm/contracts/document/define';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { MasterSelect } from '../MasterSelect.tsx';
import { orgUnitSource } from '../org-unit-source.ts';

/** Which control a definition field gets (DESIGN §11 field renderer); `org`: a search picker of its master. */
export type FieldControl = 'org' | 'code' | 'date' | 'integer' | 'decimal' | 'password' | 'textarea' | 'text';

/**
 * The control of a field: an organisation field (`org`, issue #19) is a search picker over the company's
 * enabled organisation masters whatever its type; otherwise by type, long texts (over 200) as a text area.
 */
export function fieldControl(field: FieldDef): FieldControl {
  if (field.org) return 'org';
  switch (field.type) {
    case 'code':
    case 'date':
    case 'integer':
    case 'decimal':
      return field.type;
    default:
      if (field.secret) return 'password';
      return field.max && field.max > 200 ? 'textarea' : 'text';
  }
}

/**
 * The input of one definition field (DESIGN §11 field renderer): an organisation master picker (value: the
 * code, label "code name"; a code the masters lack is shown bare), text, exact decimal (kept as a string),
 * whole number, date, or a code list labelled in the user's language. Dates travel as 'YYYY-MM-DD'
 * strings: `getValueProps`/`normalize` of dateItemProps convert them for the picker.
 */
export function FieldInput({
  field,
  locale,
  ariaLabel,
  value,
  onChange,
  disabled,
  placeholder,
}: {
  field: FieldDef;
  locale: Locale;
  ariaLabel?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const source = useMemo(() => (field.org ? orgUnitSource(field.org, locale) : null), [field.org, locale]);
  if (source)
    return (
      <MasterSelect
        source={source}
        aria-label={ariaLabel}
        allowClear={!field.required}
        disabled={disabled}
        value={(value as string | null | undefined) || undefined}
        onChange={(v) => onChange?.(v ?? '')}
        placeholder={placeholder}
        style={{ minWidth: 160 }}
      />
    );
  switch (field.type) {
    case 'code':
      return (
        <Select
          aria-label={ariaLabel}
          allowClear={!field.required}
          disabled={disabled}
          value={value as string | undefined}
          onChange={onChange}
          placeholder={placeholder}
          style={{ minWidth: 140 }}
          options={Object.keys(field.codes ?? {}).map((code) => ({
            value: code,
            label: codeLabel(field.codes, code, locale),
          }))}
        />
      );
    case 'date':
      return (
        <DatePicker
          aria-label={ariaLabel}
          disabled={disabled}
          value={value as Dayjs | null | undefined}
          onChange={onChange}
          placeholder={placeholder}
          style={{ width: '100%', minWidth: 140 }}
        />
      );
    case 'integer':
      return (
        <InputNumber
          aria-label={ariaLabel}
          disabled={disabled}
          min={field.positive ? 1 : 0}
          precision={0}
          value={value as number | null | undefined}
          onChange={onChange}
          placeholder={placeholder}
          style={{ width: '100%', minWidth: 80 }}
        />
      );
    case 'decimal':
      return (
        <Input
          aria-label={ariaLabel}
          inputMode="decimal"
          disabled={disabled}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
          className="num"
          style={{ minWidth: 100 }}
        />
      );
    default:
      // A write-only secret (an opening password): masked, never prefilled by the browser.
      if (field.secret)
        return (
          <Input.Password
            aria-label={ariaLabel}
            disabled={disabled}
            maxLength={field.max}
            autoComplete="new-password"
            value={value as string | undefined}
            onChange={(e) => onChange?.(e.target.value)}
          />
        );
      return field.max && field.max > 200 ? (
        <Input.TextArea
          aria-label={ariaLabel}
          disabled={disabled}
          rows={2}
          maxLength={field.max}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
        />
      ) : (
        <Input
          aria-label={ariaLabel}
          disabled={disabled}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
        />
      );
  }
}

/** Form.Item props that keep a date field as 'YYYY-MM-DD' in the form store and a Dayjs in the picker. */
export const dateItemProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : (v ?? undefined) }),
  normalize: (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : (v ?? undefined)),
};

/** Form.Item props for a field: dates kept as strings, everything else as is. */
export function itemPropsOf(field: FieldDef) {
  return field.type === 'date' ? dateItemProps : {};
}

/** Stops Enter in a text input from submitting the form (the user saves with the button). */
export function preventEnterSubmit(e: React.KeyboardEvent<HTMLElement>) {
  const target = e.target as HTMLElement;
  if (e.key === 'Enter' && target.tagName === 'INPUT') e.preventDefault();
}
