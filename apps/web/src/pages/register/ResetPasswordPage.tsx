import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isSmsCode } from '../../lib/countdown.ts';
import { errorText } from '../../lib/http.ts';
import { checkNewPassword, PASSWORD_MESSAGE_KEYS } from '../../lib/password-rules.ts';
import { resetPassword } from '../../lib/public-api.ts';
import { Field, isMobileNumber, SendCodeButton } from '../login/parts.tsx';
import '../../lib/i18n-account.ts';

type Values = {
  elsAccount: string;
  elsSubAccount: string;
  mobile: string;
  noteCode: string;
  newPassword: string;
};

/**
 * Password reset by SMS (spec 000 §1): account, sub-account, the account's mobile, an SMS code (purpose
 * 'resetPassword') and a new password by the shell rule (letter first, 5–20, letters and a digit).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<Values>({
    elsAccount: '',
    elsSubAccount: '',
    mobile: '',
    noteCode: '',
    newPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    document.title = t('account:reset.title');
  }, [t]);

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  function checkMobile(): boolean {
    const m = values.mobile.trim();
    const problem = !m ? t('login:mobileRequired') : isMobileNumber(m) ? undefined : t('login:mobileInvalid');
    setErrors((e) => ({ ...e, mobile: problem }));
    return !problem;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const v = values;
    const e: Partial<Record<keyof Values, string>> = {};
    if (!v.elsAccount.trim()) e.elsAccount = t('login:accountRequired');
    if (!v.elsSubAccount.trim()) e.elsSubAccount = t('login:subAccountRequired');
    if (!v.mobile.trim()) e.mobile = t('login:mobileRequired');
    else if (!isMobileNumber(v.mobile)) e.mobile = t('login:mobileInvalid');
    if (!v.noteCode.trim()) e.noteCode = t('login:smsCodeRequired');
    else if (!isSmsCode(v.noteCode.trim())) e.noteCode = t('login:smsCodeInvalid');
    const problem = checkNewPassword(v.newPassword);
    if (problem) e.newPassword = t(PASSWORD_MESSAGE_KEYS[problem]);
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword({
        elsAccount: v.elsAccount.trim(),
        elsSubAccount: v.elsSubAccount.trim(),
        mobile: v.mobile.trim(),
        noteCode: v.noteCode.trim(),
        newPassword: v.newPassword,
      });
      setDone(true);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby={`${id}-h`}>
        <header className="login-card-head">
          <div>
            <h2 id={`${id}-h`}>{t('account:reset.title')}</h2>
            <div className="login-field-hint">{t('account:reset.subtitle')}</div>
          </div>
        </header>
        {done ? (
          <div className="login-success" role="status">
            <p>{t('account:reset.success')}</p>
            <button
              type="button"
              className="login-submit"
              onClick={() =>
                navigate(
                  `/login?elsAccount=${encodeURIComponent(values.elsAccount.trim())}&elsSubAccount=${encodeURIComponent(values.elsSubAccount.trim())}`,
                )
              }
            >
              {t('account:reg.goLogin')}
            </button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Field
              label={t('login:account')}
              name="elsAccount"
              value={values.elsAccount}
              error={errors.elsAccount}
              onChange={set('elsAccount')}
            />
            <Field
              label={t('login:subAccount')}
              name="elsSubAccount"
              value={values.elsSubAccount}
              error={errors.elsSubAccount}
              onChange={set('elsSubAccount')}
            />
            <Field
              label={t('login:mobile')}
              name="mobile"
              type="tel"
              inputMode="numeric"
              maxLength={11}
              value={values.mobile}
              error={errors.mobile}
              onChange={set('mobile')}
            />
            <Field
              label={t('login:smsCode')}
              name="noteCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              value={values.noteCode}
              error={errors.noteCode}
              onChange={set('noteCode')}
              after={
                <SendCodeButton
                  mobile={values.mobile}
                  purpose="resetPassword"
                  validate={checkMobile}
                  onSent={(text) => {
                    setNotice(text);
                    setError(null);
                  }}
                  onError={setError}
                />
              }
            />
            <Field
              label={t('account:reset.newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={values.newPassword}
              error={errors.newPassword}
              hint={t('common:password.rule')}
              onChange={set('newPassword')}
            />
            <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>
              {busy && <span className="login-spinner" aria-hidden="true" />}
              {t('account:reset.submit')}
            </button>
            {notice && !error && (
              <div className="login-notice" role="status">
                {notice}
              </div>
            )}
            {error && (
              <div className="login-error" role="alert">
                {error}
              </div>
            )}
          </form>
        )}
        <nav className="login-links">
          <Link to="/login">{t('account:reg.backLogin')}</Link>
        </nav>
      </section>
    </main>
  );
}
