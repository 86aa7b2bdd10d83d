import {
  CONVERSION_TYPES,
  type ConversionType,
  conversionsFrom,
  GRADE_STAGES,
  STATUS_CHANGE_STATUS,
  SUPPLIER_CONVERSIONS,
  SUPPLIER_STAGES,
  type SupplierStage,
} from '@srm/contracts/supplier-lifecycle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { candidatesText, stepLabel } from '../../lib/approval-task.ts';
import { ApiError } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { userLabel } from '../../lib/user-label.ts';
import { findSuppliers, MD_KEYS } from './api.ts';
import {
  deleteStatusChange,
  findConversions,
  findStatusChange,
  LC_KEYS,
  type StatusChangeDetail,
  saveStatusChange,
  submitStatusChange,
  withdrawStatusChange,
} from './lifecycle-api.ts';

/** The request types each route opens (spec 000 §2 task links supplierView1…6; supplierView4 is ours). */
export const VIEW_TYPES: Record<string, ConversionType[]> = Object.fromEntries(
  ['supplierView1', 'supplierView2', 'supplierView3', 'supplierView4', 'supplierView5', 'supplierView6'].map(
    (view) => [view, CONVERSION_TYPES.filter((type) => SUPPLIER_CONVERSIONS[type].view === view)],
  ),
);

export const STATUS_COLOR: Record<string, string> = {
  draft: 'default',
  underApproval: 'processing',
  approved: 'success',
  rejected: 'error',
};

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

type FormValues = {
  toElsAccount?: string;
  requestType: ConversionType;
  toStatus?: SupplierStage;
  reason: string;
  companyName?: string;
  contactName?: string;
  mobile?: string;
  email?: string;
};

/**
 * #/v2/supplierView1 … supplierView6 (issue #16): with `?id=` the request (detail, trail, approval tasks;
 * the /audit page frames it for the approver); without, a new request of the route's type(s) for a
 * chosen supplier (`?toElsAccount=` preselects it, `?type=` the type on supplierView4).
 */
export default function LifecycleRequestPage() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const view = pathname.split('/').pop() ?? '';
  const id = params.get('id');
  return id ? (
    <RequestDetail id={id} />
  ) : (
    <RequestForm
      view={view}
      toElsAccount={params.get('toElsAccount') ?? undefined}
      type={params.get('type') ?? undefined}
    />
  );
}

function RequestForm({ view, toElsAccount, type }: { view: string; toElsAccount?: string; type?: string }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const types = VIEW_TYPES[view] ?? [];
  const initialType = (types.find((x) => x === type) ?? types[0]) as ConversionType | undefined;
  const [form] = Form.useForm<FormValues>();
  const requestType = Form.useWatch('requestType', form) ?? initialType;
  const account = Form.useWatch('toElsAccount', form) ?? toElsAccount;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const replacement = requestType === 'supplierReplacement';
  const suppliers = useQuery({
    queryKey: [...MD_KEYS.suppliers, 'lifecycle-picker'],
    queryFn: () => findSuppliers({ currentPage: 1, pageSize: 100 }),
    enabled: !replacement,
  });
  const state = useQuery({
    queryKey: [...LC_KEYS.requests, 'conversions', account],
    queryFn: () => findConversions(account as string),
    enabled: !!account && !replacement,
  });
  const stage = (s: string) => SUPPLIER_STAGES[s as SupplierStage]?.[locale] ?? s;

  if (!initialType) return <Alert type="error" title={t('masterdata:lifecycle.unknownView')} />;

  async function save(submit: boolean) {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const saved = await saveStatusChange({
        requestType: v.requestType,
        reason: v.reason,
        submit,
        ...(v.requestType === 'supplierReplacement'
          ? {
              company: {
                companyName: v.companyName ?? '',
                contactName: v.contactName ?? '',
                mobile: v.mobile ?? '',
                ...(v.email ? { email: v.email } : {}),
              },
            }
          : { toElsAccount: v.toElsAccount }),
        ...(v.requestType === 'supplierGrade' && v.toStatus ? { toStatus: v.toStatus } : {}),
      });
      void message.success(
        t(
          saved.status === 'approved'
            ? 'masterdata:lifecycle.applied'
            : saved.status === 'underApproval'
              ? 'masterdata:lifecycle.submitted'
              : 'masterdata:saved',
        ),
      );
      void client.invalidateQueries({ queryKey: LC_KEYS.requests });
      void client.invalidateQueries({ queryKey: MD_KEYS.suppliers });
      navigate(`/v2/${SUPPLIER_CONVERSIONS[saved.requestType].view}?id=${saved.id}`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const allowed = state.data ? conversionsFrom(state.data.supplierStatus, state.data.frozen) : null;
  return (
    <Card title={t('masterdata:lifecycle.newRequest')} className="page-stack">
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />}
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="lcRequest"
        initialValues={{ requestType: initialType, toElsAccount: toElsAccount }}
        style={{ maxWidth: 640 }}
      >
        <Form.Item
          name="requestType"
          label={t('masterdata:lifecycle.requestType')}
          rules={[{ required: true }]}
        >
          <Select
            disabled={types.length === 1}
            options={types.map((x) => ({ value: x, label: SUPPLIER_CONVERSIONS[x].label[locale] }))}
          />
        </Form.Item>
        {replacement ? (
          <>
            <Form.Item
              name="companyName"
              label={t('masterdata:lifecycle.companyName')}
              rules={[{ required: true, whitespace: true, min: 3, max: 100 }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="contactName"
              label={t('masterdata:lifecycle.contactName')}
              rules={[{ required: true, whitespace: true, max: 50 }]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="mobile"
              label={t('masterdata:lifecycle.mobile')}
              rules={[
                { required: true, pattern: /^1\d{10}$/, message: t('masterdata:lifecycle.mobileRule') },
              ]}
            >
              <Input maxLength={11} />
            </Form.Item>
            <Form.Item name="email" label={t('masterdata:lifecycle.email')} rules={[{ type: 'email' }]}>
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="toElsAccount"
            label={t('masterdata:lifecycle.supplier')}
            rules={[{ required: true, message: t('masterdata:required') }]}
            extra={
              state.data ? (
                <span>
                  {t('masterdata:lifecycle.currentStage')}: {stage(state.data.supplierStatus)}
                  {state.data.frozen ? ` · ${t('masterdata:lifecycle.frozen')}` : ''}
                </span>
              ) : undefined
            }
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={suppliers.isLoading}
              options={(suppliers.data?.records ?? []).map((s) => ({
                value: s.toElsAccount,
                label: `${s.toElsAccount} ${s.fullName}`,
              }))}
            />
          </Form.Item>
        )}
        {requestType === 'supplierGrade' && (
          <Form.Item name="toStatus" label={t('masterdata:lifecycle.toStatus')} rules={[{ required: true }]}>
            <Select options={GRADE_STAGES.map((g) => ({ value: g, label: stage(g) }))} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('masterdata:lifecycle.reason')}
          rules={[{ required: true, whitespace: true, message: t('masterdata:required') }, { max: 500 }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        {allowed && requestType && !replacement && !allowed.includes(requestType) && (
          <Alert
            type="warning"
            showIcon
            title={t('masterdata:lifecycle.notAllowedNow')}
            style={{ marginBottom: 12 }}
          />
        )}
        <Space>
          <Button type="primary" loading={busy} onClick={() => void save(true)}>
            {t('masterdata:lifecycle.submit')}
          </Button>
          <Button loading={busy} onClick={() => void save(false)}>
            {t('masterdata:lifecycle.saveDraft')}
          </Button>
          <Button onClick={() => navigate('/v2/supplier-lifecycle')}>
            {t('masterdata:lifecycle.backToList')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

/**
 * A request's approval tasks: step (in the reader's language, issue #33), status, handler (with "代 {name}
 * 审批 / on behalf of {name}" when a delegate approved for someone, issue #19; while waiting, who may
 * approve it) and remark.
 */
export function LifecycleTasks({ tasks }: { tasks: StatusChangeDetail['tasks'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('masterdata:lifecycle.tasks')} size="small">
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={tasks}
        columns={[
          {
            key: 'stepName',
            dataIndex: 'stepName',
            title: t('masterdata:lifecycle.step'),
            // Issue #33: the reader's language, the other one when empty.
            render: (_v, row) => stepLabel(row, i18n.language),
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('masterdata:lifecycle.status'),
            render: (v: string) => t(`masterdata:lifecycle.taskStatus.${v}`, { defaultValue: v }),
          },
          {
            key: 'handledBy',
            dataIndex: 'handledBy',
            title: t('masterdata:lifecycle.handledBy'),
            // "name (code)" (issue #19 names instead of sub-account codes); while waiting, who may approve
            // it (issue #33).
            render: (v: string | null, row) =>
              v && row.handledOnBehalfOf
                ? `${userLabel(v, row.handledByName)} · ${t('masterdata:lifecycle.onBehalfOf', {
                    name: userLabel(row.handledOnBehalfOf, row.handledOnBehalfOfName),
                  })}`
                : v
                  ? userLabel(v, row.handledByName)
                  : (candidatesText(row, t) ?? '—'),
          },
          { key: 'remark', dataIndex: 'remark', title: t('masterdata:lifecycle.approvalRemark') },
        ]}
      />
    </Card>
  );
}

function RequestDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: [...LC_KEYS.requests, 'detail', id],
    queryFn: () => findStatusChange(id),
  });
  const stage = (s: string | null) => (s ? (SUPPLIER_STAGES[s as SupplierStage]?.[locale] ?? s) : '—');
  if (detail.error) return <Alert type="error" title={errorText(detail.error)} />;
  if (!detail.data) return <Card loading />;
  const { record, supplier, trail, tasks } = detail.data as StatusChangeDetail;
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      void message.success(t('masterdata:saved'));
      void client.invalidateQueries({ queryKey: LC_KEYS.requests });
      void client.invalidateQueries({ queryKey: MD_KEYS.suppliers });
    } catch (e) {
      setError(errorText(e));
    }
  };
  const statusLabel = STATUS_CHANGE_STATUS[record.status]?.[locale] ?? record.status;
  return (
    <div className="page-stack">
      <Card
        title={`${t('masterdata:lifecycle.request')} ${record.requestNumber}`}
        extra={<Tag color={STATUS_COLOR[record.status]}>{statusLabel}</Tag>}
      >
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />}
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={t('masterdata:lifecycle.requestType')}>
            {SUPPLIER_CONVERSIONS[record.requestType]?.label[locale] ?? record.requestType}
          </Descriptions.Item>
          <Descriptions.Item label={t('masterdata:lifecycle.supplier')}>
            {`${record.toElsAccount ?? ''} ${record.supplierName ?? ''}`.trim()}
          </Descriptions.Item>
          <Descriptions.Item label={t('masterdata:lifecycle.fromStatus')}>
            {stage(record.fromStatus)}
          </Descriptions.Item>
          <Descriptions.Item label={t('masterdata:lifecycle.toStatus')}>
            {stage(record.toStatus)}
            {record.toFrozen === null
              ? ''
              : ` · ${t(record.toFrozen ? 'masterdata:lifecycle.frozen' : 'masterdata:lifecycle.unfrozen')}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('masterdata:lifecycle.reason')} span={2}>
            {record.reason}
          </Descriptions.Item>
          {supplier && (
            <Descriptions.Item label={t('masterdata:lifecycle.currentStage')} span={2}>
              {stage(supplier.supplierStatus)}
              {supplier.frozen ? ` · ${t('masterdata:lifecycle.frozen')}` : ''}
            </Descriptions.Item>
          )}
          {record.approvalRemark && (
            <Descriptions.Item label={t('masterdata:lifecycle.approvalRemark')} span={2}>
              {record.approvalRemark}
            </Descriptions.Item>
          )}
        </Descriptions>
        <Space style={{ marginTop: 12 }}>
          {(record.status === 'draft' || record.status === 'rejected') && (
            <>
              <Button
                type="primary"
                onClick={() => void run(() => submitStatusChange(record.id, record.version))}
              >
                {t('masterdata:lifecycle.submit')}
              </Button>
              <Button
                danger
                onClick={() =>
                  void run(async () => {
                    await deleteStatusChange(record.id, record.version);
                    navigate('/v2/supplier-lifecycle');
                  })
                }
              >
                {t('masterdata:actions.delete')}
              </Button>
            </>
          )}
          {record.status === 'underApproval' && (
            <Button onClick={() => void run(() => withdrawStatusChange(record.id, record.version))}>
              {t('masterdata:lifecycle.withdraw')}
            </Button>
          )}
          <Button onClick={() => navigate('/v2/supplier-lifecycle')}>
            {t('masterdata:lifecycle.backToList')}
          </Button>
        </Space>
      </Card>
      <LifecycleTasks tasks={tasks} />
      <Card title={t('masterdata:lifecycle.trail')} size="small">
        <Table
          size="small"
          rowKey={(r) => `${r.createDate}-${r.action}`}
          pagination={false}
          dataSource={trail}
          columns={[
            {
              key: 'createDate',
              dataIndex: 'createDate',
              title: t('masterdata:lifecycle.time'),
              render: (v: string) => new Date(v).toLocaleString(),
            },
            {
              key: 'action',
              dataIndex: 'action',
              title: t('masterdata:lifecycle.action'),
              render: (v: string) => t(`masterdata:lifecycle.actions.${v}`, { defaultValue: v }),
            },
            {
              key: 'createUser',
              title: t('masterdata:lifecycle.user'),
              render: (_: unknown, row: StatusChangeDetail['trail'][number]) =>
                row.createUserName ?? row.createUser,
            },
            { key: 'remark', dataIndex: 'remark', title: t('masterdata:lifecycle.remark') },
          ]}
        />
      </Card>
    </div>
  );
}
