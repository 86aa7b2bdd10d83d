import type { AdminSubaccount } from '@srm/contracts/company-admin';
import { isValidShellPassword } from '@srm/contracts/validators';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  type AccountForm,
  addAccount,
  editAccount,
  findAccounts,
  findRoles,
  resetPassword,
  SYS_KEYS,
  setAccountStatus,
  unlockAccount,
} from './api.ts';
import { DataPermissionDialog } from './DataPermissionDialog.tsx';

const PAGE_SIZE = 20;

/** The create/edit dialog of a sub-account: name 3–40, one of mobile or email, roles, default organisation. */
function AccountDialog({ editing, onClose }: { editing: AdminSubaccount | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AccountForm>();
  const roles = useQuery({ queryKey: SYS_KEYS.roles, queryFn: findRoles });
  const isNew = editing === 'new';
  const save = useMutation({
    mutationFn: (values: AccountForm) =>
      isNew ? addAccount(values) : editAccount(editing.id, editing.version, values),
    onSuccess: () => {
      void message.success(t('companyAdmin:accounts.saved'));
      void queryClient.invalidateQueries({ queryKey: SYS_KEYS.accounts });
      onClose();
    },
  });
  const label = (key: string) => t(`companyAdmin:accounts.${key}`);
  const required = (key: string) => ({
    required: true,
    message: t('companyAdmin:common.required', { field: label(key) }),
  });
  const contactRule = {
    validator: () =>
      form.getFieldValue('mobile') || form.getFieldValue('email')
        ? Promise.resolve()
        : Promise.reject(new Error(label('contactRule'))),
  };
  return (
    <Modal
      open
      title={label(isNew ? 'newTitle' : 'editTitle')}
      okText={t('companyAdmin:common.save')}
      cancelText={t('companyAdmin:common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AccountForm>
        form={form}
        layout="vertical"
        initialValues={
          isNew
            ? { roleIds: [] }
            : {
                name: editing.name,
                mobile: editing.mobile,
                email: editing.email,
                roleIds: editing.roleIds,
                defaultOrg: editing.defaultOrg,
              }
        }
        onFinish={(values) => save.mutate(values)}
      >
        {isNew && (
          <Form.Item
            name="elsSubAccount"
            label={label('elsSubAccount')}
            rules={[required('elsSubAccount'), { pattern: /^[A-Za-z0-9_.@-]{1,64}$/ }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={label('name')}
          rules={[required('name'), { min: 3, max: 40, message: label('nameRule') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="mobile" label={label('mobile')} dependencies={['email']} rules={[contactRule]}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item name="email" label={label('email')} dependencies={['mobile']} rules={[{ type: 'email' }]}>
          <Input type="email" />
        </Form.Item>
        <Form.Item name="roleIds" label={label('roles')}>
          <Select
            mode="multiple"
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({
              value: r.id,
              label: locale === 'en' ? r.roleNameEn : r.roleName,
            }))}
          />
        </Form.Item>
        <Form.Item name="defaultOrg" label={label('defaultOrg')} rules={[{ max: 40 }]}>
          <Input />
        </Form.Item>
        {isNew && (
          <Form.Item
            name="password"
            label={label('password')}
            extra={t('companyAdmin:accounts.resetHint')}
            rules={[
              required('password'),
              {
                validator: (_r, v: string | undefined) =>
                  !v || isValidShellPassword(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('companyAdmin:accounts.passwordRule'))),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The reset-password dialog: the user must change the new password at the next login. */
function ResetDialog({ account, onClose }: { account: AdminSubaccount; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(account.id, password),
    onSuccess: () => {
      void message.success(t('companyAdmin:accounts.done'));
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('companyAdmin:accounts.resetTitle', { name: account.name })}
      okText={t('companyAdmin:common.save')}
      cancelText={t('companyAdmin:common.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={(v) => reset.mutate(v.password)}>
        <Form.Item
          name="password"
          label={t('companyAdmin:accounts.newPassword')}
          extra={t('companyAdmin:accounts.resetHint')}
          rules={[
            {
              required: true,
              message: t('companyAdmin:common.required', { field: t('companyAdmin:accounts.newPassword') }),
            },
            {
              validator: (_r, v: string | undefined) =>
                !v || isValidShellPassword(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('companyAdmin:accounts.passwordRule'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * #/v2/accounts — the company's sub-accounts (keyset pages of 20 by sub-account), filtered by keyword and
 * status, with create, edit, disable/enable, reset password and unlock as the caller's actions allow.
 */
export default function AccountList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const queryClient = useQueryClient();
  const may = useCan();
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [keywordInput, setKeywordInput] = useState('');
  const [filter, setFilter] = useState<{ keyword?: string; status?: 'active' | 'disabled' }>({});
  const [editing, setEditing] = useState<AdminSubaccount | 'new' | null>(null);
  const [resetting, setResetting] = useState<AdminSubaccount | null>(null);
  const [scoping, setScoping] = useState<AdminSubaccount | null>(null);
  const cursor = cursors[cursors.length - 1];
  const list = useQuery({
    queryKey: [...SYS_KEYS.accounts, filter, cursor],
    queryFn: () => findAccounts({ pageSize: PAGE_SIZE, cursor, ...filter }),
  });
  const roles = useQuery({ queryKey: SYS_KEYS.roles, queryFn: findRoles });
  const roleName = (id: string) => {
    const role = roles.data?.find((r) => r.id === id);
    return role ? (locale === 'en' ? role.roleNameEn : role.roleName) : id;
  };
  const act = useMutation({
    mutationFn: ({ kind, row }: { kind: 'disable' | 'enable' | 'unlock'; row: AdminSubaccount }) =>
      kind === 'unlock' ? unlockAccount(row.id) : setAccountStatus(row.id, kind === 'enable'),
    onSuccess: () => {
      void message.success(t('companyAdmin:accounts.done'));
      void queryClient.invalidateQueries({ queryKey: SYS_KEYS.accounts });
    },
  });
  const label = (key: string) => t(`companyAdmin:accounts.${key}`);
  const search = (next: typeof filter) => {
    setFilter(next);
    setCursors([null]);
  };
  return (
    <>
      <Typography.Title level={4}>{label('title')}</Typography.Title>
      <Space className="md-filter" wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={label('keyword')}
          placeholder={label('keywordPlaceholder')}
          allowClear
          value={keywordInput}
          onChange={(e) => setKeywordInput(e.target.value)}
          onSearch={(v) => search({ ...filter, keyword: v.trim() || undefined })}
          enterButton={label('search')}
          style={{ width: 320 }}
        />
        <Select
          allowClear
          aria-label={label('status')}
          placeholder={label('allStatuses')}
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status) => search({ ...filter, status })}
          options={[
            { value: 'active', label: label('active') },
            { value: 'disabled', label: label('disabled') },
          ]}
        />
        {may('account.edit') && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {label('new')}
          </Button>
        )}
      </Space>
      <Table<AdminSubaccount>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={false}
        columns={[
          { title: label('elsSubAccount'), dataIndex: 'elsSubAccount' },
          { title: label('name'), dataIndex: 'name' },
          { title: label('mobile'), dataIndex: 'mobile' },
          { title: label('email'), dataIndex: 'email' },
          {
            title: label('roles'),
            render: (_v, row) => row.roleIds.map((id) => <Tag key={id}>{roleName(id)}</Tag>),
          },
          {
            title: label('status'),
            render: (_v, row) => (
              <Space size={4} wrap>
                <Tag color={row.status === 'active' ? 'green' : 'default'}>{label(row.status)}</Tag>
                {row.locked && <Tag color="red">{label('locked')}</Tag>}
                {row.fbk10 === 'Y' && <Tag color="orange">{label('mustChange')}</Tag>}
              </Space>
            ),
          },
          {
            title: label('lastLogin'),
            dataIndex: 'lastLoginDate',
            render: (v: string | null) => (v ? v.slice(0, 16).replace('T', ' ') : ''),
          },
          {
            title: label('actions'),
            render: (_v, row) => (
              <Space size={0} wrap>
                {may('account.edit') && (
                  <Button
                    type="link"
                    onClick={() => setEditing(row)}
                    aria-label={`${label('edit')} ${row.elsSubAccount}`}
                  >
                    {label('edit')}
                  </Button>
                )}
                {may('account.disable') &&
                  (row.status === 'active' ? (
                    <Popconfirm
                      title={label('confirmDisable')}
                      okText={label('disable')}
                      cancelText={t('companyAdmin:common.cancel')}
                      onConfirm={() => act.mutate({ kind: 'disable', row })}
                    >
                      <Button type="link" danger aria-label={`${label('disable')} ${row.elsSubAccount}`}>
                        {label('disable')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button
                      type="link"
                      onClick={() => act.mutate({ kind: 'enable', row })}
                      aria-label={`${label('enable')} ${row.elsSubAccount}`}
                    >
                      {label('enable')}
                    </Button>
                  ))}
                {may('account.resetPassword') && (
                  <Button
                    type="link"
                    onClick={() => setResetting(row)}
                    aria-label={`${label('resetPassword')} ${row.elsSubAccount}`}
                  >
                    {label('resetPassword')}
                  </Button>
                )}
                {may('account.edit') && (
                  <Button
                    type="link"
                    onClick={() => setScoping(row)}
                    aria-label={`${t('companyAdmin:dataPermission.button')} ${row.elsSubAccount}`}
                  >
                    {t('companyAdmin:dataPermission.button')}
                  </Button>
                )}
                {may('account.unlock') && row.locked && (
                  <Button
                    type="link"
                    onClick={() => act.mutate({ kind: 'unlock', row })}
                    aria-label={`${label('unlock')} ${row.elsSubAccount}`}
                  >
                    {label('unlock')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Typography.Text>
          {t('companyAdmin:accounts.total', { total: list.data?.total ?? 0 })}
        </Typography.Text>
        <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {label('previous')}
        </Button>
        <Button
          disabled={!list.data?.nextCursor}
          onClick={() => {
            const next = list.data?.nextCursor;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          {label('next')}
        </Button>
      </Space>
      {editing && <AccountDialog editing={editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetDialog account={resetting} onClose={() => setResetting(null)} />}
      {scoping && <DataPermissionDialog account={scoping} onClose={() => setScoping(null)} />}
    </>
  );
}
