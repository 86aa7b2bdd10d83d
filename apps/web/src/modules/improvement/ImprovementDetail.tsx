import { improvementDefinition, itemOverdue } from '@srm/contracts/improvement';
import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type DocDetail, type DocLine, useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { dateItemProps, FieldInput } from '../../components/document/FieldInput.tsx';
import { todayIso } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { useSheetCall, useSheetSource } from './improvement-api.ts';
import './i18n-improvement.ts';
import { appUrl } from '../../lib/base-path.ts';

const def = improvementDefinition;
const isOpen = (l: DocLine) => l.itemStatus === '0' || l.itemStatus === '3';

type AnswerValues = Record<string, { rootCause?: string; correctiveAction?: string; dueDate?: string }>;

/**
 * The supplier's answer: one card per open item (open or rework) with its root cause, corrective action and
 * due date (all required); verified items are not asked again.
 */
function AnswerButton({ detail }: { detail: DocDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const answer = useSheetCall('answer');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<AnswerValues>();
  const { record } = detail;
  const items = detail.lines.filter(isOpen);
  const f = def.lines.fields;
  const required = [{ required: true, whitespace: true, message: t('improvement:detail.required') }];
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('improvement:detail.answer')}
      </Button>
      <Modal
        open={open}
        width={720}
        title={t('improvement:detail.answerTitle', { number: record.improvementNumber })}
        okText={t('improvement:detail.answer')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const values = await form.validateFields().catch(() => null);
          if (!values) return;
          setBusy(true);
          try {
            await answer(record.id, {
              version: record.version,
              answers: items.map((l) => ({
                lineId: l.id,
                rootCause: values[l.id]?.rootCause?.trim(),
                correctiveAction: values[l.id]?.correctiveAction?.trim(),
                dueDate: values[l.id]?.dueDate,
              })),
            });
            void message.success(t('improvement:detail.answered'));
            setOpen(false);
          } catch (e) {
            void message.error(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Alert type="info" showIcon message={t('improvement:detail.answerHint')} />
        <Form
          form={form}
          layout="vertical"
          initialValues={Object.fromEntries(
            items.map((l) => [
              l.id,
              {
                rootCause: l.rootCause ?? undefined,
                correctiveAction: l.correctiveAction ?? undefined,
                dueDate: l.dueDate ?? l.requiredDate ?? undefined,
              },
            ]),
          )}
        >
          {items.map((l) => (
            <Card
              key={l.id}
              size="small"
              title={String(l.itemName)}
              style={{ marginTop: 12 }}
              role="group"
              aria-label={String(l.itemName)}
            >
              {l.guidance ? <p>{String(l.guidance)}</p> : null}
              <Form.Item name={[l.id, 'rootCause']} label={f.rootCause.label[locale]} rules={required}>
                <Input.TextArea aria-label={f.rootCause.label[locale]} maxLength={1000} rows={2} />
              </Form.Item>
              <Form.Item
                name={[l.id, 'correctiveAction']}
                label={f.correctiveAction.label[locale]}
                rules={required}
              >
                <Input.TextArea aria-label={f.correctiveAction.label[locale]} maxLength={1000} rows={2} />
              </Form.Item>
              <Form.Item
                name={[l.id, 'dueDate']}
                label={f.dueDate.label[locale]}
                rules={[{ required: true, message: t('improvement:detail.required') }]}
                {...dateItemProps}
              >
                <FieldInput field={f.dueDate} locale={locale} ariaLabel={f.dueDate.label[locale]} />
              </Form.Item>
            </Card>
          ))}
        </Form>
      </Modal>
    </>
  );
}

/** The buyer's reopen: a required reason and the items that failed verification (default all). */
function ReopenButton({ detail }: { detail: DocDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reopen = useSheetCall('reopen');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ remark: string; lineIds: string[] }>();
  const { record, lines } = detail;
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        {t('improvement:detail.reopen')}
      </Button>
      <Modal
        open={open}
        title={t('improvement:detail.reopenTitle', { number: record.improvementNumber })}
        okText={t('improvement:detail.reopen')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const values = await form.validateFields().catch(() => null);
          if (!values) return;
          setBusy(true);
          try {
            await reopen(record.id, {
              version: record.version,
              remark: values.remark.trim(),
              lineIds: values.lineIds,
            });
            void message.success(t('improvement:detail.reopened'));
            setOpen(false);
          } catch (e) {
            void message.error(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ lineIds: lines.map((l) => l.id) }}>
          <Form.Item
            name="remark"
            label={t('improvement:detail.reason')}
            rules={[{ required: true, whitespace: true, message: t('improvement:detail.reasonRequired') }]}
          >
            <Input.TextArea aria-label={t('improvement:detail.reason')} maxLength={500} rows={3} />
          </Form.Item>
          <Form.Item
            name="lineIds"
            label={t('improvement:detail.rework')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('improvement:detail.reworkRequired') },
            ]}
          >
            <Checkbox.Group options={lines.map((l) => ({ value: l.id, label: String(l.itemName) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * A sheet issued from an appraisal: a link to the run (buyer) or to the supplier's own scorecard (supplier,
 * once the run is finished) in the performance app.
 */
function AppraisalSource({ side, id }: { side: 'purchase' | 'sale'; id: string }) {
  const { t } = useTranslation();
  const source = useSheetSource(side, id, true);
  const a = source.data?.appraisal;
  if (!a) return null;
  const to = dayjs(a.periodTo).subtract(1, 'day').format('YYYY-MM-DD');
  const href = a.runId
    ? `/performance/#/v2/runs/detail?id=${a.runId}`
    : a.resultId
      ? `/performance/#/v2/scorecards?id=${a.resultId}`
      : null;
  return (
    <Alert
      type="info"
      showIcon
      message={
        <>
          {t('improvement:detail.fromAppraisal')}:{' '}
          {href ? (
            <a href={appUrl(href)}>
              {t('improvement:detail.openScorecard', { number: a.appraisalNumber, from: a.periodFrom, to })}
            </a>
          ) : (
            t('improvement:detail.scorecardPending', { number: a.appraisalNumber })
          )}
        </>
      }
    />
  );
}

/**
 * #/v2/improvement/detail?id=… — one improvement sheet. The buyer sends, closes (verifies every item),
 * reopens with a reason or cancels; the supplier answers the open items; both add evidence as attachments.
 * Overdue items (past their due date, not verified) are flagged.
 */
export default function ImprovementDetail() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const today = todayIso();
  return (
    <DocumentDetail
      def={def}
      side={side}
      id={id}
      onBack={() => navigate('/v2/improvement/list')}
      onEdit={(d) => navigate(`/v2/improvement/edit?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/improvement/list')}
      ownActions={['answer', 'reopen']}
      lineClassName={(l) => (itemOverdue(l as never, today) ? 'row-overdue' : '')}
      extra={(d) => (
        <>
          {side === 'sale' && d.actions?.includes('answer') ? <AnswerButton detail={d} /> : null}
          {side === 'purchase' && d.actions?.includes('reopen') ? <ReopenButton detail={d} /> : null}
        </>
      )}
    >
      {(d) => {
        const overdue = ['1', '2', '3'].includes(String(d.record.improvementStatus))
          ? d.lines.filter((l) => itemOverdue(l as never, today))
          : [];
        return (
          <>
            {d.record.sourceType === 'appraisal' ? <AppraisalSource side={side} id={d.record.id} /> : null}
            {d.record.improvementStatus === '3' && d.record.reopenReason ? (
              <Alert
                type="warning"
                showIcon
                message={t('improvement:detail.reopenReason', { reason: d.record.reopenReason })}
              />
            ) : null}
            {overdue.length > 0 ? (
              <div>
                {overdue.map((l) => (
                  <Tag key={l.id} color="red">
                    {t('improvement:detail.overdue')}: {String(l.itemName)}
                  </Tag>
                ))}
              </div>
            ) : null}
          </>
        );
      }}
    </DocumentDetail>
  );
}
