import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, InputNumber, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { CopyOutlined, PlusOutlined } from '../../components/page-icons.tsx';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-portal.ts';
import { createInviteCodes, findInviteCodes, type InviteCode } from '../../lib/portal-api.ts';
import { queryClient } from '../../lib/query-client.ts';

const COLORS = { unused: 'green', used: 'blue', revoked: 'default' } as const;

/** Invitation codes for buyer admins (issue #3): create codes, list them, copy one to the clipboard. */
export default function InviteCodesRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <InviteCodesPage />
    </QueryClientProvider>
  );
}

function InviteCodesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(v: { count: number; validDays: number }) {
    setBusy(true);
    setError(null);
    try {
      const codes = await createInviteCodes(v.count, v.validDays);
      void message.success(t('portal:invite.created', { count: codes.length }));
      await queryClient.invalidateQueries({ queryKey: ['inviteCodes'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      void message.success(t('portal:invite.copied', { code }));
    } catch {
      void message.warning(t('portal:invite.copyFailed'));
    }
  }

  return (
    <div className="page-stack">
      <Card title={t('portal:invite.create')}>
        <Form
          layout="inline"
          initialValues={{ count: 1, validDays: 30 }}
          onFinish={create}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="count" label={t('portal:invite.count')} rules={[{ required: true }]}>
            <InputNumber min={1} max={50} precision={0} />
          </Form.Item>
          <Form.Item name="validDays" label={t('portal:invite.validDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={90} precision={0} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy}>
              {t('portal:invite.create')}
            </Button>
          </Form.Item>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('portal:invite.hint')}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      </Card>
      <Card>
        <DataTable<InviteCode>
          tableId="inviteCodes"
          title={t('portal:invite.title')}
          rowKey="code"
          queryKey={['inviteCodes']}
          fetchPage={findInviteCodes}
          columns={[
            {
              key: 'code',
              title: t('portal:invite.code'),
              width: 200,
              render: (v) => (
                <Space>
                  <Typography.Text code className="invite-code">
                    {String(v)}
                  </Typography.Text>
                  <Button
                    size="small"
                    type="text"
                    icon={<CopyOutlined />}
                    aria-label={`${t('portal:invite.copy')} ${String(v)}`}
                    onClick={() => void copy(String(v))}
                  />
                </Space>
              ),
            },
            {
              key: 'status',
              title: t('portal:invite.status'),
              width: 110,
              render: (_v, row) => (
                <Tag color={COLORS[row.status]}>{t(`portal:invite.statuses.${row.status}`)}</Tag>
              ),
              exportValue: (row) => t(`portal:invite.statuses.${row.status}`),
            },
            {
              key: 'expiresDate',
              title: t('portal:invite.expiresDate'),
              width: 170,
              render: (v) => dayjs(String(v)).format(DATE_TIME_FORMAT),
              exportValue: (row) => dayjs(row.expiresDate).format(DATE_TIME_FORMAT),
            },
            {
              key: 'usedByElsAccount',
              title: t('portal:invite.usedBy'),
              width: 130,
              render: (v) => (v ? String(v) : '—'),
            },
            {
              key: 'createDate',
              title: t('portal:invite.createDate'),
              width: 170,
              render: (v) => dayjs(String(v)).format(DATE_TIME_FORMAT),
              exportValue: (row) => dayjs(row.createDate).format(DATE_TIME_FORMAT),
            },
          ]}
        />
      </Card>
    </div>
  );
}
