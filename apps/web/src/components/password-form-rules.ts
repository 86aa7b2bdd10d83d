import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkConfirmPassword, checkNewPassword, PASSWORD_MESSAGE_KEYS } from '../lib/password-rules.ts';

/** antd form rule for a new password (spec 000 §5). */
export function newPasswordRule(t: TFunction): FormRule {
  return {
    required: true,
    validator: (_rule, value: string | undefined) => {
      const problem = checkNewPassword(value);
      return problem ? Promise.reject(new Error(t(PASSWORD_MESSAGE_KEYS[problem]))) : Promise.resolve();
    },
  };
}

/** antd form rule for the confirmation, compared with the field `passwordField` (spec 000 §5). */
export function confirmPasswordRule(t: TFunction, passwordField: string): FormRule {
  return ({ getFieldValue }) => ({
    required: true,
    validator: (_rule, value: string | undefined) => {
      const problem = checkConfirmPassword(value, getFieldValue(passwordField));
      return problem ? Promise.reject(new Error(t(PASSWORD_MESSAGE_KEYS[problem]))) : Promise.resolve();
    },
  });
}
