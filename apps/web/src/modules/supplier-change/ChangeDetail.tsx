import type { ListDiff } from '@srm/contracts/supplier-change';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Popconfirm,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { candidatesText, stepLabel } from '../../lib/approval-task.ts';
import { errorText } from '../../lib/http.ts';
import { userLabel } from '../../lib/user-label.ts';
import { buyerAction, type ChangeDetail as Detail, findChange, SC_KEYS, supplierAction } from './api.ts';
import { partLabel, STATUS_COLORS, statusLabel, useLocale, useSide } from './labels.ts';

type Col = { key: string; label: string };
type Marked<T> = T & { mark: 'added' | 'removed' | 'kept' };

/** One list of the profile, its added rows green and removed rows struck through, each marked in words too. */
function ListSection<T extends object>({
  title,
  diff,
  cols,
}: {
  title: string;
  diff: ListDiff<T>;
  cols: Col[];
}) {
  const { t } = useTranslation();
  const rows: Array<Marked<T>> = [
    ...diff.kept.map((r) => ({ ...r, mark: 'kept' as const })),
    ...diff.removed.map((r) => ({ ...r, mark: 'removed' as const })),
    ...diff.added.map((r) => ({ ...r, mark: 'added' as const })),
  ];
  const changed = diff.added.length + diff.removed.length > 0;
  return (
    <section className="sc-section" aria-label={title}>
      <Typography.Title level={5}>
        {title} {changed && <Tag color="orange">{t('supplierChange:detail.change')}</Tag>}
      </Typography.Title>
      <Table<Marked<T>>
        size="small"
        pagination={false}
        rowKey={(r) => `${r.mark}:${JSON.stringify(r)}`}
        dataSource={rows}
        locale={{ emptyText: t('supplierChange:detail.empty') }}
        rowClassName={(r) => (r.mark === 'kept' ? '' : `sc-${r.mark}`)}
        columns={[
          {
            title: t('supplierChange:detail.change'),
            key: 'mark',
            width: 90,
            render: (_v, r) =>
              r.mark === 'kept' ? (
                t('supplierChange:detail.kept')
              ) : (
                <Tag color={r.mark === 'added' ? 'green' : 'red'}>{t(`supplierChange:detail.${r.mark}`)}</Tag>
              ),
          },
          ...cols.map((c) => ({
            title: c.label,
            key: c.key,
            render: (_v: unknown, r: Marked<T>) => String((r as Record<string, unknown>)[c.key] ?? ''),
          })),
        ]}
      />
    </section>
  );
}

/**
 * The request's approval steps, one line each: step (in the reader's language, issue #33) · status · handler
 * (with "代 {name} 审批 / on behalf of {name}" when a delegate approved for someone, issue #19), or while
 * waiting who may approve it (the buyer's readers only) · remark. Nothing when there are no steps.
 */
export function ApprovalSteps({ tasks }: { tasks: Detail['tasks'] }) {
  const { t, i18n } = useTranslation();
  if (tasks.length === 0) return null;
  return (
    <section className="sc-section" aria-label={t('supplierChange:detail.steps')}>
      <Typography.Title level={5}>{t('supplierChange:detail.steps')}</Typography.Title>
      <ul>
        {tasks.map((task) => (
          <li key={task.id}>
            {stepLabel(task, i18n.language)} ·{' '}
            {t(`supplierChange:detail.task.${task.status}`, { defaultValue: task.status })}
            {task.handledBy ? ` · ${userLabel(task.handledBy, task.handledByName)}` : ''}
            {task.handledBy && task.handledOnBehalfOf
              ? ` · ${t('supplierChange:detail.onBehalfOf', {
                  name: userLabel(task.handledOnBehalfOf, task.handledOnBehalfOfName),
                })}`
              : ''}
            {!task.handledBy && candidatesText(task, t) ? ` · ${candidatesText(task, t)}` : ''}
            {task.remark ? ` · ${task.remark}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The reject dialog: the reason is required (seed 001 §5 "approval remarks not empty"). */
function RejectDialog({
  detail,
  onClose,
  onDone,
}: {
  detail: Detail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark: string }>();
  const [saving, setSaving] = useState(false);
  const label = t('supplierChange:detail.rejectReason');
  return (
    <Modal
      open
      title={t('supplierChange:detail.rejectTitle', { number: detail.changeNumber })}
      okText={t('supplierChange:detail.reject')}
      okButtonProps={{ danger: true }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ remark }) => {
          setSaving(true);
          try {
            await buyerAction('reject', detail.id, detail.version, remark.trim());
            void message.success(t('supplierChange:detail.rejected'));
            onDone();
          } catch (e) {
            void message.error(errorText(e));
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item
          name="remark"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('supplierChange:detail.reasonRequired') },
            { max: 500 },
          ]}
        >
          <Input.TextArea aria-label={label} rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * #/v2/views?id=… — one request: the field-by-field diff (company fields old → new; contacts, bank accounts
 * and certifications added and removed), status, note, rejection reason and approval steps. The buyer
 * approves (the record changes at once) or rejects with a reason; the supplier edits, submits or deletes a
 * draft, withdraws a request still waiting for the buyer, or edits and resubmits a rejected request.
 */
export default function ChangeDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const side = useSide();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: [...SC_KEYS.all, 'detail', side, id],
    queryFn: () => findChange(side, id),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SC_KEYS.all });
  if (detail.isPending) return <Spin />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('supplierChange:detail.loadFailed')}
        subTitle={errorText(detail.error)}
      />
    );
  const d = detail.data;
  const run = async (work: () => Promise<unknown>, done: string, back = false) => {
    setBusy(true);
    try {
      await work();
      void message.success(done);
      await refresh();
      if (back) navigate('/v2/views');
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const f = (key: string) => t(`supplierChange:edit.${key}`);
  const open = d.applyStatus === '1' || d.applyStatus === '2';
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button onClick={() => navigate('/v2/views')}>{t('supplierChange:detail.back')}</Button>
        {side === 'purchase' && open && (
          <>
            <Popconfirm
              title={t('supplierChange:detail.approveConfirm')}
              onConfirm={() =>
                run(() => buyerAction('approve', d.id, d.version), t('supplierChange:detail.approved'))
              }
            >
              <Button type="primary" loading={busy}>
                {t('supplierChange:detail.approve')}
              </Button>
            </Popconfirm>
            <Button danger onClick={() => setRejecting(true)}>
              {t('supplierChange:detail.reject')}
            </Button>
          </>
        )}
        {side === 'sale' && open && (
          <Popconfirm
            title={t('supplierChange:detail.withdrawConfirm')}
            onConfirm={() =>
              run(() => supplierAction('withdraw', d.id, d.version), t('supplierChange:detail.withdrawn'))
            }
          >
            <Button loading={busy}>{t('supplierChange:detail.withdraw')}</Button>
          </Popconfirm>
        )}
        {side === 'sale' && (d.applyStatus === '0' || d.applyStatus === '4') && (
          <Button onClick={() => navigate(`/v2/edit?id=${d.id}`)}>{t('supplierChange:detail.edit')}</Button>
        )}
        {side === 'sale' && d.applyStatus === '0' && (
          <>
            <Button
              type="primary"
              loading={busy}
              onClick={() =>
                run(() => supplierAction('submit', d.id, d.version), t('supplierChange:detail.submitted'))
              }
            >
              {t('supplierChange:detail.submit')}
            </Button>
            <Popconfirm
              title={t('supplierChange:detail.deleteConfirm')}
              onConfirm={() =>
                run(() => supplierAction('delete', d.id, d.version), t('supplierChange:detail.deleted'), true)
              }
            >
              <Button danger>{t('supplierChange:detail.delete')}</Button>
            </Popconfirm>
          </>
        )}
      </Space>
      <Typography.Title level={4}>
        {t('supplierChange:detail.title', { number: d.changeNumber })}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('supplierChange:list.status')}>
          <Tag color={STATUS_COLORS[d.applyStatus]}>{statusLabel(d.applyStatus, locale)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('supplierChange:list.buyer')}>
          {d.buyerName ?? d.elsAccount}
        </Descriptions.Item>
        <Descriptions.Item label={t('supplierChange:list.supplier')}>
          {d.supplierName ?? d.toElsAccount}
        </Descriptions.Item>
        <Descriptions.Item label={t('supplierChange:list.touched')} span={2}>
          {d.touched.map((p) => partLabel(p, locale)).join(locale === 'en' ? ', ' : '、')}
        </Descriptions.Item>
        <Descriptions.Item label={t('supplierChange:list.submitDate')}>
          {d.submitDate?.slice(0, 16).replace('T', ' ') ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('supplierChange:detail.remark')} span={3}>
          {d.remark ?? ''}
        </Descriptions.Item>
      </Descriptions>
      {d.rejectReason && (
        <Alert
          className="sc-section"
          type="error"
          showIcon
          message={`${t('supplierChange:detail.rejectReasonShown')}：${d.rejectReason}`}
        />
      )}
      {open && (d.diff.banks.added.length > 0 || d.diff.banks.removed.length > 0) && (
        <Alert
          className="sc-section"
          type="warning"
          showIcon
          message={t('supplierChange:detail.bankNotice')}
        />
      )}

      <section className="sc-section" aria-label={t('supplierChange:detail.company')}>
        <Typography.Title level={5}>{t('supplierChange:detail.company')}</Typography.Title>
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={d.diff.company}
          locale={{ emptyText: t('supplierChange:detail.noCompanyChange') }}
          columns={[
            {
              title: t('supplierChange:detail.field'),
              dataIndex: 'field',
              render: (v) => partLabel(v, locale),
            },
            {
              title: t('supplierChange:detail.old'),
              dataIndex: 'from',
              render: (v: string | null) => <span className="sc-old">{v ?? ''}</span>,
            },
            {
              title: t('supplierChange:detail.new'),
              dataIndex: 'to',
              render: (v: string | null) => <span className="sc-new">{v ?? ''}</span>,
            },
          ]}
        />
      </section>
      <ListSection
        title={f('contacts')}
        diff={d.diff.contacts}
        cols={[
          { key: 'name', label: f('contactName') },
          { key: 'telphone', label: f('telphone') },
          { key: 'wxNo', label: f('wxNo') },
        ]}
      />
      <ListSection
        title={f('banks')}
        diff={d.diff.banks}
        cols={[
          { key: 'bankCode', label: f('bankCode') },
          { key: 'bankBranchName', label: f('bankBranchName') },
          { key: 'bankAccount', label: f('bankAccount') },
        ]}
      />
      <ListSection
        title={f('certifications')}
        diff={d.diff.certifications}
        cols={[
          { key: 'type', label: f('certType') },
          { key: 'org', label: f('certOrg') },
          { key: 'date', label: f('certDate') },
          { key: 'effectiveDate', label: f('certEffectiveDate') },
          { key: 'expiryDate', label: f('certExpiryDate') },
        ]}
      />
      <ApprovalSteps tasks={d.tasks} />
      {rejecting && (
        <RejectDialog
          detail={d}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            void refresh();
          }}
        />
      )}
    </>
  );
}
