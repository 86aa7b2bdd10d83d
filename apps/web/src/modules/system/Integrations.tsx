import { API_KEY_GROUPS } from '@srm/contracts/api-key';
import type { WebhookDelivery, WebhookEndpoint } from '@srm/contracts/webhook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beforeToday, now } from '../../lib/clock.ts';
import { findAccounts } from './api.ts';
import {
  type ApiKeyRow,
  createApiKey,
  deleteEndpoint,
  findApiKeys,
  findDeliveries,
  findDelivery,
  findEndpoints,
  findEventTypes,
  INTEGRATION_KEYS,
  pingEndpoint,
  redeliver,
  revokeApiKey,
  rotateSecret,
  saveEndpoint,
} from './integrations-api.ts';

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** Shows a secret once, with a copy button, after it was created or rotated. */
function ShownOnce({ title, value, onClose }: { title: string; value: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph>{t('companyAdmin:integrations.shownOnce')}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: value }} code aria-label={title}>
        {value}
      </Typography.Paragraph>
    </Modal>
  );
}

/** The "event types" options: *, each kind's *, and each kind's actions. */
function useEventTypeOptions() {
  const types = useQuery({ queryKey: ['system', 'eventTypes'], queryFn: findEventTypes });
  return [
    { value: '*', label: '*' },
    ...(types.data ?? []).flatMap((k) => [
      { value: `${k.kind}.*`, label: `${k.kind}.*` },
      ...k.actions.map((a) => ({ value: `${k.kind}.${a}`, label: `${k.kind}.${a}` })),
    ]),
  ];
}

type KeyForm = {
  elsSubAccount: string;
  name: string;
  kinds: string[];
  access: 'read' | 'write';
  expires?: Dayjs;
  /** The language of the answers to the key's calls without a `lang` header (issue #32). */
  lang: 'zh_cn' | 'en';
};

/** API keys (issue #18): list, create (the key shown once), revoke. */
function ApiKeys() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: INTEGRATION_KEYS.keys, queryFn: findApiKeys });
  const accounts = useQuery({
    queryKey: ['system', 'accounts', 'active-all'],
    queryFn: () => findAccounts({ pageSize: 100, cursor: null, status: 'active' }),
  });
  const kinds = useQuery({ queryKey: ['system', 'eventTypes'], queryFn: findEventTypes });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [form] = Form.useForm<KeyForm>();
  const label = (key: string) => t(`companyAdmin:integrations.${key}`);
  const groups: readonly string[] = API_KEY_GROUPS;
  /** A scope's kind as shown: a route group by its name in the user's language, a kind by its code. */
  const scopeLabel = (kind: string) =>
    kind === '*' ? label('allKinds') : groups.includes(kind) ? label(`groups.${kind}`) : kind;
  const create = useMutation({
    mutationFn: (v: KeyForm) =>
      createApiKey({
        elsSubAccount: v.elsSubAccount,
        name: v.name,
        scopes: v.kinds.map((kind) => ({ kind, access: v.access })),
        lang: v.lang,
        ...(v.expires ? { expiresDate: v.expires.endOf('day').toISOString() } : {}),
      }),
    onSuccess: (row) => {
      setCreating(false);
      form.resetFields();
      setShown(row.key ?? null);
      void queryClient.invalidateQueries({ queryKey: INTEGRATION_KEYS.keys });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      void message.success(label('revoked'));
      void queryClient.invalidateQueries({ queryKey: INTEGRATION_KEYS.keys });
    },
  });
  const required = (key: string) => ({
    required: true,
    message: t('companyAdmin:common.required', { field: label(key) }),
  });
  return (
    <Card
      title={label('keysTitle')}
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          {label('newKey')}
        </Button>
      }
    >
      <Table<ApiKeyRow>
        rowKey="id"
        size="small"
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        pagination={false}
        columns={[
          { title: label('keyName'), dataIndex: 'name' },
          { title: label('subAccount'), dataIndex: 'elsSubAccount' },
          { title: label('prefix'), dataIndex: 'prefix', render: (v: string) => <code>{v}…</code> },
          {
            title: label('scopes'),
            dataIndex: 'scopes',
            render: (scopes: ApiKeyRow['scopes']) =>
              scopes.map((s) => (
                <Tag key={`${s.kind}:${s.access}`}>
                  {scopeLabel(s.kind)} · {label(s.access)}
                </Tag>
              )),
          },
          {
            title: label('keyLang'),
            dataIndex: 'lang',
            render: (v: ApiKeyRow['lang']) => label(v === 'en' ? 'langEn' : 'langZh'),
          },
          { title: label('expires'), dataIndex: 'expiresDate', render: when },
          { title: label('lastUsed'), dataIndex: 'lastUsedDate', render: when },
          {
            title: label('state'),
            key: 'state',
            render: (_, row) =>
              row.revokedDate ? (
                <Tag color="default">{label('revokedTag')}</Tag>
              ) : row.expiresDate && dayjs(row.expiresDate).isBefore(now()) ? (
                <Tag>{label('expiredTag')}</Tag>
              ) : (
                <Tag color="green">{label('activeTag')}</Tag>
              ),
          },
          {
            title: t('companyAdmin:accounts.actions'),
            key: 'actions',
            render: (_, row) =>
              row.revokedDate ? null : (
                <Button
                  size="small"
                  danger
                  aria-label={`${label('revoke')} ${row.name}`}
                  onClick={() =>
                    modal.confirm({
                      title: label('revokeConfirm'),
                      content: row.name,
                      okButtonProps: { danger: true },
                      onOk: () => revoke.mutateAsync(row),
                    })
                  }
                >
                  {label('revoke')}
                </Button>
              ),
          },
        ]}
      />
      {creating && (
        <Modal
          open
          title={label('newKey')}
          okText={t('companyAdmin:common.save')}
          cancelText={t('companyAdmin:common.cancel')}
          confirmLoading={create.isPending}
          onOk={() => form.submit()}
          onCancel={() => setCreating(false)}
          destroyOnHidden
        >
          <Form<KeyForm>
            form={form}
            layout="vertical"
            initialValues={{ access: 'read', kinds: [], lang: 'zh_cn' }}
            onFinish={(v) => create.mutate(v)}
          >
            <Form.Item name="name" label={label('keyName')} rules={[required('keyName'), { max: 50 }]}>
              <Input />
            </Form.Item>
            <Form.Item
              name="elsSubAccount"
              label={label('subAccount')}
              rules={[required('subAccount')]}
              extra={label('subAccountHelp')}
            >
              <Select
                showSearch
                options={(accounts.data?.records ?? []).map((a) => ({
                  value: a.elsSubAccount,
                  label: `${a.elsSubAccount} · ${a.name}`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="kinds"
              label={label('kinds')}
              rules={[required('kinds')]}
              extra={label('kindsHelp')}
            >
              <Select
                mode="multiple"
                optionFilterProp="label"
                options={[
                  {
                    label: label('documentKinds'),
                    options: [
                      { value: '*', label: label('allKinds') },
                      ...(kinds.data ?? [])
                        // Event types also list messages and announcements: not document kinds.
                        .filter((k) => !groups.includes(k.kind) && k.kind !== 'message')
                        .map((k) => ({ value: k.kind, label: k.kind })),
                    ],
                  },
                  {
                    label: label('routeGroups'),
                    options: API_KEY_GROUPS.map((g) => ({ value: g, label: label(`groups.${g}`) })),
                  },
                ]}
              />
            </Form.Item>
            <Form.Item name="access" label={label('access')}>
              <Radio.Group
                options={[
                  { value: 'read', label: label('read') },
                  { value: 'write', label: label('write') },
                ]}
              />
            </Form.Item>
            <Form.Item name="expires" label={label('expires')}>
              <DatePicker disabledDate={beforeToday} />
            </Form.Item>
            <Form.Item name="lang" label={label('keyLang')} extra={label('keyLangHint')}>
              <Radio.Group
                options={[
                  { value: 'zh_cn', label: label('langZh') },
                  { value: 'en', label: label('langEn') },
                ]}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {shown && <ShownOnce title={label('keyCreated')} value={shown} onClose={() => setShown(null)} />}
    </Card>
  );
}

type EndpointForm = { url: string; description?: string; eventTypes: string[]; enabled: boolean };

/** Webhook endpoints (issue #18): list, create/edit, test ping, rotate secret, delete; and the delivery log. */
function Webhooks() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: INTEGRATION_KEYS.endpoints, queryFn: findEndpoints });
  const options = useEventTypeOptions();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [status, setStatus] = useState<'pending' | 'delivered' | 'failed' | undefined>();
  const [open, setOpen] = useState<number | null>(null);
  const [form] = Form.useForm<EndpointForm>();
  const label = (key: string) => t(`companyAdmin:integrations.${key}`);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: INTEGRATION_KEYS.endpoints });
    void queryClient.invalidateQueries({ queryKey: INTEGRATION_KEYS.deliveries });
  };
  const deliveries = useQuery({
    queryKey: [...INTEGRATION_KEYS.deliveries, status],
    queryFn: () => findDeliveries({ status, pageSize: 50 }),
  });
  const detail = useQuery({
    queryKey: [...INTEGRATION_KEYS.deliveries, 'one', open],
    queryFn: () => findDelivery(open as number),
    enabled: open !== null,
  });
  const save = useMutation({
    mutationFn: (v: EndpointForm) =>
      saveEndpoint({
        ...(editing && editing !== 'new' ? { id: editing.id, version: editing.version } : {}),
        url: v.url.trim(),
        description: v.description ?? '',
        eventTypes: v.eventTypes,
        enabled: v.enabled,
      }),
    onSuccess: (row) => {
      setEditing(null);
      if (row.secret) setShown(row.secret);
      else void message.success(t('companyAdmin:common.saved'));
      refresh();
    },
  });
  const act = useMutation({
    mutationFn: async ({ kind, row }: { kind: 'ping' | 'rotate' | 'delete'; row: WebhookEndpoint }) => {
      if (kind === 'ping') return pingEndpoint(row.id);
      if (kind === 'rotate') return rotateSecret(row);
      return deleteEndpoint(row);
    },
    onSuccess: (data, { kind }) => {
      if (kind === 'rotate' && data && 'secret' in data && data.secret) setShown(data.secret);
      else void message.success(label(kind === 'ping' ? 'pinged' : 'deleted'));
      refresh();
    },
  });
  const again = useMutation({
    mutationFn: redeliver,
    onSuccess: () => {
      void message.success(label('redelivered'));
      refresh();
    },
  });
  const statusTag = (s: WebhookDelivery['status']) => (
    <Tag color={s === 'delivered' ? 'green' : s === 'failed' ? 'red' : 'blue'}>{label(`status.${s}`)}</Tag>
  );
  return (
    <>
      <Card
        title={label('webhooksTitle')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            {label('newEndpoint')}
          </Button>
        }
      >
        <Table<WebhookEndpoint>
          rowKey="id"
          size="small"
          loading={endpoints.isLoading}
          dataSource={endpoints.data ?? []}
          pagination={false}
          columns={[
            { title: label('url'), dataIndex: 'url', render: (v: string) => <code>{v}</code> },
            { title: label('description'), dataIndex: 'description' },
            {
              title: label('eventTypes'),
              dataIndex: 'eventTypes',
              render: (types: string[]) => types.map((e) => <Tag key={e}>{e}</Tag>),
            },
            {
              title: label('state'),
              key: 'enabled',
              render: (_, row) =>
                row.enabled ? (
                  <Tag color="green">{label('enabledTag')}</Tag>
                ) : (
                  <Tag color="red">
                    {row.disabledReason === 'deliveryFailed' ? label('disabledFailed') : label('disabledTag')}
                  </Tag>
                ),
            },
            {
              title: t('companyAdmin:accounts.actions'),
              key: 'actions',
              render: (_, row) => (
                <Space wrap size={4}>
                  <Button
                    size="small"
                    aria-label={`${t('companyAdmin:accounts.edit')} ${row.url}`}
                    onClick={() => setEditing(row)}
                  >
                    {t('companyAdmin:accounts.edit')}
                  </Button>
                  <Button size="small" onClick={() => act.mutate({ kind: 'ping', row })}>
                    {label('ping')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() =>
                      modal.confirm({
                        title: label('rotateConfirm'),
                        onOk: () => act.mutateAsync({ kind: 'rotate', row }),
                      })
                    }
                  >
                    {label('rotate')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: label('deleteConfirm'),
                        content: row.url,
                        okButtonProps: { danger: true },
                        onOk: () => act.mutateAsync({ kind: 'delete', row }),
                      })
                    }
                  >
                    {label('delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title={label('deliveriesTitle')}
        style={{ marginTop: 16 }}
        extra={
          <Space>
            <Select
              aria-label={label('deliveryStatus')}
              allowClear
              placeholder={label('allStatuses')}
              style={{ width: 160 }}
              value={status}
              onChange={setStatus}
              options={(['pending', 'delivered', 'failed'] as const).map((s) => ({
                value: s,
                label: label(`status.${s}`),
              }))}
            />
            <Button onClick={refresh}>{label('reload')}</Button>
          </Space>
        }
      >
        <Table<WebhookDelivery>
          rowKey="id"
          size="small"
          loading={deliveries.isLoading}
          dataSource={deliveries.data ?? []}
          pagination={false}
          columns={[
            { title: label('eventType'), dataIndex: 'eventType' },
            {
              title: label('endpoint'),
              dataIndex: 'endpointId',
              render: (id: string) => endpoints.data?.find((e) => e.id === id)?.url ?? id,
            },
            { title: label('deliveryStatus'), dataIndex: 'status', render: statusTag },
            { title: label('attempts'), dataIndex: 'attempts', align: 'right' },
            {
              title: label('lastAnswer'),
              key: 'last',
              render: (_, d) => (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—')),
            },
            { title: label('createDate'), dataIndex: 'createDate', render: when },
            {
              title: t('companyAdmin:accounts.actions'),
              key: 'actions',
              render: (_, d) => (
                <Space size={4}>
                  <Button size="small" onClick={() => setOpen(d.id)}>
                    {label('view')}
                  </Button>
                  {d.status !== 'pending' && (
                    <Button size="small" onClick={() => again.mutate(d.id)}>
                      {label('redeliver')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && (
        <Modal
          open
          title={label(editing === 'new' ? 'newEndpoint' : 'editEndpoint')}
          okText={t('companyAdmin:common.save')}
          cancelText={t('companyAdmin:common.cancel')}
          confirmLoading={save.isPending}
          onOk={() => form.submit()}
          onCancel={() => setEditing(null)}
          destroyOnHidden
        >
          <Form<EndpointForm>
            form={form}
            layout="vertical"
            initialValues={
              editing === 'new'
                ? { eventTypes: [], enabled: true }
                : {
                    url: editing.url,
                    description: editing.description,
                    eventTypes: editing.eventTypes,
                    enabled: editing.enabled,
                  }
            }
            onFinish={(v) => save.mutate(v)}
          >
            <Form.Item
              name="url"
              label={label('url')}
              rules={[
                {
                  required: true,
                  type: 'url',
                  message: t('companyAdmin:common.required', { field: label('url') }),
                },
              ]}
            >
              <Input placeholder="https://erp.example.com/srm-events" />
            </Form.Item>
            <Form.Item name="description" label={label('description')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
            <Form.Item
              name="eventTypes"
              label={label('eventTypes')}
              rules={[
                {
                  required: true,
                  message: t('companyAdmin:common.required', { field: label('eventTypes') }),
                },
              ]}
            >
              <Select mode="multiple" options={options} />
            </Form.Item>
            <Form.Item name="enabled" label={label('enabledTag')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {shown && <ShownOnce title={label('secretShown')} value={shown} onClose={() => setShown(null)} />}
      <Drawer open={open !== null} width={640} title={label('deliveryTitle')} onClose={() => setOpen(null)}>
        {detail.data && (
          <>
            <Table
              rowKey="createDate"
              size="small"
              pagination={false}
              dataSource={detail.data.attemptLog}
              columns={[
                { title: label('createDate'), dataIndex: 'createDate', render: when },
                {
                  title: label('lastAnswer'),
                  key: 'answer',
                  render: (_, a) => (a.statusCode ? `HTTP ${a.statusCode}` : (a.error ?? '—')),
                },
                { title: label('durationMs'), dataIndex: 'durationMs', align: 'right' },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {label('payload')}
            </Typography.Title>
            <pre className="integration-payload">
              {JSON.stringify(JSON.parse(detail.data.payload), null, 2)}
            </pre>
          </>
        )}
      </Drawer>
    </>
  );
}

/** #/v2/integrations — the company admin's API keys and webhooks (issue #18); docs/webhooks.md explains the events. */
export default function Integrations() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={4}>{t('companyAdmin:integrations.title')}</Typography.Title>
      <ApiKeys />
      <div style={{ height: 16 }} />
      <Webhooks />
    </>
  );
}
