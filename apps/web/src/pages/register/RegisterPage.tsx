import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import AgreementDialog from '../../components/AgreementDialog.tsx';
import { isSmsCode } from '../../lib/countdown.ts';
import { errorText } from '../../lib/http.ts';
import { REGISTRATION_PASSWORD_KEYS, registrationPasswordProblems } from '../../lib/password-rules.ts';
import { registerSupplier } from '../../lib/public-api.ts';
import '../../lib/i18n-account.ts';
import { Field, isMobileNumber, SendCodeButton } from '../login/parts.tsx';

type Values = {
  inviteCode: string;
  companyName: string;
  name: string;
  mobile: string;
  noteCode: string;
  email: string;
  password: string;
  confirm: string;
};
type Key = keyof Values | 'agreement';

const EMPTY: Values = {
  inviteCode: '',
  companyName: '',
  name: '',
  mobile: '',
  noteCode: '',
  email: '',
  password: '',
  confirm: '',
};

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/**
 * Supplier registration with an invitation code (spec 000 §1, seed 001 §5): names 3–40, mobile + SMS code
 * (purpose 'register', resend countdown), optional email, the registration password rule with a
 * confirmation, and the agreement, which must be opened and accepted. Success shows the new account.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [agreed, setAgreed] = useState(false);
  const [read, setRead] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ elsAccount: string; elsSubAccount: string } | null>(null);

  useEffect(() => {
    document.title = t('account:reg.title');
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

  function validate(): boolean {
    const v = values;
    const e: Partial<Record<Key, string>> = {};
    if (!v.inviteCode.trim()) e.inviteCode = t('account:reg.inviteRequired');
    const len = (s: string) => s.trim().length >= 3 && s.trim().length <= 40;
    if (!len(v.companyName)) e.companyName = t('account:reg.nameLength');
    if (!len(v.name)) e.name = t('account:reg.nameLength');
    if (!v.mobile.trim()) e.mobile = t('login:mobileRequired');
    else if (!isMobileNumber(v.mobile)) e.mobile = t('login:mobileInvalid');
    if (!v.noteCode.trim()) e.noteCode = t('login:smsCodeRequired');
    else if (!isSmsCode(v.noteCode.trim())) e.noteCode = t('login:smsCodeInvalid');
    if (v.email.trim() && !EMAIL.test(v.email.trim())) e.email = t('account:reg.emailInvalid');
    const problems = registrationPasswordProblems(v.password);
    if (problems.length) e.password = problems.map((p) => t(REGISTRATION_PASSWORD_KEYS[p])).join('；');
    if (!v.confirm) e.confirm = t('account:reg.confirmRequired');
    else if (v.confirm !== v.password) e.confirm = t('account:reg.confirmMismatch');
    if (!read) e.agreement = t('account:reg.agreementNotRead');
    else if (!agreed) e.agreement = t('account:reg.agreementMustRead');
    setErrors(e);
    return Object.keys(e).length === 0;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!validate()) return;
    setBusy(true);
    setError(null);
    try {
      const v = values;
      setDone(
        await registerSupplier({
          inviteCode: v.inviteCode.trim().toUpperCase(),
          companyName: v.companyName.trim(),
          name: v.name.trim(),
          mobile: v.mobile.trim(),
          noteCode: v.noteCode.trim(),
          ...(v.email.trim() ? { email: v.email.trim() } : {}),
          password: v.password,
          agreement: true,
        }),
      );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login-page">
      <section className="login-card is-wide" aria-labelledby={`${id}-h`}>
        <header className="login-card-head">
          <div>
            <h2 id={`${id}-h`}>{t('account:reg.title')}</h2>
            <div className="login-field-hint">{t('account:reg.subtitle')}</div>
          </div>
        </header>
        {done ? (
          <div className="login-success" role="status">
            <p>
              <strong>{t('account:reg.success')}</strong>
            </p>
            <p>{t('account:reg.yourAccount', { account: done.elsAccount, sub: done.elsSubAccount })}</p>
            <button
              type="button"
              className="login-submit"
              onClick={() =>
                navigate(
                  `/login?elsAccount=${encodeURIComponent(done.elsAccount)}&elsSubAccount=${encodeURIComponent(done.elsSubAccount)}`,
                )
              }
            >
              {t('account:reg.goLogin')}
            </button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Field
              label={t('account:reg.inviteCode')}
              name="inviteCode"
              autoComplete="off"
              value={values.inviteCode}
              error={errors.inviteCode}
              onChange={set('inviteCode')}
            />
            <Field
              label={t('account:reg.companyName')}
              name="companyName"
              autoComplete="organization"
              maxLength={40}
              value={values.companyName}
              error={errors.companyName}
              onChange={set('companyName')}
            />
            <Field
              label={t('account:reg.contactName')}
              name="name"
              autoComplete="name"
              maxLength={40}
              value={values.name}
              error={errors.name}
              onChange={set('name')}
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
                  purpose="register"
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
              label={t('account:reg.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              error={errors.email}
              onChange={set('email')}
            />
            <Field
              label={t('account:reg.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              error={errors.password}
              hint={Object.values(REGISTRATION_PASSWORD_KEYS)
                .slice(1)
                .map((k) => t(k))
                .join('；')}
              onChange={set('password')}
            />
            <Field
              label={t('account:reg.confirm')}
              name="confirm"
              type="password"
              autoComplete="new-password"
              value={values.confirm}
              error={errors.confirm}
              onChange={set('confirm')}
            />
            <div className={errors.agreement ? 'login-field has-error' : 'login-field'}>
              <label className="login-check" style={{ margin: 0, gap: 8 }}>
                <input
                  type="checkbox"
                  checked={agreed}
                  onChange={(e) => {
                    setAgreed(e.target.checked);
                    setErrors((er) => ({ ...er, agreement: undefined }));
                  }}
                />
                <span>
                  {t('account:reg.agreement')}{' '}
                  <button type="button" className="login-link" onClick={() => setDialog(true)}>
                    {t('login:agreementLink')}
                  </button>
                </span>
              </label>
              {errors.agreement && <div className="login-field-error">{errors.agreement}</div>}
            </div>
            <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>
              {busy && <span className="login-spinner" aria-hidden="true" />}
              {t('account:reg.submit')}
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
          <span>
            {t('account:reg.haveAccount')} <Link to="/login">{t('account:reg.backLogin')}</Link>
          </span>
        </nav>
      </section>
      <AgreementDialog
        open={dialog}
        onClose={() => {
          setDialog(false);
          setRead(true);
          setErrors((er) => ({ ...er, agreement: undefined }));
        }}
      />
    </main>
  );
}
