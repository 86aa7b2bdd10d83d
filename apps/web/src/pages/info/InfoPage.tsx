import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrcodeOutlined } from '../../components/page-icons.tsx';
import { confirmPasswordRule, newPasswordRule } from '../../components/password-form-rules.ts';
import { findAccountDetail, modifyPassword } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { toastSuccess } from '../../lib/feedback.ts';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-portal.ts';
import { updateEmail } from '../../lib/portal-api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { DelegationSection } from '../audit/DelegationSection.tsx';

const QrDialog = lazy(() => import('../../shell/layout/QrDialog.tsx'));
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

type PasswordForm = { oldPassword: string; newPassword: string; confirmPassword: string };

function formatDate(value: string | null): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : '—';
}

/**
 * Personal information (spec 000 §2, §7): account detail, a change-password form and the approval
 * delegation section (issue #19).
 */
export default function InfoPageRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <InfoPage />
    </QueryClientProvider>
  );
}

function InfoPage() {
  const { t } = useTranslation();
  const id = useAuth((s) => s.userInfo?.id);
  const detail = useQuery({
    queryKey: ['account-detail', id],
    queryFn: () => findAccountDetail(id ?? ''),
    enabled: Boolean(id),
  });
  const user = useAuth((s) => s.userInfo);
  const [form] = Form.useForm<PasswordForm>();
  const [emailForm] = Form.useForm<{ email: string }>();
  const [emailBusy, setEmailBusy] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [qrOpen, setQrOpen] = useState(false);

  async function saveEmail(v: { email: string }) {
    if (!user) return;
    setEmailBusy(true);
    setEmailError(null);
    try {
      await updateEmail(user.elsAccount, user.elsSubAccount, v.email.trim());
      toastSuccess(t('portal:info.emailSaved'));
      await detail.refetch();
    } catch (e) {
      setEmailError(errorText(e));
    } finally {
      setEmailBusy(false);
    }
  }
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onFinish(values: PasswordForm) {
    setBusy(true);
    setError(null);
    try {
      await modifyPassword(values.oldPassword, values.newPassword);
      toastSuccess(t('pages:info.success'));
      form.resetFields();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const d = detail.data;
  return (
    <div className="page-stack">
      <Card
        title={t('pages:info.detailTitle')}
        extra={
          user?.station !== 'sale' && (
            <Button icon={<QrcodeOutlined />} onClick={() => setQrOpen(true)}>
              {t('portal:info.qr')}
            </Button>
          )
        }
      >
        {detail.isPending && <Skeleton active />}
        {detail.isError && (
          <Alert
            type="error"
            showIcon
            title={t('pages:info.loadFailed')}
            description={errorText(detail.error)}
          />
        )}
        {d && (
          <Descriptions
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'name', label: t('pages:info.name'), children: d.name },
              { key: 'elsAccount', label: t('pages:info.elsAccount'), children: d.elsAccount },
              { key: 'elsSubAccount', label: t('pages:info.elsSubAccount'), children: d.elsSubAccount },
              { key: 'companyName', label: t('pages:info.companyName'), children: d.companyName },
              {
                key: 'companyShortName',
                label: t('pages:info.companyShortName'),
                children: d.companyShortName ?? '—',
              },
              {
                key: 'station',
                label: t('pages:info.station'),
                children: t(`pages:home.stations.${d.station}`),
              },
              { key: 'email', label: t('pages:info.email'), children: d.email ?? '—' },
              ...(user && user.actingElsAccount !== user.elsAccount
                ? [{ key: 'acting', label: t('portal:info.acting'), children: user.actingElsAccount }]
                : []),
              { key: 'mobile', label: t('pages:info.mobile'), children: d.mobile ?? '—' },
              {
                key: 'roles',
                label: t('pages:info.roles'),
                children: d.roles.length ? d.roles.map((r) => <Tag key={r}>{r}</Tag>) : '—',
              },
              { key: 'createDate', label: t('pages:info.createDate'), children: formatDate(d.createDate) },
              {
                key: 'lastLoginDate',
                label: t('pages:info.lastLoginDate'),
                children: formatDate(d.lastLoginDate),
              },
            ]}
          />
        )}
      </Card>
      <Card title={t('portal:info.emailTitle')}>
        <Form<{ email: string }>
          form={emailForm}
          layout="vertical"
          style={{ maxWidth: 420 }}
          onFinish={saveEmail}
          initialValues={{ email: '' }}
        >
          <Form.Item
            label={t('portal:info.email')}
            name="email"
            rules={[
              { required: true, message: t('portal:info.emailRequired') },
              { pattern: EMAIL, message: t('portal:info.emailInvalid') },
            ]}
          >
            <Input type="email" autoComplete="email" placeholder={d?.email ?? undefined} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={emailBusy}>
              {t('portal:info.emailSave')}
            </Button>
          </Space>
          {emailError && (
            <Alert style={{ marginTop: 16 }} type="error" showIcon title={emailError} role="alert" />
          )}
        </Form>
      </Card>
      <Card title={t('pages:info.passwordTitle')}>
        <Form<PasswordForm> form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={onFinish}>
          <Form.Item
            label={t('pages:info.oldPassword')}
            name="oldPassword"
            rules={[{ required: true, message: t('pages:info.oldRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item label={t('pages:info.newPassword')} name="newPassword" rules={[newPasswordRule(t)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('pages:info.confirmPassword')}
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={[confirmPasswordRule(t, 'newPassword')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('pages:info.submit')}
          </Button>
          {error && <Alert style={{ marginTop: 16 }} type="error" showIcon title={error} role="alert" />}
        </Form>
      </Card>
      <DelegationSection />
      {qrOpen && (
        <Suspense fallback={null}>
          <QrDialog open={qrOpen} onClose={() => setQrOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
