import type { LoginResult } from '@srm/contracts/auth';
import { HOME_TAB_PATH, LOCALES, type Locale } from '@srm/contracts/constants';
import {
  type FormEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { login } from '../../lib/api.ts';
import { useAuth, useLock } from '../../lib/auth-store.ts';
import { type BootLogin, dropBootLogin, takeBootLogin } from '../../lib/boot-login.ts';
import { isSmsCode } from '../../lib/countdown.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { logoUrl } from '../../lib/logo.ts';
import {
  findLoginPageSettings,
  getCaptcha,
  type LoginPageSettings,
  loginBySms,
} from '../../lib/public-api.ts';
import { TABS_STORE_KEY } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { getStore, removeStore, setStore } from '../../lib/storage.ts';
import { loadTenantTexts } from '../../lib/tenant-i18n.ts';
import { prefetchShell } from '../../shell/prefetch.ts';
import { Field, isMobileNumber, SendCodeButton } from './parts.tsx';

/** The agreement text loads with its dialog, on the first click (login bytes, DESIGN §10). */
const AgreementDialog = lazy(() => import('../../components/AgreementDialog.tsx'));

// The login pages' stylesheet (login.css) is inline in portal/index.html (vite.config.ts bootLogin).

type FieldName = 'elsAccount' | 'elsSubAccount' | 'password';
const REQUIRED_KEYS: Record<FieldName, string> = {
  elsAccount: 'login:accountRequired',
  elsSubAccount: 'login:subAccountRequired',
  password: 'login:passwordRequired',
};
/** Stored-item key of "remember account": account and sub-account only, never the password. */
export const REMEMBER_KEY = 'rememberedAccount';

type Remembered = { elsAccount: string; elsSubAccount: string };

/** True when a setting value names a picture (a URL or a stored image path) rather than plain text. */
function isPicture(value: string): boolean {
  return /^https?:\/\//i.test(value) || /\.(png|jpe?g)$/i.test(value);
}

/** Stores the session of a login (both tabs) and goes home (spec 000 §4). */
function useFinishLogin() {
  const navigate = useNavigate();
  return useCallback(
    (result: LoginResult) => {
      removeStore(TABS_STORE_KEY, 'session');
      useLock.getState().unlock();
      useAuth.getState().signIn(result);
      // The shell's calls for the session start now, not once it has rendered (issue #43).
      void import('../../shell/session-loads.ts').then((m) => m.startSessionLoads());
      navigate(HOME_TAB_PATH, { replace: true });
    },
    [navigate],
  );
}

/**
 * Login page (spec 000 §1, §2): login-page settings (title, name, background, logos, advertisement),
 * account login with captcha after failed attempts and "remember account", SMS login, agreement, links
 * to registration and password reset. Plain elements, no antd: the login route stays within 150 KiB.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useSettings((s) => s.locale);
  const setLocale = useSettings((s) => s.setLocale);
  const [params] = useSearchParams();
  const [settings, setSettings] = useState<LoginPageSettings>({});
  const [mode, setMode] = useState<'password' | 'sms'>('password');
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [agreementLoaded, setAgreementLoaded] = useState(false);

  // The form painted from the HTML (issue #43): its language picked there carries over, then it goes, in
  // the frame React's form first paints in (the account form took its values over first: children's
  // layout effects run before their parent's).
  useLayoutEffect(() => {
    const boot = takeBootLogin();
    const picked = LOCALES.find((l) => l === boot?.locale);
    if (picked && picked !== useSettings.getState().locale) setLocale(picked);
    // The method tab picked there (its SMS tab): this page starts on it.
    if (boot?.mode === 'sms') setMode('sms');
    // Typed into before React started: the user's first key has been, so the shell is fetched now.
    if (boot && (boot.elsAccount || boot.elsSubAccount || boot.password || boot.submitted)) prefetchShell();
    dropBootLogin();
  }, [setLocale]);

  // The user's first key or click: fetch the shell and home meanwhile (issue #12) — after the form is
  // usable, so the login page's own bytes do not grow, and the click on 登录 no longer waits for them.
  useEffect(() => {
    const events = ['keydown', 'pointerdown', 'input'] as const;
    const start = () => {
      for (const e of events) document.removeEventListener(e, start, true);
      prefetchShell();
    };
    for (const e of events) document.addEventListener(e, start, true);
    return () => {
      for (const e of events) document.removeEventListener(e, start, true);
    };
  }, []);

  useEffect(() => {
    let cancelled = false;
    findLoginPageSettings()
      .then((s) => !cancelled && setSettings(s))
      .catch((e) => console.error('login page settings', e));
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    void loadTenantTexts('default', locale);
  }, [locale]);

  const title = settings.LoginPage_SystemTitle || t('common:app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  const background = logoUrl(settings.LoginPage_LoginBackgroud);
  const ad = settings.LoginPage_LoginAD;

  return (
    <main
      className={background ? 'login-page has-background' : 'login-page'}
      style={background ? { backgroundImage: `url("${background}")` } : undefined}
    >
      <div className="login-brand">
        <Logo className="login-brand-logo" value={settings.LoginPage_SystemLogo} alt={t('login:logoAlt')} />
        <h1 className="login-title">{title}</h1>
        <p className="login-subtitle">{settings.LoginPage_SystemName || t('login:subtitle')}</p>
        {ad &&
          (isPicture(ad) ? (
            <img className="login-ad-img" src={logoUrl(ad) ?? ''} alt={t('login:adAlt')} />
          ) : (
            <p className="login-ad">{ad}</p>
          ))}
      </div>
      <section className="login-card" aria-labelledby={`${id}-heading`}>
        <header className="login-card-head">
          <div className="login-card-title">
            {settings.LoginPage_LoginLogo && (
              <Logo
                className="login-card-logo"
                value={settings.LoginPage_LoginLogo}
                alt={t('login:loginLogoAlt')}
              />
            )}
            <h2 id={`${id}-heading`}>{t('login:welcome')}</h2>
          </div>
          <div className="login-lang">
            <label htmlFor={`${id}-lang`}>{t('login:language')}</label>
            <select id={`${id}-lang`} value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`common:lang.${l}`)}
                </option>
              ))}
            </select>
          </div>
        </header>
        <div className="login-tabs" role="tablist" aria-label={t('login:tabs.label')}>
          {(['password', 'sms'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              id={`${id}-tab-${m}`}
              aria-selected={mode === m}
              aria-controls={`${id}-panel`}
              className={mode === m ? 'login-tab is-active' : 'login-tab'}
              onClick={() => setMode(m)}
            >
              {t(`login:tabs.${m}`)}
            </button>
          ))}
        </div>
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${mode}`}>
          {mode === 'password' ? (
            <PasswordLogin
              initialAccount={params.get('elsAccount') ?? undefined}
              initialSubAccount={params.get('elsSubAccount') ?? undefined}
            />
          ) : (
            <SmsLogin />
          )}
        </div>
        <p className="login-agreement">
          {t('login:agreementPrefix')}{' '}
          <button
            type="button"
            className="login-link"
            onClick={() => {
              setAgreementLoaded(true);
              setAgreementOpen(true);
            }}
          >
            {t('login:agreementLink')}
          </button>
        </p>
        <nav className="login-links">
          <Link to="/register">{t('login:register')}</Link>
          <Link to="/resetPassword">{t('login:forgot')}</Link>
          <Link to="/wxAuth">{t('login:wechat')}</Link>
        </nav>
      </section>
      {agreementLoaded && (
        <Suspense fallback={null}>
          <AgreementDialog open={agreementOpen} onClose={() => setAgreementOpen(false)} />
        </Suspense>
      )}
    </main>
  );
}

function PasswordLogin({
  initialAccount,
  initialSubAccount,
}: {
  initialAccount?: string;
  initialSubAccount?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locale = useSettings((s) => s.locale);
  const finish = useFinishLogin();
  const [remembered] = useState(() => getStore<Remembered>(REMEMBER_KEY));
  const [values, setValues] = useState<Record<FieldName, string>>({
    elsAccount: initialAccount ?? remembered?.elsAccount ?? '',
    elsSubAccount: initialSubAccount ?? remembered?.elsSubAccount ?? '',
    password: '',
  });
  const [remember, setRemember] = useState(Boolean(remembered));
  const [takeOver, setTakeOver] = useState<BootLogin | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sentFromBoot = useRef(false);
  const [missing, setMissing] = useState<Partial<Record<FieldName | 'captcha', boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [captcha, setCaptcha] = useState<{ captchaId: string; svg: string } | null>(null);
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaCode, setCaptchaCode] = useState('');

  const refreshCaptcha = useCallback(async () => {
    setCaptchaCode('');
    try {
      setCaptcha(await getCaptcha());
    } catch (e) {
      setError(errorText(e));
    }
  }, []);

  // What was typed into the form painted from the HTML before React started (issue #43) wins: read at
  // commit (a layout effect: this form re-renders with it before it first paints), then the focus and caret
  // move to the same field of this form, and a 登录 pressed there is sent from here.
  useLayoutEffect(() => {
    const now = takeBootLogin();
    if (!now) return;
    setValues({ elsAccount: now.elsAccount, elsSubAccount: now.elsSubAccount, password: now.password });
    setRemember(now.remember);
    setTakeOver(now);
  }, []);
  useLayoutEffect(() => {
    if (!takeOver?.focus) return;
    const input = document.getElementById(`${id}-${takeOver.focus.name}`);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.setSelectionRange(takeOver.focus.caret, takeOver.focus.caret);
    }
  }, [takeOver, id]);
  useEffect(() => {
    if (!takeOver?.submitted || sentFromBoot.current) return;
    sentFromBoot.current = true;
    formRef.current?.requestSubmit();
  }, [takeOver]);

  function update(field: FieldName, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim()) setMissing((m) => ({ ...m, [field]: false }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const empty: Partial<Record<FieldName | 'captcha', boolean>> = Object.fromEntries(
      (Object.keys(values) as FieldName[]).map((f) => [f, values[f].trim() === '']),
    );
    if (captchaNeeded) empty.captcha = captchaCode.trim() === '';
    setMissing(empty);
    if (Object.values(empty).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      const result = await login({
        elsAccount: values.elsAccount.trim(),
        elsSubAccount: values.elsSubAccount.trim(),
        password: values.password,
        locale,
        ...(captchaNeeded && captcha
          ? { captchaId: captcha.captchaId, captchaCode: captchaCode.trim() }
          : {}),
      });
      if (remember) {
        setStore(REMEMBER_KEY, {
          elsAccount: values.elsAccount.trim(),
          elsSubAccount: values.elsSubAccount.trim(),
        });
      } else {
        removeStore(REMEMBER_KEY);
      }
      finish(result);
    } catch (e) {
      setError(errorText(e));
      const data =
        e instanceof ApiError ? (e.data as { captchaRequired?: boolean } | null | undefined) : null;
      if (data?.captchaRequired || captchaNeeded) {
        setCaptchaNeeded(true);
        void refreshCaptcha();
      }
    } finally {
      setBusy(false);
    }
  }

  function field(name: FieldName, label: string, type: string, autoComplete: string) {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const isPassword = name === 'password';
    return (
      <div className={missing[name] ? 'login-field has-error' : 'login-field'}>
        <label htmlFor={inputId}>{label}</label>
        <div className="login-input-wrap">
          <input
            id={inputId}
            name={name}
            type={isPassword && showPassword ? 'text' : type}
            autoComplete={autoComplete}
            value={values[name]}
            aria-invalid={missing[name] || undefined}
            aria-describedby={missing[name] ? errorId : undefined}
            onChange={(e) => update(name, e.target.value)}
          />
          {isPassword && (
            <button
              type="button"
              className="login-eye"
              aria-pressed={showPassword}
              aria-label={showPassword ? t('login:hidePassword') : t('login:showPassword')}
              onClick={() => setShowPassword((s) => !s)}
            >
              {showPassword ? t('login:hide') : t('login:show')}
            </button>
          )}
        </div>
        {missing[name] && (
          <div id={errorId} className="login-field-error">
            {t(REQUIRED_KEYS[name])}
          </div>
        )}
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {field('elsAccount', t('login:account'), 'text', 'organization')}
      {field('elsSubAccount', t('login:subAccount'), 'text', 'username')}
      {field('password', t('login:password'), 'password', 'current-password')}
      {captchaNeeded && (
        <Field
          label={t('login:captcha')}
          name="captchaCode"
          autoComplete="off"
          maxLength={10}
          value={captchaCode}
          hint={t('login:captchaHint')}
          error={missing.captcha ? t('login:captchaRequired') : null}
          onChange={(e) => {
            setCaptchaCode(e.target.value);
            if (e.target.value.trim()) setMissing((m) => ({ ...m, captcha: false }));
          }}
          after={
            <div className="login-captcha">
              {captcha ? (
                <img
                  src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
                  alt={t('login:captchaAlt')}
                  width={120}
                  height={40}
                />
              ) : (
                <span className="login-captcha-loading">{t('login:captchaLoading')}</span>
              )}
              <button type="button" className="login-link" onClick={() => void refreshCaptcha()}>
                {t('login:captchaChange')}
              </button>
            </div>
          }
        />
      )}
      <label className="login-check" title={t('login:rememberHint')}>
        <input
          type="checkbox"
          name="remember"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
        />
        {t('login:remember')}
      </label>
      <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>
        {busy && <span className="login-spinner" aria-hidden="true" />}
        {t('login:submit')}
      </button>
      {error && (
        <div className="login-error" role="alert">
          {error}
        </div>
      )}
    </form>
  );
}

function SmsLogin() {
  const { t } = useTranslation();
  const finish = useFinishLogin();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function checkMobile(): boolean {
    const problem = !mobile.trim()
      ? t('login:mobileRequired')
      : isMobileNumber(mobile)
        ? undefined
        : t('login:mobileInvalid');
    setErrors((e) => ({ ...e, mobile: problem }));
    return !problem;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const okMobile = checkMobile();
    const codeProblem = !code.trim()
      ? t('login:smsCodeRequired')
      : isSmsCode(code.trim())
        ? undefined
        : t('login:smsCodeInvalid');
    setErrors((e) => ({ ...e, code: codeProblem }));
    if (!okMobile || codeProblem) return;
    setBusy(true);
    setError(null);
    try {
      finish(await loginBySms(mobile.trim(), code.trim()));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field
        label={t('login:mobile')}
        name="mobile"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        value={mobile}
        error={errors.mobile}
        onChange={(e) => setMobile(e.target.value)}
      />
      <Field
        label={t('login:smsCode')}
        name="noteCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        value={code}
        error={errors.code}
        onChange={(e) => setCode(e.target.value)}
        after={
          <SendCodeButton
            mobile={mobile}
            purpose="login"
            validate={checkMobile}
            onSent={(text) => {
              setNotice(text);
              setError(null);
            }}
            onError={(text) => setError(text)}
          />
        }
      />
      <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>
        {busy && <span className="login-spinner" aria-hidden="true" />}
        {t('login:submit')}
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
  );
}
