import type { Locale } from '@srm/contracts/constants';
import { codeLabel, type FieldDef } from '@srm/contracts/document/define';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The input of one definition field (DESIGN §11 field renderer): text, exact decimal (kept as a string),
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
