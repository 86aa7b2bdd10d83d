import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../lib/countdown.ts';
import { errorText } from '../../lib/http.ts';
import { type SmsPurpose, sendNoteCode } from '../../lib/public-api.ts';

type FieldProps = {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  after?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with an in-place error, styled like the login form (no antd on public pages). */
export function Field({ label, error, hint, after, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'login-field has-error' : 'login-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="login-field-row">
        <div className="login-input-wrap">
          <input
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...input}
          />
        </div>
        {after}
      </div>
      {hint && !error && <div className="login-field-hint">{hint}</div>}
      {error && (
        <div id={errorId} className="login-field-error">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * "Get code" button with the resend countdown (spec 000 §1): sends `POST sendNoteCode {mobile, purpose}`
 * and counts down the seconds the server names (60). `validate` checks the mobile number first.
 */
export function SendCodeButton({
  mobile,
  purpose,
  validate,
  onSent,
  onError,
}: {
  mobile: string;
  purpose: SmsPurpose;
  validate: () => boolean;
  onSent: (text: string) => void;
  onError: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { left, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  async function send() {
    if (!validate()) return;
    setBusy(true);
    try {
      const res = await sendNoteCode(mobile.trim(), purpose);
      start(res.resendAfterSeconds);
      onSent(t('login:codeSent'));
    } catch (e) {
      onError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="login-code-button" disabled={busy || left > 0} onClick={send}>
      {left > 0 ? t('login:resendIn', { s: left }) : t('login:sendCode')}
    </button>
  );
}

export function isMobileNumber(value: string): boolean {
  return /^1\d{10}$/.test(value.trim());
}
