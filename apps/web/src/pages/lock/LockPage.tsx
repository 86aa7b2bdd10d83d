import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { Alert, Avatar, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LockOutlined, UserOutlined } from '../../components/icons.tsx';
import { logout, unlockScreen } from '../../lib/api.ts';
import { useAuth, useLock } from '../../lib/auth-store.ts';
import { errorText } from '../../lib/http.ts';
import './lock.css';

/**
 * Lock screen (spec 000 §2, §4): the password is encrypted and checked by the server
 * (`POST /apis/ElsAuthService/unlock`); it is never stored in the browser.
 */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((s) => s.userInfo);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  async function onFinish({ password }: { password: string }) {
    setBusy(true);
    setError(null);
    try {
      await unlockScreen(password);
      useLock.getState().unlock();
      navigate(HOME_TAB_PATH, { replace: true });
    } catch (e) {
      setError(errorText(e));
      form.resetFields();
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="lock-page">
      <Card className="lock-card">
        <div className="lock-head">
          <Avatar size={72} icon={<UserOutlined />} />
          <Typography.Title level={3}>{t('shell:lock.title')}</Typography.Title>
          {user && (
            <Typography.Text type="secondary">
              {user.name} · {user.elsAccount}_{user.elsSubAccount}
            </Typography.Text>
          )}
        </div>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item
            label={t('shell:lock.password')}
            name="password"
            extra={t('shell:lock.hint')}
            rules={[{ required: true, message: t('common:password.required') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('shell:lock.unlock')}
          </Button>
          {error && <Alert className="lock-error" type="error" showIcon title={error} role="alert" />}
          <Button type="link" block onClick={() => void logout()}>
            {t('shell:lock.logout')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
