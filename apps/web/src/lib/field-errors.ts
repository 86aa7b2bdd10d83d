import type { FormInstance } from 'antd';
import { ApiError } from './http.ts';

/**
 * One refused field as the server answers it in a '400' envelope's `data.errors` (issue #33; server
 * platform/validation.ts FieldError): the path as segments (array positions as numbers), the rule broken
 * and the sentence in the user's language naming the field by its label and line number.
 */
export type ServerFieldError = {
  path: string;
  segments: Array<string | number>;
  field: string;
  rule: string;
  message: string;
};

/** The field errors an API error carries (none for business errors, which name no field path). */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError) || error.code !== '400') return [];
  const errors = (error.data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is ServerFieldError =>
      !!e && typeof e === 'object' && Array.isArray(e.segments) && typeof e.message === 'string',
  );
}

/**
 * Shows the server's field errors next to the form's fields (antd Form.setFields): each error whose path is
 * a field of the form goes under that field. `toForm` maps a body path to the form's name when the screen
 * names it differently (default: the same segments). Answers the errors no field of the form shows, for
 * the screen to show in one place (an alert or toast) — all of them when the error has no field errors.
 */
export function applyServerFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  toForm: (segments: Array<string | number>) => Array<string | number> | undefined = (s) => s,
): ServerFieldError[] {
  const errors = serverFieldErrors(error);
  const shown: Array<{ name: Array<string | number>; errors: string[] }> = [];
  const rest: ServerFieldError[] = [];
  for (const e of errors) {
    const name = toForm(e.segments);
    if (name && name.length > 0 && hasField(form, name)) {
      const same = shown.find((s) => s.name.join('.') === name.join('.'));
      if (same) same.errors.push(e.message);
      else shown.push({ name, errors: [e.message] });
    } else rest.push(e);
  }
  if (shown.length > 0) {
    form.setFields(shown as never);
    form.scrollToField(shown[0].name as never);
  }
  return rest;
}

/** Whether the form has a field under `name` (a Form.Item registered it). */
function hasField<T>(form: FormInstance<T>, name: Array<string | number>): boolean {
  const fields = form.getFieldsError() as Array<{ name: Array<string | number> }>;
  return fields.some((f) => f.name.length === name.length && f.name.every((part, i) => part === name[i]));
}
