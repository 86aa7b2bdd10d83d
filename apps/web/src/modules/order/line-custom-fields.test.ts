import { describe, expect, it } from 'vitest';
import {
  addableCustomFields,
  isCustomFieldKey,
  lineCustomErrors,
  shownCustomFields,
} from './line-custom-fields.ts';

describe('line custom fields in the order form', () => {
  it('lists the fields holding a string (also an added, still empty one) in fbk order', () => {
    const line = { materialNumber: 'M-1', fbk10: 'x', fbk2: '', fbk3: undefined, fbk51: 'no' };
    expect(shownCustomFields(line)).toEqual(['fbk2', 'fbk10']);
    expect(shownCustomFields(undefined)).toEqual([]);
    const addable = addableCustomFields(line);
    expect(addable).toHaveLength(48);
    expect(addable.slice(0, 3)).toEqual(['fbk1', 'fbk3', 'fbk4']);
    expect(addable).not.toContain('fbk10');
  });
  it('knows fbk1…fbk50 only', () => {
    expect(isCustomFieldKey('fbk1')).toBe(true);
    expect(isCustomFieldKey('fbk50')).toBe(true);
    expect(isCustomFieldKey('fbk0')).toBe(false);
    expect(isCustomFieldKey('fbk51')).toBe(false);
    expect(isCustomFieldKey('quantity')).toBe(false);
  });
  it("puts the server's field error of a line custom field on that field of that line, by its segments", () => {
    const error = (segments: Array<string | number>, message: string) => ({
      path: `body.${segments.join('.')}`,
      segments,
      field: message,
      rule: 'tooLong',
      message,
    });
    const fbk = error(['items', 1, 'fbk7'], 'body.items.1.fbk7 must be at most 100 long');
    const quantity = error(['items', 0, 'quantity'], 'Line 10, Quantity must be greater than 0');
    const header = error(['fbk7'], 'body.fbk7 must be at most 100 long');
    const { custom, others } = lineCustomErrors([fbk, quantity, header]);
    expect(custom).toEqual({ 1: { fbk7: 'body.items.1.fbk7 must be at most 100 long' } });
    expect(others).toEqual([quantity, header]);
  });
});
