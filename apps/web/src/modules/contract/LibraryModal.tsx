import { Alert, App, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/http.ts';

/**
 * The dialog of a contract administration record (type, clause, template): the form, the server's refusal
 * (which names the field) above it, saved with `save`; closes and tells `onSaved` on success.
 */
export function LibraryModal<V extends object>({
  title,
  initial,
  save,
  onClose,
  onSaved,
  children,
  width,
}: {
  title: string;
  initial: Partial<V>;
  save: (values: V) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  children: (form: FormInstance<V>) => ReactNode;
  width?: number;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(values: V) {
    setSaving(true);
    setError(null);
    try {
      await save(values);
      void message.success(t('contract:library.saved'));
      onSaved();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      open
      title={title}
      width={width}
      okText={t('contract:library.save')}
      cancelText={t('contract:library.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<V> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        {children(form)}
      </Form>
    </Modal>
  );
}
