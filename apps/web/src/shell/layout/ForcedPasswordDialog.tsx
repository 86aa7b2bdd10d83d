import { FORCED_PASSWORD_DIALOG_WIDTH, FORCED_PASSWORD_LOGOUT_DELAY_MS } from '@srm/contracts/constants';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRule, newPasswordRule } from '../../components/password-form-rules.ts';
import { forceModifyPassword, logout } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { toastError, toastSuccess } from '../../lib/feedback.ts';
import { ApiError } from '../../lib/http.ts';

type ForcedForm = { password: string; confirm: string };

/**
 * Forced password change (spec 000 §4, §5, §9): opens when fbk10 is 'Y', width 35%, not closable by the
 * mask. Success (data.code '200') closes it, shows the message and logs out 1000 ms later; cancel logs out.
 */
export default function ForcedPasswordDialog() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.userInfo);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<ForcedForm>();

  useEffect(() => {
    setOpen(user?.fbk10 === 'Y');
  }, [user?.fbk10]);

  async function submit() {
    if (!user) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      const data = await forceModifyPassword({
        elsAccount: user.elsAccount,
        elsSubAccount: user.elsSubAccount,
        password: values.password,
        confirm: values.confirm,
      });
      if (data?.code === '200') {
        setOpen(false);
        toastSuccess(t('shell:force.success'));
        setTimeout(() => void logout(), FORCED_PASSWORD_LOGOUT_DELAY_MS);
      } else {
        toastError(t('shell:force.failed') + String((data as { message?: string })?.message ?? ''));
      }
    } catch (e) {
      if (e instanceof ApiError && e.source === 'body') toastError(t('shell:force.failed') + e.message);
      else toastError(t('shell:force.failedException') + (e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('shell:force.title')}
      width={FORCED_PASSWORD_DIALOG_WIDTH}
      mask={{ closable: false }}
      closable={false}
      keyboard={false}
      okText={t('shell:force.submit')}
      cancelText={t('shell:force.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => void logout()}
      className="forced-password-dialog"
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('shell:force.intro')} style={{ marginBottom: 16 }} />
      <Form<ForcedForm> form={form} layout="vertical" requiredMark onFinish={() => void submit()}>
        <Form.Item label={t('shell:force.password')} name="password" rules={[newPasswordRule(t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('shell:force.confirm')}
          name="confirm"
          dependencies={['password']}
          rules={[confirmPasswordRule(t, 'password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
