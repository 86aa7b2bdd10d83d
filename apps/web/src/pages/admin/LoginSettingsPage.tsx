import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo.tsx';
import { UploadOutlined } from '../../components/page-icons.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { HOME_SECTIONS, parseHomeSwitches, useHomeSwitches } from '../../lib/home-switches.ts';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-portal.ts';
import { isJpgOrPng, logoUrl } from '../../lib/logo.ts';
import { findSettings, saveSettings, uploadPublicImage } from '../../lib/portal-api.ts';
import { type LoginPageCode, type LoginPageSettings, settingsMap } from '../../lib/public-api.ts';
import { queryClient } from '../../lib/query-client.ts';
import './admin.css';

type Kind = 'text' | 'image' | 'textOrImage';
const FIELDS: { code: LoginPageCode; key: string; kind: Kind; advice?: string }[] = [
  { code: 'LoginPage_SystemTitle', key: 'systemTitle', kind: 'text' },
  { code: 'LoginPage_SystemName', key: 'systemName', kind: 'text' },
  { code: 'LoginPage_LoginBackgroud', key: 'background', kind: 'image', advice: 'backgroundAdvice' },
  { code: 'LoginPage_SystemLogo', key: 'systemLogo', kind: 'image', advice: 'logoAdvice' },
  { code: 'LoginPage_LoginLogo', key: 'loginLogo', kind: 'image', advice: 'logoAdvice' },
  { code: 'LoginPage_LoginAD', key: 'ad', kind: 'textOrImage', advice: 'adAdvice' },
];

/** Login-page settings and home switches for a buyer admin (spec 000 §2; issue #3). */
export default function LoginSettingsRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <LoginSettingsPage />
    </QueryClientProvider>
  );
}

/** A picture setting: the stored path or URL, an upload button (JPG/PNG only, checked here too). */
function ImageInput({
  value,
  onChange,
  label,
  allowText,
}: {
  value?: string;
  onChange?: (v: string) => void;
  label: string;
  allowText?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function pick(f: File | undefined) {
    if (!f) return;
    if (!isJpgOrPng(f)) {
      void message.error(t('portal:loginSettings.onlyJpgPng'));
      return;
    }
    setBusy(true);
    try {
      const saved = await uploadPublicImage(f);
      onChange?.(saved.filePath);
      void message.success(t('portal:loginSettings.uploaded'));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  }

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        aria-label={label}
        placeholder={allowText ? undefined : t('portal:loginSettings.valuePlaceholder')}
        onChange={(e) => onChange?.(e.target.value)}
        allowClear
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => file.current?.click()}>
        {t('portal:loginSettings.upload')}
      </Button>
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg"
        className="visually-hidden"
        aria-label={`${label} ${t('portal:loginSettings.upload')}`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
    </Space.Compact>
  );
}

/** A miniature of the login page with the values being edited. */
function Preview({ values }: { values: LoginPageSettings }) {
  const { t } = useTranslation();
  const bg = logoUrl(values.LoginPage_LoginBackgroud);
  const ad = values.LoginPage_LoginAD;
  const adIsPicture = ad && (/^https?:\/\//i.test(ad) || /\.(png|jpe?g)$/i.test(ad));
  return (
    <div
      className="login-preview"
      aria-label={t('portal:loginSettings.preview')}
      role="img"
      style={bg ? { backgroundImage: `url("${bg}")` } : undefined}
    >
      <div className="login-preview-brand">
        <Logo value={values.LoginPage_SystemLogo} alt={t('login:logoAlt')} />
        <div className="login-preview-title">{values.LoginPage_SystemTitle || t('common:app.title')}</div>
        <div className="login-preview-name">{values.LoginPage_SystemName || t('login:subtitle')}</div>
        {ad &&
          (adIsPicture ? (
            <img src={logoUrl(ad) ?? ''} alt="" className="login-preview-ad" />
          ) : (
            <div className="login-preview-ad">{ad}</div>
          ))}
      </div>
      <div className="login-preview-card">
        {values.LoginPage_LoginLogo && (
          <Logo value={values.LoginPage_LoginLogo} alt={t('login:loginLogoAlt')} />
        )}
        <div>{t('login:welcome')}</div>
        <div className="login-preview-line" />
        <div className="login-preview-line" />
        <div className="login-preview-button">{t('login:submit')}</div>
      </div>
    </div>
  );
}

function LoginSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useId();
  const isAdmin = useAuth((s) => s.userInfo?.station === 'purchase' && s.userInfo.permission === 'admin');
  const [form] = Form.useForm<LoginPageSettings>();
  const values = Form.useWatch([], form) ?? {};
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const login = useQuery({
    queryKey: ['settings', 'LoginPage_Group'],
    queryFn: () => findSettings('LoginPage_Group'),
  });
  const home = useQuery({
    queryKey: ['settings', 'IndexPage_Group'],
    queryFn: () => findSettings('IndexPage_Group'),
  });
  const [switches, setSwitches] = useState(() => parseHomeSwitches([]));
  const [savingHome, setSavingHome] = useState(false);

  useEffect(() => {
    if (login.data) form.setFieldsValue(settingsMap(login.data));
  }, [login.data, form]);
  useEffect(() => {
    if (home.data) setSwitches(parseHomeSwitches(home.data));
  }, [home.data]);

  async function save(v: LoginPageSettings) {
    setSaving(true);
    setError(null);
    try {
      await saveSettings(
        'LoginPage_Group',
        FIELDS.map((f) => ({ setCode: f.code, setValue: (v[f.code] ?? '').trim() })),
      );
      void message.success(t('portal:loginSettings.saved'));
      void queryClient.invalidateQueries({ queryKey: ['settings', 'LoginPage_Group'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  async function saveHome() {
    setSavingHome(true);
    try {
      const rows = await saveSettings(
        'IndexPage_Group',
        (Object.entries(HOME_SECTIONS) as [keyof typeof switches, string][]).map(([section, code]) => ({
          setCode: code,
          setValue: String(switches[section]),
        })),
      );
      useHomeSwitches.getState().set(parseHomeSwitches(rows));
      void message.success(t('portal:loginSettings.saved'));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setSavingHome(false);
    }
  }

  if (login.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <div className="page-stack">
      {!isAdmin && <Alert type="warning" showIcon title={t('portal:loginSettings.forbidden')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('portal:loginSettings.title')}>
            <Form<LoginPageSettings> form={form} layout="vertical" onFinish={save} disabled={!isAdmin}>
              {FIELDS.map((f) => {
                const label = t(`portal:loginSettings.${f.key}`);
                return (
                  <Form.Item
                    key={f.code}
                    name={f.code}
                    label={label}
                    extra={f.advice ? t(`portal:loginSettings.${f.advice}`) : undefined}
                    rules={[{ max: 500 }]}
                  >
                    {f.kind === 'text' ? (
                      <Input
                        aria-label={label}
                        maxLength={f.code === 'LoginPage_SystemTitle' ? 60 : 120}
                        allowClear
                      />
                    ) : (
                      <ImageInput label={label} allowText={f.kind === 'textOrImage'} />
                    )}
                  </Form.Item>
                );
              })}
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('portal:loginSettings.save')}
              </Button>
              {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} role="alert" />}
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('portal:loginSettings.preview')}>
            <Preview values={values} />
          </Card>
          <Card title={t('portal:loginSettings.homeTitle')} style={{ marginTop: 16 }}>
            <Typography.Paragraph type="secondary">{t('portal:loginSettings.homeHint')}</Typography.Paragraph>
            <ul className="switch-list">
              {(Object.entries(HOME_SECTIONS) as [keyof typeof switches, string][]).map(([section, code]) => (
                <li key={code}>
                  <label htmlFor={`${id}-${code}`}>{t(`portal:loginSettings.sections.${code}`)}</label>
                  <Switch
                    id={`${id}-${code}`}
                    disabled={!isAdmin}
                    checked={switches[section] === 1}
                    onChange={(on) => setSwitches((s) => ({ ...s, [section]: on ? 1 : 0 }))}
                  />
                </li>
              ))}
            </ul>
            <Button type="primary" onClick={() => void saveHome()} loading={savingHome} disabled={!isAdmin}>
              {t('portal:loginSettings.save')}
            </Button>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
