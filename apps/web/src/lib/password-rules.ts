import { isValidShellPassword } from '@srm/contracts/validators';

/** i18n keys of the password messages (spec 000 §5). */
export const PASSWORD_MESSAGE_KEYS = {
  required: 'common:password.required',
  pattern: 'common:password.rule',
  mismatch: 'common:password.mismatch',
} as const;
export type PasswordProblem = keyof typeof PASSWORD_MESSAGE_KEYS;

/** New-password rule (spec 000 §5): required, then isValidShellPassword. */
export function checkNewPassword(value: string | undefined): PasswordProblem | null {
  if (!value) return 'required';
  return isValidShellPassword(value) ? null : 'pattern';
}

/** Confirmation rule (spec 000 §5): required, and equal to the new password. */
export function checkConfirmPassword(
  value: string | undefined,
  password: string | undefined,
): PasswordProblem | null {
  if (!value) return 'required';
  return value === password ? null : 'mismatch';
}

/** Registration password problems (seed 001 §5), each an i18n key; empty list when the password is fine. */
export const REGISTRATION_PASSWORD_KEYS = {
  required: 'account:rules.passwordRequired',
  length: 'account:rules.passwordLength',
  leadingDigit: 'account:rules.passwordLeadingDigit',
  upper: 'account:rules.passwordUpper',
  lower: 'account:rules.passwordLower',
  special: 'account:rules.passwordSpecial',
} as const;
export type RegistrationPasswordProblem = keyof typeof REGISTRATION_PASSWORD_KEYS;

/**
 * Every rule of the registration password (seed 001 §5) the value breaks: at least 8 characters, not
 * starting with a digit, an upper-case and a lower-case letter, one of @$!%*#?&.
 */
export function registrationPasswordProblems(value: string | undefined): RegistrationPasswordProblem[] {
  if (!value) return ['required'];
  const problems: RegistrationPasswordProblem[] = [];
  if (value.length < 8) problems.push('length');
  if (/^\d/.test(value)) problems.push('leadingDigit');
  if (!/[A-Z]/.test(value)) problems.push('upper');
  if (!/[a-z]/.test(value)) problems.push('lower');
  if (!/[@$!%*#?&]/.test(value)) problems.push('special');
  return problems;
}
