import {
  ORG_UNIT_TYPES,
  ORG_UNITS,
  type OrgUnit,
  type OrgUnitStatus,
  type OrgUnitType,
  orgCodeSchema,
  orgUnitName,
} from '@srm/contracts/org-master';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Segmented, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { PlusOutlined, SearchOutlined } from '../../components/page-icons.tsx';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  deleteOrgUnit,
  findOrgOptions,
  findOrgUnits,
  ORG_KEYS,
  saveOrgUnit,
  setOrgUnitEnabled,
} from './org-api.ts';

type FilterForm = { keyword?: string; status?: OrgUnitStatus };
type EditValues = { code: string; name: string; nameEn?: string; parentCode?: string | null };

/** Switches between the four organisation pages (purchase organisations, groups, factories, cost centres). */
function OrgNav({ type }: { type: OrgUnitType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Segmented
      value={type}
      onChange={(v) => navigate(`/v2/${ORG_UNITS[v as OrgUnitType].path}`)}
      options={ORG_UNIT_TYPES.map((value) => ({ value, label: t(`masterdata:org.types.${value}`) }))}
    />
  );
}

/** The parent picker of a form: the enabled records of the parent type, "code name", searched by either. */
function ParentSelect({
  type,
  value,
  onChange,
  id,
}: {
  type: OrgUnitType;
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}) {
  const locale = useSettings((s) => s.locale);
  const parent = ORG_UNITS[type].parent as OrgUnitType;
  const options = useQuery({
    queryKey: [...ORG_KEYS.all, 'options', parent, value ?? ''],
    queryFn: () => findOrgOptions(parent, value ? { codes: [value] } : {}),
  });
  return (
    <Select
      id={id}
      allowClear={!ORG_UNITS[type].parentRequired}
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={options.isLoading}
      options={(options.data ?? []).map((o) => ({
        value: o.code,
        label: `${o.code} ${orgUnitName(o, locale)}`,
        disabled: o.status !== 'enabled',
      }))}
    />
  );
}

/** New / edit one record in a dialog; the code is fixed once saved. */
function OrgUnitForm({
  type,
  row,
  onClose,
  onSaved,
}: {
  type: OrgUnitType;
  row: OrgUnit | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const meta = ORG_UNITS[type];
  const title = t(`masterdata:org.types.${type}`);

  async function submit(v: EditValues) {
    setSaving(true);
    setError(null);
    try {
      await saveOrgUnit(type, {
        ...(row ? { id: row.id, version: row.version } : { code: v.code.trim() }),
        name: v.name.trim(),
        nameEn: v.nameEn?.trim() || null,
        ...(meta.parent ? { parentCode: v.parentCode ?? null } : {}),
      });
      void message.success(t('masterdata:saved'));
      onSaved();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={
        row
          ? t('masterdata:org.editTitle', { title, code: row.code })
          : t('masterdata:org.newTitle', { title })
      }
      okText={t('masterdata:actions.save')}
      cancelText={t('masterdata:actions.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={row ? { ...row, nameEn: row.nameEn ?? undefined } : {}}
        onFinish={submit}
      >
        <Form.Item
          name="code"
          label={t('masterdata:org.code')}
          extra={row ? undefined : t('masterdata:org.codeHint')}
          rules={[
            { required: true, message: t('masterdata:required') },
            {
              validator: (_r, v: string | undefined) =>
                !v || orgCodeSchema.safeParse(v).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('masterdata:org.codeRule'))),
            },
          ]}
        >
          <Input disabled={Boolean(row)} maxLength={40} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('masterdata:org.name')}
          rules={[{ required: true, whitespace: true, message: t('masterdata:required') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('masterdata:org.nameEn')}>
          <Input maxLength={60} />
        </Form.Item>
        {meta.parent && (
          <Form.Item
            name="parentCode"
            label={t(`masterdata:org.parent.${type}`)}
            extra={meta.parentRequired ? undefined : t('masterdata:org.parentOptional')}
            rules={meta.parentRequired ? [{ required: true, message: t('masterdata:required') }] : []}
          >
            <ParentSelect type={type} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * #/v2/purchase-organization, #/v2/purchase-group, #/v2/factory, #/v2/cost-center — one organisation master
 * list (issue #19): filter by code/name and status, new/edit in a dialog, enable/disable, delete (the server
 * refuses one in use: "disable instead"), Excel export of the filtered list. Editing needs orgMaster.edit.
 */
export default function OrgUnitPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { pathname } = useLocation();
  const locale = useSettings((s) => s.locale);
  const can = useCan();
  const client = useQueryClient();
  const type = ORG_UNIT_TYPES.find((x) => pathname === `/v2/${ORG_UNITS[x].path}`) ?? 'purchaseOrganization';
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<FilterForm>({});
  const [editing, setEditing] = useState<OrgUnit | 'new' | null>(null);
  const mayEdit = can('orgMaster.edit');
  const title = t(`masterdata:org.types.${type}`);
  const refresh = () => void client.invalidateQueries({ queryKey: ORG_KEYS.all });

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
      refresh();
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const confirmDelete = (row: OrgUnit) =>
    modal.confirm({
      title: t('masterdata:actions.delete'),
      content: t('masterdata:org.confirmDelete', { title, code: row.code }),
      okText: t('masterdata:actions.ok'),
      cancelText: t('masterdata:actions.cancel'),
      okButtonProps: { danger: true },
      onOk: () => act(() => deleteOrgUnit(type, row), t('masterdata:deleted')),
    });
  const statusLabel = (s: OrgUnitStatus) => t(`masterdata:org.status.${s}`);

  return (
    <div className="page-stack">
      <OrgNav type={type} />
      <Card size="small">
        <Form<FilterForm>
          form={form}
          layout="inline"
          className="md-filter"
          onFinish={(v) => setFilter({ keyword: v.keyword?.trim() || undefined, status: v.status })}
        >
          <Form.Item name="keyword" label={t('masterdata:org.keyword')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="status" label={t('masterdata:org.statusLabel')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={(['enabled', 'disabled'] as const).map((s) => ({ value: s, label: statusLabel(s) }))}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('masterdata:actions.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilter({});
                }}
              >
                {t('masterdata:actions.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <DataTable<OrgUnit>
          key={type}
          tableId={`orgUnit_${type}`}
          title={title}
          rowKey="id"
          queryKey={[...ORG_KEYS.all, type, filter]}
          fetchPage={(paging) => findOrgUnits(type, { ...paging, ...filter })}
          emptyText={t('masterdata:org.empty')}
          extra={
            mayEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('masterdata:actions.new')}
              </Button>
            )
          }
          columns={[
            { key: 'code', title: t('masterdata:org.code'), width: 140 },
            {
              key: 'name',
              title: t('masterdata:org.name'),
              width: 200,
              ellipsis: true,
              render: (_v, row) => orgUnitName(row, locale),
              exportValue: (row) => orgUnitName(row, locale),
            },
            ...(ORG_UNITS[type].parent
              ? [
                  {
                    key: 'parentCode',
                    title: t(`masterdata:org.parent.${type}`),
                    width: 200,
                    render: (_v: unknown, row: OrgUnit) =>
                      row.parentCode
                        ? `${row.parentCode} ${row.parentName ?? ''}`.trim()
                        : t('masterdata:org.company'),
                    exportValue: (row: OrgUnit) => row.parentCode ?? '',
                  },
                ]
              : []),
            {
              key: 'status',
              title: t('masterdata:org.statusLabel'),
              width: 90,
              render: (v) =>
                v === 'enabled' ? (
                  <Tag color="green">{statusLabel('enabled')}</Tag>
                ) : (
                  <Tag>{statusLabel('disabled')}</Tag>
                ),
              exportValue: (row) => statusLabel(row.status),
            },
            { key: 'lastUpdateUser', title: t('masterdata:org.lastUpdateUser'), width: 140 },
            ...(mayEdit
              ? [
                  {
                    key: 'actions',
                    title: t('masterdata:actions.title'),
                    width: 200,
                    render: (_v: unknown, row: OrgUnit) => (
                      <Space size={0}>
                        <Button
                          type="link"
                          size="small"
                          aria-label={`${t('masterdata:actions.edit')} ${row.code}`}
                          onClick={() => setEditing(row)}
                        >
                          {t('masterdata:actions.edit')}
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          aria-label={`${t(`masterdata:org.${row.status === 'enabled' ? 'disable' : 'enable'}`)} ${row.code}`}
                          onClick={() =>
                            act(
                              () => setOrgUnitEnabled(type, row, row.status !== 'enabled'),
                              t('masterdata:saved'),
                            )
                          }
                        >
                          {t(`masterdata:org.${row.status === 'enabled' ? 'disable' : 'enable'}`)}
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          danger
                          aria-label={`${t('masterdata:actions.delete')} ${row.code}`}
                          onClick={() => confirmDelete(row)}
                        >
                          {t('masterdata:actions.delete')}
                        </Button>
                      </Space>
                    ),
                    exportValue: () => null,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing !== null && (
        <OrgUnitForm
          type={type}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
