import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { today } from '../../lib/clock.ts';
import { createRun, findExperts, findRuns, findTemplates, KEYS, type Run } from './api.ts';
import { runStatusLabel, useLocale } from './labels.tsx';

type FormValues = {
  templateId: string;
  period: [Dayjs, Dayjs];
  supplierType?: string;
  experts: Record<string, string | undefined>;
};

/** The new-run form: a released template, the period (last month by default), suppliers by type, experts per expert item. */
function NewRun({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const templateId = Form.useWatch('templateId', form);
  const templates = useQuery({
    queryKey: [...KEYS.all, 'templates', 'released'],
    queryFn: () => findTemplates({ currentPage: 1, pageSize: 100, templateStatus: '1' }),
  });
  const experts = useQuery({ queryKey: [...KEYS.all, 'experts'], queryFn: findExperts });
  const template = templates.data?.records.find((x) => x.id === templateId);
  const lastMonth = today().subtract(1, 'month');
  const create = useMutation({
    mutationFn: (v: FormValues) =>
      createRun({
        templateId: v.templateId,
        periodFrom: v.period[0].format('YYYY-MM-DD'),
        // The picker's end day is inclusive; the period's end is the next day (exclusive).
        periodTo: v.period[1].add(1, 'day').format('YYYY-MM-DD'),
        supplierType: v.supplierType?.trim() || undefined,
        experts: Object.entries(v.experts ?? {})
          .filter(([, sub]) => sub)
          .map(([itemId, elsSubAccount]) => ({ itemId, elsSubAccount })),
      }),
    onSuccess: (d) => {
      message.success(t('appraisal:run.created', { number: d.run.appraisalNumber }));
      void client.invalidateQueries({ queryKey: KEYS.all });
      onClose();
      navigate(`/v2/runs/detail?id=${d.run.id}`);
    },
  });
  return (
    <Modal
      open
      width={640}
      title={t('appraisal:run.new')}
      onCancel={onClose}
      okText={t('appraisal:run.create')}
      cancelText={t('appraisal:common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ period: [lastMonth.startOf('month'), lastMonth.endOf('month')], experts: {} }}
        onFinish={(v) => create.mutate(v)}
      >
        <Form.Item name="templateId" label={t('appraisal:run.template')} rules={[{ required: true }]}>
          <Select
            loading={templates.isLoading}
            options={(templates.data?.records ?? []).map((x) => ({
              value: x.id,
              label: `${x.templateNumber} ${x.templateName}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="period" label={t('appraisal:run.period')} rules={[{ required: true }]}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="supplierType" label={t('appraisal:run.supplierType')}>
          <Input maxLength={50} />
        </Form.Item>
        <Alert type="info" showIcon message={t('appraisal:run.suppliersHint')} style={{ marginBottom: 12 }} />
        {template?.items
          .filter((i) => i.kind === 'manual')
          .map((i) => (
            <Form.Item
              key={i.itemId}
              name={['experts', i.itemId]}
              label={t('appraisal:run.expertFor', { item: i.itemName })}
            >
              <Select
                allowClear
                options={(experts.data ?? []).map((e) => ({
                  value: e.elsSubAccount,
                  label: `${e.elsSubAccount} ${e.name}`,
                }))}
              />
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}

/** #/v2/runs — the buyer's appraisal runs; a row opens its results. */
export default function RunList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  const list = useQuery({ queryKey: [...KEYS.all, 'runs', page], queryFn: () => findRuns(page) });
  const open = (row: Run) => navigate(`/v2/runs/detail?id=${row.id}`);
  return (
    <>
      <Typography.Title level={4}>{t('appraisal:run.title')}</Typography.Title>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setCreating(true)}>
        {t('appraisal:run.new')}
      </Button>
      <Table<Run>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        onRow={(row) => ({ onDoubleClick: () => open(row) })}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          {
            title: t('appraisal:common.number'),
            dataIndex: 'appraisalNumber',
            render: (v: string, row) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => open(row)}>
                {v}
              </Button>
            ),
          },
          { title: t('appraisal:run.template'), dataIndex: 'templateName' },
          {
            title: t('appraisal:common.period'),
            render: (_v, row) =>
              `${row.periodFrom} ~ ${dayjs(row.periodTo).subtract(1, 'day').format('YYYY-MM-DD')}`,
          },
          {
            title: t('appraisal:common.status'),
            dataIndex: 'runStatus',
            render: (s: string) => (
              <Tag color={s === '1' ? 'green' : 'processing'}>{runStatusLabel(s, locale)}</Tag>
            ),
          },
          {
            title: t('appraisal:common.createDate'),
            dataIndex: 'createDate',
            render: (v: string) => v.slice(0, 16).replace('T', ' '),
          },
        ]}
      />
      {creating && <NewRun onClose={() => setCreating(false)} />}
    </>
  );
}
