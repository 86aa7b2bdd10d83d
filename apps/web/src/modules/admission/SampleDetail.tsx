import { PASS_FAIL, sampleDefinition } from '@srm/contracts/inspection';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type DocDetail, useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { useConclude } from './inspection-api.ts';
import './i18n-inspection.ts';

/** The buyer's conclusion (pass / fail, remark) submitted for approval. */
function ConcludeButton({ detail }: { detail: DocDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const conclude = useConclude(sampleDefinition);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ conclusion?: string; remark?: string }>();
  const { record } = detail;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('inspection:detail.conclude')}
      </Button>
      <Modal
        open={open}
        title={t('inspection:detail.concludeTitle', { number: record.sampleNumber })}
        okText={t('inspection:detail.conclude')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const values = await form.validateFields();
          setBusy(true);
          try {
            const remark = values.remark?.trim();
            const result = await conclude(record.id, {
              version: record.version,
              conclusion: values.conclusion,
              ...(remark ? { remark } : {}),
            });
            void message.success(
              t(result.pending ? 'inspection:detail.submitted' : 'inspection:detail.concluded'),
            );
            setOpen(false);
          } catch (e) {
            void message.error(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="conclusion" label={t('inspection:detail.conclusion')} rules={[{ required: true }]}>
            <Select
              aria-label={t('inspection:detail.conclusion')}
              options={Object.entries(PASS_FAIL).map(([value, label]) => ({ value, label: label[locale] }))}
            />
          </Form.Item>
          <Form.Item name="remark" label={t('inspection:detail.remark')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * #/v2/sampleAudit/view?id=… (the task link of "sample") — one sample. The buyer requests it, records the
 * test results (edit) once it was sent and submits the conclusion for approval; the supplier sends it from
 * here (ship date, quantity, tracking number, remark).
 */
export default function SampleDetail() {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  return (
    <DocumentDetail
      def={sampleDefinition}
      side={side}
      id={id}
      onBack={() => navigate('/v2/sample/list')}
      onEdit={(d) => navigate(`/v2/sample/edit?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/sample/list')}
      ownActions={['conclude']}
      requiredInputs={{ send: ['shipDate', 'shipQuantity', 'trackingNumber'] }}
      extra={(d) =>
        side === 'purchase' && d.actions?.includes('conclude') ? <ConcludeButton detail={d} /> : null
      }
    />
  );
}
