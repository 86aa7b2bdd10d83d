import { DIMENSION_VALUES, METRIC_VALUES } from '@srm/contracts/appraisal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findTemplates, KEYS, saveTemplate, type Template, templateAction } from './api.ts';
import { dimensionLabel, metricLabel, templateStatusLabel, useLocale } from './labels.tsx';

type ItemValues = {
  itemId?: string;
  itemName: string;
  dimension: string;
  weight: number | null;
  kind: 'computed' | 'manual';
  metric?: string;
  scaleMax?: number;
  guidance?: string;
};
type FormValues = {
  templateName: string;
  remark?: string;
  excellentMin: number;
  goodMin: number;
  qualifiedMin: number;
  items: ItemValues[];
};

const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'red' };

/** The template form (a new template or a draft): indicators with dimension, weight, computed metric or expert scale. */
function TemplateEditor({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const items = Form.useWatch('items', form) ?? [];
  const sum = items.reduce((s, i) => s + (Number(i?.weight) || 0), 0);
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      saveTemplate({
        ...v,
        id: template?.id,
        version: template?.version,
        items: v.items.map((i) => ({
          ...i,
          metric: i.kind === 'computed' ? i.metric : undefined,
          scaleMax: i.kind === 'manual' ? (i.scaleMax ?? 100) : undefined,
        })),
      }),
    onSuccess: () => {
      message.success(t('appraisal:common.saved'));
      void client.invalidateQueries({ queryKey: KEYS.all });
      onClose();
    },
  });
  const initial: FormValues = template
    ? { ...template, remark: template.remark ?? undefined }
    : {
        templateName: '',
        excellentMin: 90,
        goodMin: 80,
        qualifiedMin: 60,
        items: [
          { itemName: '', dimension: 'delivery', weight: null, kind: 'computed', metric: 'onTimeDelivery' },
        ],
      };
  return (
    <Modal
      open
      width={1000}
      title={template ? t('appraisal:template.edit') : t('appraisal:template.new')}
      onCancel={onClose}
      okText={t('appraisal:common.save')}
      cancelText={t('appraisal:common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => save.mutate(v)}
      >
        <Space wrap>
          <Form.Item
            name="templateName"
            label={t('appraisal:template.templateName')}
            rules={[{ required: true, whitespace: true, message: t('appraisal:template.nameRequired') }]}
          >
            <Input style={{ width: 280 }} maxLength={100} />
          </Form.Item>
          <Form.Item name="excellentMin" label={t('appraisal:template.excellentMin')}>
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name="goodMin" label={t('appraisal:template.goodMin')}>
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name="qualifiedMin" label={t('appraisal:template.qualifiedMin')}>
            <InputNumber min={0} max={100} />
          </Form.Item>
        </Space>
        <Typography.Text strong>{t('appraisal:template.items')}</Typography.Text>{' '}
        <Typography.Text type={Math.abs(sum - 100) < 0.005 ? 'success' : 'danger'} role="status">
          {t('appraisal:template.weightSum', { sum: Math.round(sum * 100) / 100 })}
          {Math.abs(sum - 100) < 0.005 ? '' : ` · ${t('appraisal:template.weightSumRule')}`}
        </Typography.Text>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => {
                const n = index + 1;
                const kind = items[index]?.kind;
                return (
                  <Space key={field.key} align="start" wrap style={{ display: 'flex', marginTop: 8 }}>
                    <Form.Item
                      name={[field.name, 'itemName']}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('appraisal:template.itemNameRequired'),
                        },
                      ]}
                    >
                      <Input
                        aria-label={t('appraisal:template.itemName', { n })}
                        placeholder={t('appraisal:template.itemName', { n })}
                        style={{ width: 170 }}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'dimension']}>
                      <Select
                        aria-label={t('appraisal:template.dimension', { n })}
                        style={{ width: 110 }}
                        options={DIMENSION_VALUES.map((d) => ({
                          value: d,
                          label: dimensionLabel(d, locale),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'weight']}
                      rules={[{ required: true, message: t('appraisal:template.weightRequired') }]}
                    >
                      <InputNumber
                        aria-label={t('appraisal:template.weight', { n })}
                        placeholder="%"
                        min={0.01}
                        max={100}
                        style={{ width: 90 }}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'kind']}>
                      <Select
                        aria-label={t('appraisal:template.kind', { n })}
                        style={{ width: 120 }}
                        options={[
                          { value: 'computed', label: t('appraisal:template.computed') },
                          { value: 'manual', label: t('appraisal:template.manual') },
                        ]}
                      />
                    </Form.Item>
                    {kind === 'manual' ? (
                      <>
                        <Form.Item name={[field.name, 'scaleMax']}>
                          <InputNumber
                            aria-label={t('appraisal:template.scaleMax', { n })}
                            placeholder="100"
                            min={1}
                            max={1000}
                            style={{ width: 90 }}
                          />
                        </Form.Item>
                        <Form.Item name={[field.name, 'guidance']}>
                          <Input
                            aria-label={t('appraisal:template.guidance', { n })}
                            placeholder={t('appraisal:template.guidance', { n })}
                            style={{ width: 180 }}
                          />
                        </Form.Item>
                      </>
                    ) : (
                      <Form.Item
                        name={[field.name, 'metric']}
                        rules={[{ required: true, message: t('appraisal:template.metricRequired') }]}
                      >
                        <Select
                          aria-label={t('appraisal:template.metric', { n })}
                          style={{ width: 170 }}
                          options={METRIC_VALUES.map((m) => ({ value: m, label: metricLabel(m, locale) }))}
                        />
                      </Form.Item>
                    )}
                    <Button
                      aria-label={t('appraisal:template.removeItem', { n })}
                      onClick={() => remove(field.name)}
                    >
                      ✕
                    </Button>
                  </Space>
                );
              })}
              <Button
                type="dashed"
                onClick={() =>
                  add({ itemName: '', dimension: 'expert', weight: null, kind: 'manual', scaleMax: 100 })
                }
              >
                {t('appraisal:template.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** #/v2/templates — the buyer's appraisal templates: new, edit (drafts), release, disable. */
export default function TemplateList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Template | null | 'new'>(null);
  const list = useQuery({ queryKey: [...KEYS.all, 'templates', page], queryFn: () => findTemplates(page) });
  const act = useMutation({
    mutationFn: ({ action, row }: { action: 'release' | 'disable'; row: Template }) =>
      templateAction(action, row.id, row.version),
    onSuccess: () => {
      message.success(t('appraisal:common.saved'));
      void client.invalidateQueries({ queryKey: KEYS.all });
    },
  });
  return (
    <>
      <Typography.Title level={4}>{t('appraisal:template.title')}</Typography.Title>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
        {t('appraisal:template.new')}
      </Button>
      <Table<Template>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: t('appraisal:common.number'), dataIndex: 'templateNumber' },
          { title: t('appraisal:template.templateName'), dataIndex: 'templateName' },
          {
            title: t('appraisal:template.items'),
            render: (_v, row) =>
              row.items.map((i) => `${i.itemName} ${i.weight}%`).join(locale === 'en' ? ', ' : '、'),
          },
          {
            title: t('appraisal:common.status'),
            dataIndex: 'templateStatus',
            render: (s: string) => <Tag color={STATUS_COLORS[s]}>{templateStatusLabel(s, locale)}</Tag>,
          },
          {
            title: '',
            render: (_v, row) => (
              <Space>
                {row.templateStatus === '0' && (
                  <Button size="small" onClick={() => setEditing(row)}>
                    {t('appraisal:template.edit')}
                  </Button>
                )}
                {row.templateStatus !== '1' && (
                  <Button size="small" type="primary" onClick={() => act.mutate({ action: 'release', row })}>
                    {t('appraisal:template.release')}
                  </Button>
                )}
                {row.templateStatus === '1' && (
                  <Button size="small" danger onClick={() => act.mutate({ action: 'disable', row })}>
                    {t('appraisal:template.disable')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <TemplateEditor template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
