import {
  ACTION_GROUPS,
  ACTION_LABELS,
  type ActionCode,
  type AdminRole,
  NAMED_ACTIONS,
} from '@srm/contracts/company-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Space, Switch, Table, Tag, Tree, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { addRole, editRole, findMenuOptions, findRoles, type MenuOption, SYS_KEYS } from './api.ts';

type RoleForm = {
  roleCode?: string;
  roleName: string;
  roleNameEn: string;
  allMenus: boolean;
  actions: ActionCode[];
};

type TreeNode = { key: string; title: string; children: TreeNode[] };
const toTree = (options: MenuOption[]): TreeNode[] =>
  options.map((o) => ({ key: o.id, title: o.title, children: toTree(o.children) }));

/** The role dialog: code (new roles only), names, the menu entries (tree checkboxes) and the actions. */
function RoleDialog({ editing, onClose }: { editing: AdminRole | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleForm>();
  const isNew = editing === 'new';
  const menus = useQuery({ queryKey: ['system', 'menuOptions', locale], queryFn: findMenuOptions });
  const [checked, setChecked] = useState<string[]>(isNew ? [] : (editing.menuIds ?? []));
  const allMenus = Form.useWatch('allMenus', form) ?? (!isNew && editing.menuIds === null);
  const save = useMutation({
    mutationFn: (values: RoleForm) => {
      const body = {
        roleName: values.roleName,
        roleNameEn: values.roleNameEn,
        menuIds: values.allMenus ? null : checked,
        actions: values.actions ?? [],
      };
      return isNew
        ? addRole({ ...body, roleCode: values.roleCode ?? '' })
        : editRole({ ...body, id: editing.id, version: editing.version });
    },
    onSuccess: () => {
      void message.success(t('companyAdmin:roles.saved'));
      void queryClient.invalidateQueries({ queryKey: SYS_KEYS.roles });
      onClose();
    },
  });
  const label = (key: string) => t(`companyAdmin:roles.${key}`);
  const required = (key: string) => ({
    required: true,
    message: t('companyAdmin:common.required', { field: label(key) }),
  });
  return (
    <Modal
      open
      width={640}
      title={label(isNew ? 'newTitle' : 'editTitle')}
      okText={t('companyAdmin:common.save')}
      cancelText={t('companyAdmin:common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RoleForm>
        form={form}
        layout="vertical"
        initialValues={
          isNew
            ? { allMenus: false, actions: [] }
            : {
                roleName: editing.roleName,
                roleNameEn: editing.roleNameEn,
                allMenus: editing.menuIds === null,
                actions: editing.actions as ActionCode[],
              }
        }
        onFinish={(values) => save.mutate(values)}
      >
        {isNew && (
          <Form.Item
            name="roleCode"
            label={label('roleCode')}
            rules={[required('roleCode'), { pattern: /^[A-Za-z][A-Za-z0-9_-]{1,31}$/ }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="roleName" label={label('roleName')} rules={[required('roleName'), { max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="roleNameEn"
          label={label('roleNameEn')}
          rules={[required('roleNameEn'), { max: 60 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="allMenus" label={label('allMenusSwitch')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {!allMenus && (
          <Form.Item label={label('menus')}>
            <fieldset
              aria-label={label('menus')}
              style={{ maxHeight: 280, overflow: 'auto', border: 0, padding: 0 }}
            >
              <Tree
                checkable
                defaultExpandAll
                selectable={false}
                treeData={toTree(menus.data ?? [])}
                checkedKeys={checked}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              />
            </fieldset>
          </Form.Item>
        )}
        <Form.Item name="actions" label={label('actions')}>
          {/* One group per catalogue part: company administration, then each document kind (issue #19). */}
          <Checkbox.Group style={{ display: 'block', maxHeight: 320, overflow: 'auto' }}>
            {ACTION_GROUPS.map((group) => (
              <fieldset key={group.key} style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
                <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 4 }}>
                  {group.title[locale]}
                </legend>
                {group.actions.map((a) => (
                  <Checkbox
                    key={a.code}
                    value={a.code}
                    aria-label={ACTION_LABELS[a.code]?.[locale] ?? a.code}
                  >
                    {a.label[locale]}
                  </Checkbox>
                ))}
              </fieldset>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** #/v2/roles — the company's roles with their members, menu entries and operation permissions. */
export default function RoleList() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const mayEdit = useCan()('role.edit');
  const roles = useQuery({ queryKey: SYS_KEYS.roles, queryFn: findRoles });
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const label = (key: string) => t(`companyAdmin:roles.${key}`);
  return (
    <>
      <Typography.Title level={4}>{label('title')}</Typography.Title>
      {mayEdit && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing('new')}>
            {label('new')}
          </Button>
        </Space>
      )}
      <Table<AdminRole>
        rowKey="id"
        size="middle"
        loading={roles.isLoading}
        dataSource={roles.data ?? []}
        pagination={false}
        columns={[
          { title: label('roleCode'), dataIndex: 'roleCode' },
          {
            title: label('roleName'),
            render: (_v, row) => (locale === 'en' ? row.roleNameEn : row.roleName),
          },
          { title: label('members'), dataIndex: 'members' },
          {
            title: label('menus'),
            render: (_v, row) =>
              row.menuIds === null
                ? label('allMenus')
                : t('companyAdmin:roles.menuCount', { count: row.menuIds.length }),
          },
          {
            title: label('actions'),
            // Administration and master-data actions by name; document-kind actions (tens per role) as a count.
            render: (_v, row) => {
              const admin = row.actions.filter((a) => NAMED_ACTIONS.includes(a));
              const kinds = row.actions.length - admin.length;
              return (
                <>
                  {admin.map((a) => (
                    <Tag key={a}>{ACTION_LABELS[a]?.[locale] ?? a}</Tag>
                  ))}
                  {kinds > 0 && <Tag>{t('companyAdmin:roles.kindActionCount', { count: kinds })}</Tag>}
                </>
              );
            },
          },
          ...(mayEdit
            ? [
                {
                  title: t('companyAdmin:accounts.actions'),
                  render: (_v: unknown, row: AdminRole) => (
                    <Button
                      type="link"
                      onClick={() => setEditing(row)}
                      aria-label={`${label('edit')} ${row.roleCode}`}
                    >
                      {label('edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <RoleDialog editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
