import { isMenuLink, type MenuAdminEntry } from '@srm/contracts/menu-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { relayPush } from '../../lib/push-relay.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  addMenuEntry,
  editMenuEntry,
  findMenuTree,
  MENU_ADMIN_KEYS,
  removeMenuEntry,
} from './menu-admin-api.ts';

type EntryForm = {
  parentId?: string;
  appName: string;
  appNameEn: string;
  appUrl?: string;
  sortOrder?: number;
  hidden?: boolean;
};

/** Antd's tree table wants no `children` on leaves (else it draws an expander for an empty list). */
type Row = Omit<MenuAdminEntry, 'children'> & { children?: Row[] };
const toRows = (entries: MenuAdminEntry[]): Row[] =>
  entries.map(({ children, ...e }) => (children.length > 0 ? { ...e, children: toRows(children) } : e));

const groupsOf = (entries: MenuAdminEntry[]): MenuAdminEntry[] =>
  entries.flatMap((e) => [...(e.group && e.appUrl === '' ? [e] : []), ...groupsOf(e.children)]);

/** The add/edit dialog: names in both languages, link (own entries), group (new ones), order, hidden. */
function EntryDialog({
  editing,
  groups,
  onClose,
}: {
  editing: MenuAdminEntry | 'new';
  groups: MenuAdminEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EntryForm>();
  const isNew = editing === 'new';
  const label = (key: string) => t(`companyAdmin:menus.${key}`);
  const save = useMutation({
    mutationFn: (v: EntryForm) =>
      isNew
        ? addMenuEntry({
            parentId: v.parentId ?? '',
            appName: v.appName,
            appNameEn: v.appNameEn,
            appUrl: v.appUrl ?? '',
            ...(v.sortOrder === undefined || v.sortOrder === null ? {} : { sortOrder: v.sortOrder }),
          })
        : editMenuEntry({
            id: editing.id,
            version: editing.version,
            appName: v.appName,
            appNameEn: v.appNameEn,
            sortOrder: v.sortOrder ?? editing.sortOrder,
            hidden: v.hidden ?? false,
            ...(editing.own ? { appUrl: v.appUrl ?? '' } : {}),
          }),
    onSuccess: (tree) => {
      queryClient.setQueryData(MENU_ADMIN_KEYS.tree, tree);
      relayPush({ kind: 'menu' }); // the shell's side menu follows at once
      void message.success(label('saved'));
      onClose();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: MENU_ADMIN_KEYS.tree }),
  });
  const required = (key: string) => ({
    required: true,
    whitespace: true,
    message: t('companyAdmin:common.required', { field: label(key) }),
  });
  const max50 = (key: string) => ({
    max: 50,
    message: t('companyAdmin:menus.max', { field: label(key), max: 50 }),
  });
  const linkRule = {
    validator: (_: unknown, value: string | undefined) =>
      !value || isMenuLink(value) ? Promise.resolve() : Promise.reject(new Error(label('linkRule'))),
  };
  const showUrl = isNew || editing.own;
  return (
    <Modal
      open
      title={label(isNew ? 'addTitle' : 'editTitle')}
      okText={t('companyAdmin:common.save')}
      cancelText={t('companyAdmin:common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<EntryForm>
        form={form}
        layout="vertical"
        initialValues={
          isNew
            ? {}
            : {
                appName: editing.appName,
                appNameEn: editing.appNameEn,
                appUrl: editing.appUrl,
                sortOrder: editing.sortOrder,
                hidden: editing.hidden,
              }
        }
        onFinish={(v) => save.mutate(v)}
      >
        {isNew && (
          <Form.Item name="parentId" label={label('parent')} rules={[required('parent')]}>
            <Select
              aria-label={label('parent')}
              showSearch
              optionFilterProp="label"
              options={groups.map((g) => ({ value: g.id, label: locale === 'en' ? g.appNameEn : g.appName }))}
            />
          </Form.Item>
        )}
        <Form.Item name="appName" label={label('appName')} rules={[required('appName'), max50('appName')]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="appNameEn"
          label={label('appNameEn')}
          rules={[required('appNameEn'), max50('appNameEn')]}
        >
          <Input />
        </Form.Item>
        {showUrl && (
          <Form.Item
            name="appUrl"
            label={label('appUrl')}
            extra={label('linkHelp')}
            rules={[required('appUrl'), linkRule]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        )}
        <Form.Item name="sortOrder" label={label('sortOrder')} extra={label('sortHelp')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {!isNew && (
          <Form.Item name="hidden" label={label('hiddenSwitch')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * #/v2/menus — Menu management (issue #19): the company's side menu of its station as a tree. The company
 * admin renames entries (both languages), changes their order within their group, hides them for the
 * whole company, and adds its own entries (an https:// link or a portal path) under a group. Changes
 * apply to this company only; "Restore" undoes them, own entries can be deleted. Users see the change at
 * their next menu load or permission refresh.
 */
export default function MenuAdmin() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const tree = useQuery({ queryKey: MENU_ADMIN_KEYS.tree, queryFn: findMenuTree });
  const [editing, setEditing] = useState<MenuAdminEntry | 'new' | null>(null);
  // Every group open until the admin folds one (antd's defaultExpandAllRows only sees the first, empty data).
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const label = (key: string) => t(`companyAdmin:menus.${key}`);
  const remove = useMutation({
    mutationFn: (entry: MenuAdminEntry) => removeMenuEntry({ id: entry.id, version: entry.version }),
    onSuccess: (data, entry) => {
      queryClient.setQueryData(MENU_ADMIN_KEYS.tree, data);
      relayPush({ kind: 'menu' });
      void message.success(label(entry.own ? 'deleted' : 'restored'));
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: MENU_ADMIN_KEYS.tree }),
  });
  const nameOf = (e: Pick<MenuAdminEntry, 'appName' | 'appNameEn'>) =>
    locale === 'en' ? e.appNameEn : e.appName;
  const entries = useMemo(() => tree.data ?? [], [tree.data]);
  const rows = useMemo(() => toRows(entries), [entries]);
  const allParents = useMemo(() => parentIds(entries), [entries]);
  return (
    <>
      <Typography.Title level={4}>{label('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{label('intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing('new')}>
          {label('add')}
        </Button>
      </Space>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={tree.isLoading}
        dataSource={rows}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded ?? allParents,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
        }}
        columns={[
          {
            title: label('name'),
            render: (_v, row) => (
              <Space size={4} wrap>
                <span>{nameOf(row)}</span>
                {row.own && <Tag color="blue">{label('ownTag')}</Tag>}
                {row.hidden && <Tag color="default">{label('hiddenTag')}</Tag>}
                {row.overridden && !row.own && !row.hidden && <Tag color="gold">{label('changedTag')}</Tag>}
              </Space>
            ),
          },
          {
            title: label('otherName'),
            render: (_v, row) => (locale === 'en' ? row.appName : row.appNameEn),
          },
          { title: label('appUrl'), dataIndex: 'appUrl', render: (v: string) => v || label('groupTag') },
          { title: label('sortOrder'), dataIndex: 'sortOrder', width: 90 },
          {
            title: label('actions'),
            width: 180,
            render: (_v, row) => {
              const entry = findEntry(entries, row.id);
              if (!entry) return null;
              return (
                <Space size={0}>
                  <Button
                    type="link"
                    onClick={() => setEditing(entry)}
                    aria-label={`${label('edit')} ${nameOf(row)}`}
                  >
                    {label('edit')}
                  </Button>
                  {(row.own || row.overridden) && (
                    <Popconfirm
                      title={label(row.own ? 'deleteConfirm' : 'restoreConfirm')}
                      okText={label(row.own ? 'delete' : 'restore')}
                      cancelText={t('companyAdmin:common.cancel')}
                      onConfirm={() => remove.mutate(entry)}
                    >
                      <Button
                        type="link"
                        danger={row.own}
                        aria-label={`${label(row.own ? 'delete' : 'restore')} ${nameOf(row)}`}
                      >
                        {label(row.own ? 'delete' : 'restore')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      {editing && (
        <EntryDialog editing={editing} groups={groupsOf(entries)} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

/** Ids of the entries with children (the rows a tree table can fold). */
function parentIds(entries: MenuAdminEntry[]): string[] {
  return entries.flatMap((e) => (e.children.length > 0 ? [e.id, ...parentIds(e.children)] : []));
}

function findEntry(entries: MenuAdminEntry[], id: string): MenuAdminEntry | undefined {
  for (const e of entries) {
    if (e.id === id) return e;
    const inner = findEntry(e.children, id);
    if (inner) return inner;
  }
  return undefined;
}
