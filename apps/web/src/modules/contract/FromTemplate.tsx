import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/http.ts';
import { buildFromTemplate, LIBRARY_KEYS, listContractTypes, listTemplates } from './library-api.ts';
import './i18n-contract.ts';

/**
 * "从模板新建 / New from template" (issue #36): pick a contract type (its default template is proposed) and a
 * template; the template's clauses (latest published versions, with their `{{variables}}`) open in the new
 * contract's form, where the save fills the variables the supplier, the company and the header know.
 */
export function FromTemplateButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ contractType?: string; templateId?: string }>();
  const types = useQuery({ queryKey: LIBRARY_KEYS.types, queryFn: listContractTypes, enabled: open });
  const templates = useQuery({ queryKey: LIBRARY_KEYS.templates, queryFn: listTemplates, enabled: open });
  async function submit(v: { contractType?: string; templateId?: string }) {
    setError(null);
    try {
      const built = await buildFromTemplate(v.templateId ?? '');
      navigate('/v2/contract/edit', {
        state: { contractType: v.contractType, templateCode: built.templateCode, clauses: built.clauses },
      });
    } catch (e) {
      setError(errorText(e));
    }
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('contract:fromTemplate.button')}</Button>
      <Modal
        open={open}
        title={t('contract:fromTemplate.title')}
        okText={t('contract:fromTemplate.ok')}
        cancelText={t('contract:library.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Form form={form} name="fromTemplate" layout="vertical" onFinish={submit}>
          <Form.Item name="contractType" label={t('contract:fromTemplate.type')}>
            <Select
              options={(types.data ?? [])
                .filter((x) => x.status === 'enabled')
                .map((x) => ({ value: x.code, label: `${x.code} ${x.name}` }))}
              onChange={(code: string) => {
                const preset = types.data?.find((x) => x.code === code)?.defaultTemplate;
                const tpl = templates.data?.find((p) => p.code === preset);
                if (tpl) form.setFieldValue('templateId', tpl.id);
              }}
            />
          </Form.Item>
          <Form.Item
            name="templateId"
            label={t('contract:fromTemplate.template')}
            rules={[{ required: true, message: t('contract:fromTemplate.templateRequired') }]}
          >
            <Select
              options={(templates.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
