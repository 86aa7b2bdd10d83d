import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Popconfirm, Result, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/http.ts';
import { useCan, usePermissions } from '../../lib/permissions.ts';
import { type CostTemplate, deleteCostTemplate, findCostTemplates, saveCostTemplate } from './api.ts';
import './i18n-rfq.ts';

type Values = { templateName: string; costItems: string[]; remark?: string };

/**
 * #/v2/costTemplates — the buyer's library of cost-structure templates (issue #13): named lists of cost
 * items that fill a cost-breakdown RFQ's items when picked on its edit page. Names are unique per buyer
 * (the server refuses a duplicate, naming it); a page of names at a time. Function permissions (issue #19):
 * `costTemplate.read` opens the page (a 403 result without it), `costTemplate.edit` shows the form and the
 * edit and delete buttons.
 */
export default function CostTemplates() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<CostTemplate | null>(null);
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const permissions = usePermissions();
  const may = useCan();
  const readable = may('costTemplate.read');
  const editable = may('costTemplate.edit');
  const page = useQuery({
    queryKey: ['rfq', 'costTemplates', cursor ?? ''],
    queryFn: () => findCostTemplates(cursor, 20),
    enabled: readable,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['rfq', 'costTemplates'] });

  async function onFinish(v: Values) {
    try {
      await saveCostTemplate({
        ...(editing ? { id: editing.id, version: editing.version } : {}),
        templateName: v.templateName,
        costItems: v.costItems,
        remark: v.remark || undefined,
      });
      void message.success(t('rfq:templates.saved'));
      form.resetFields();
      setEditing(null);
      await refresh();
    } catch (e) {
      void message.error(errorText(e));
    }
  }

  if (permissions.data && !readable)
    return <Result status="403" title="403" subTitle={t('rfq:templates.forbidden')} />;
  return (
    <Card
      title={t('rfq:templates.title')}
      extra={<Button onClick={() => navigate('/v2/list')}>{t('rfq:edit.cancel')}</Button>}
    >
      {editable && (
        <Form form={form} layout="inline" onFinish={onFinish} style={{ marginBottom: 16 }}>
          <Form.Item
            name="templateName"
            label={t('rfq:templates.name')}
            rules={[{ required: true, max: 50 }]}
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="costItems"
            label={t('rfq:edit.costItems')}
            extra={t('rfq:edit.itemsHint')}
            rules={[{ required: true, type: 'array', min: 1, max: 20 }]}
          >
            <Select
              mode="tags"
              aria-label={t('rfq:edit.costItems')}
              style={{ width: 320 }}
              open={false}
              tokenSeparators={[',', '，']}
            />
          </Form.Item>
          <Form.Item name="remark" label={t('rfq:templates.remark')} rules={[{ max: 200 }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {editing ? t('rfq:templates.update') : t('rfq:templates.add')}
            </Button>
            {editing && (
              <Button
                onClick={() => {
                  setEditing(null);
                  form.resetFields();
                }}
              >
                {t('rfq:edit.cancel')}
              </Button>
            )}
          </Space>
        </Form>
      )}
      <Table<CostTemplate>
        size="small"
        rowKey="id"
        loading={page.isLoading}
        dataSource={page.data?.rows ?? []}
        pagination={false}
        columns={[
          { title: t('rfq:templates.name'), dataIndex: 'templateName' },
          {
            title: t('rfq:edit.costItems'),
            render: (_, row) => row.costItems.join(locale === 'en' ? ', ' : '、'),
          },
          { title: t('rfq:templates.remark'), dataIndex: 'remark' },
          ...(editable
            ? [
                {
                  title: t('rfq:templates.actions'),
                  render: (_: unknown, row: CostTemplate) => (
                    <Space>
                      <Button
                        type="link"
                        onClick={() => {
                          setEditing(row);
                          form.setFieldsValue({
                            templateName: row.templateName,
                            costItems: row.costItems,
                            remark: row.remark ?? undefined,
                          });
                        }}
                      >
                        {t('rfq:templates.edit')}
                      </Button>
                      <Popconfirm
                        title={t('rfq:templates.confirmDelete', { name: row.templateName })}
                        onConfirm={async () => {
                          try {
                            await deleteCostTemplate(row.id, row.version);
                            await refresh();
                          } catch (e) {
                            void message.error(errorText(e));
                          }
                        }}
                      >
                        <Button type="link" danger>
                          {t('rfq:templates.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Button disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('rfq:templates.previous')}
        </Button>
        <Button
          disabled={!page.data?.nextCursor}
          onClick={() => page.data?.nextCursor && setCursors((c) => [...c, page.data.nextCursor as string])}
        >
          {t('rfq:templates.next')}
        </Button>
      </Space>
    </Card>
  );
}
