import { facInsDefinition, inspectionResult } from '@srm/contracts/inspection';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type DocDetail, useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { useConclude } from './inspection-api.ts';
import './i18n-inspection.ts';

/** The buyer's "submit for approval" of an inspection's result, with an optional remark. */
function ConcludeButton({ detail }: { detail: DocDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const conclude = useConclude(facInsDefinition);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ remark?: string }>();
  const { record } = detail;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('inspection:detail.conclude')}
      </Button>
      <Modal
        open={open}
        title={t('inspection:detail.concludeTitle', { number: record.facInsNumber })}
        okText={t('inspection:detail.conclude')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          setBusy(true);
          try {
            const remark = form.getFieldValue('remark')?.trim();
            const result = await conclude(record.id, {
              version: record.version,
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
          <Form.Item name="remark" label={t('inspection:detail.remark')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * #/v2/inspectTableAudit/detail?id=… (the task link of "inspection") — one factory inspection. The buyer
 * starts it, scores it (edit), submits the result for approval and sees the running total; the supplier
 * reads it, with the scores and total once the result is approved.
 */
export default function InspectionDetail() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  return (
    <DocumentDetail
      def={facInsDefinition}
      side={side}
      id={id}
      onBack={() => navigate('/v2/inspectTable/list')}
      onEdit={(d) => navigate(`/v2/inspectTable/edit?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/inspectTable/list')}
      ownActions={['conclude']}
      extra={(d) =>
        side === 'purchase' && d.actions?.includes('conclude') ? <ConcludeButton detail={d} /> : null
      }
    >
      {(d) =>
        side === 'purchase' && d.record.facInsStatus === '1' ? (
          <Alert
            type="info"
            showIcon
            message={t('inspection:detail.runningTotal', {
              total: inspectionResult(
                d.lines.map((l) => ({ score: (l.score as string | null) ?? null })),
                String(d.record.passScore),
              ).total,
              pass: d.record.passScore,
            })}
          />
        ) : null
      }
    </DocumentDetail>
  );
}
