/**
 * Validation rules of spec 000 §5 and seed 001 §5, shared by the browser and the server.
 * Each returns true when the value satisfies the rule.
 */

/**
 * Forced/shell password rule (spec 000 §5): starts with a letter, 5–20 characters,
 * contains at least one letter and one digit. Other characters are allowed after the first.
 */
export function isValidShellPassword(value: string): boolean {
  return /^[A-Za-z]/.test(value) && value.length >= 5 && value.length <= 20 && /\d/.test(value);
}

/**
 * Registration password rule (seed 001 §5): at least 8 characters, not starting with a digit,
 * with an upper-case letter, a lower-case letter and one of @$!%*#?&.
 */
export function isValidRegistrationPassword(value: string): boolean {
  return (
    value.length >= 8 &&
    !/^\d/.test(value) &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[@$!%*#?&]/.test(value)
  );
}

/** Email pattern (spec 000 §5). */
export function isEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value);
}

/** Mainland mobile number: 11 digits starting with 1 (spec 000 §5). */
export function isMobile(value: string): boolean {
  return /^1\d{10}$/.test(value);
}

/**
 * Emptiness (spec 000 §5): booleans and numbers are never empty; empty arrays, empty objects,
 * null, undefined, 'null', 'undefined' and '' are empty.
 */
export function isEmpty(value: unknown): boolean {
  if (typeof value === 'boolean' || typeof value === 'number') return false;
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '' || value === 'null' || value === 'undefined';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

/** Name length 3–40 (seed 001 §5). */
export function isValidName(value: string): boolean {
  return value.length >= 3 && value.length <= 40;
}
