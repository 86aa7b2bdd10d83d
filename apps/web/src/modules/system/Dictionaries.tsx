import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../lib/http.ts';
import {
  DICT_ADMIN_KEYS,
  DICT_LABEL_MAX,
  type DictionaryAdminRow,
  findDictionaryOverrides,
  saveDictionaryOverride,
} from './dictionaries-api.ts';

type EditValues = { zhCn?: string; en?: string; enabled: boolean };

/** An empty or blank input is "not overridden" (null); otherwise the trimmed text. */
const labelOrNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

/**
 * #/v2/dictionaries — the buyer admin's business dictionaries (issue #19, spec 001 "Business dictionary
 * management"): every entry of every platform dictionary (filterable by code) with the label in effect in
 * each language and whether it is offered in pickers. Editing one entry overrides its labels (≤ 50
 * characters; empty = the platform label) and its enabled flag, with the version read ('409': reloaded).
 * Values are never added or removed — their codes drive logic (the help text says so).
 */
export default function Dictionaries() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = (key: string, options?: Record<string, unknown>) =>
    t(`companyAdmin:dictionaries.${key}`, options);
  const [code, setCode] = useState<string | undefined>();
  const [editing, setEditing] = useState<DictionaryAdminRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<EditValues>();
  const query = useQuery({ queryKey: DICT_ADMIN_KEYS.dictionaries, queryFn: findDictionaryOverrides });

  if (query.isPending) return <Spin className="tab-loading" />;
  if (query.isError)
    return <Result status="warning" title={label('loadFailed')} subTitle={errorText(query.error)} />;

  const codes = [...new Set(query.data.map((r) => r.code))];
  const rows = code ? query.data.filter((r) => r.code === code) : query.data;

  const open = (row: DictionaryAdminRow) => {
    setEditing(row);
    form.setFieldsValue({ zhCn: row.zhCn ?? '', en: row.en ?? '', enabled: row.enabled });
  };

  async function save(values: { zhCn: string | null; en: string | null; enabled: boolean }) {
    if (!editing) return;
    setSaving(true);
    try {
      await saveDictionaryOverride({
        code: editing.code,
        value: editing.value,
        version: editing.version,
        ...values,
      });
      setEditing(null);
      await query.refetch();
      void message.success(label('saved'));
    } catch (e) {
      if (e instanceof ApiError && e.code === '409') {
        void message.warning(label('stale'));
        setEditing(null);
        await query.refetch();
      } else {
        void message.error(errorText(e));
      }
    } finally {
      setSaving(false);
    }
  }

  const submit = (values: EditValues) =>
    void save({ zhCn: labelOrNull(values.zhCn), en: labelOrNull(values.en), enabled: values.enabled });

  const shown = (override: string | null, fallback: string) => (
    <Space size={4}>
      <span>{override ?? fallback}</span>
      {override !== null && <Tag color="blue">{label('custom')}</Tag>}
    </Space>
  );

  return (
    <>
      <Typography.Title level={4}>{label('title')}</Typography.Title>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={label('help')} />
      <Space style={{ marginBottom: 16 }} wrap>
        <span id="dict-code-filter">{label('codeFilter')}</span>
        <Select
          aria-labelledby="dict-code-filter"
          allowClear
          showSearch
          placeholder={label('allCodes')}
          style={{ width: 240 }}
          value={code}
          onChange={(v) => setCode(v)}
          options={codes.map((c) => ({ value: c, label: c }))}
        />
        <Typography.Text type="secondary">{label('count', { count: rows.length })}</Typography.Text>
      </Space>
      <Table<DictionaryAdminRow>
        size="small"
        rowKey={(r) => `${r.code}:${r.value}`}
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        columns={[
          { title: label('code'), dataIndex: 'code', width: 180 },
          { title: label('value'), dataIndex: 'value', width: 120 },
          { title: label('zhCn'), key: 'zhCn', render: (_, r) => shown(r.zhCn, r.defaultZhCn) },
          { title: label('en'), key: 'en', render: (_, r) => shown(r.en, r.defaultEn) },
          {
            title: label('enabled'),
            key: 'enabled',
            width: 100,
            render: (_, r) =>
              r.enabled ? <Tag color="green">{label('on')}</Tag> : <Tag>{label('off')}</Tag>,
          },
          {
            title: label('actions'),
            key: 'actions',
            width: 90,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                aria-label={`${label('edit')} ${r.code} ${r.value}`}
                onClick={() => open(r)}
              >
                {label('edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? label('editTitle', { code: editing.code, value: editing.value }) : ''}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={() => setEditing(null)}>{label('cancel')}</Button>
            <Button disabled={saving} onClick={() => void save({ zhCn: null, en: null, enabled: true })}>
              {label('restore')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => form.submit()}>
              {label('save')}
            </Button>
          </Space>
        }
      >
        {editing && (
          <Form<EditValues> form={form} layout="vertical" name="dictionaryEdit" onFinish={submit}>
            <Form.Item
              name="zhCn"
              label={label('zhCn')}
              extra={label('defaultHint', { text: editing.defaultZhCn })}
              rules={[{ max: DICT_LABEL_MAX, message: label('tooLong', { max: DICT_LABEL_MAX }) }]}
            >
              <Input placeholder={editing.defaultZhCn} lang="zh-CN" />
            </Form.Item>
            <Form.Item
              name="en"
              label={label('en')}
              extra={label('defaultHint', { text: editing.defaultEn })}
              rules={[{ max: DICT_LABEL_MAX, message: label('tooLong', { max: DICT_LABEL_MAX }) }]}
            >
              <Input placeholder={editing.defaultEn} lang="en" />
            </Form.Item>
            <Form.Item name="enabled" label={label('enabledLabel')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
