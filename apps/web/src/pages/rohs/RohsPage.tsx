import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Select, Space, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useDict } from '../../lib/dict.ts';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-portal.ts';
import {
  getOverdueReport,
  getOverdueReportList,
  type HazardRow,
  type HazardStatus,
} from '../../lib/portal-api.ts';
import { queryClient } from '../../lib/query-client.ts';
import '../admin/admin.css';

const STATUSES: HazardStatus[] = ['expired', 'expiring', 'valid'];
const COLORS: Record<HazardStatus, string> = { expired: 'red', expiring: 'orange', valid: 'green' };

/** Status label: the server dictionary 'hazardStatus' when it has one, else the bundled text. */
function useStatusLabel() {
  const { t } = useTranslation();
  const dict = useDict('hazardStatus');
  return (s: HazardStatus) => (dict.ready ? dict.label(s) : t(`portal:rohs.${s}`));
}

/**
 * Hazardous-substance certificates (spec 000 §2 /portal/rohs/main, /portal/rohs/card, /portal/info/list):
 * the summary of getOverdueReport (expired / expiring within 30 days / valid) and the declarations of
 * getOverdueReportList in the data table, filtered by status and keyword.
 */
export default function RohsRoute({ view }: { view: 'main' | 'card' | 'list' }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RohsPage view={view} />
    </QueryClientProvider>
  );
}

function Summary({ onPick }: { onPick: (s: HazardStatus | '') => void }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const report = useQuery({ queryKey: ['rohs', 'report'], queryFn: getOverdueReport });
  const d = report.data;
  return (
    <Card title={t('portal:rohs.cardTitle')} loading={report.isPending}>
      {report.isError ? (
        <div role="alert">{errorText(report.error)}</div>
      ) : (
        <Row gutter={[16, 16]}>
          {STATUSES.map((s) => (
            <Col key={s} xs={12} md={6}>
              <button type="button" className="stat-button" onClick={() => onPick(s)}>
                <Statistic
                  title={label(s)}
                  value={d?.[s] ?? 0}
                  styles={{
                    content: {
                      color: s === 'expired' ? '#cf1322' : s === 'expiring' ? '#d46b08' : '#389e0d',
                    },
                  }}
                />
              </button>
            </Col>
          ))}
          <Col xs={12} md={6}>
            <button type="button" className="stat-button" onClick={() => onPick('')}>
              <Statistic title={t('portal:rohs.total')} value={d?.total ?? 0} />
            </button>
          </Col>
        </Row>
      )}
    </Card>
  );
}

function RohsPage({ view }: { view: 'main' | 'card' | 'list' }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const isBuyer = useAuth((s) => s.userInfo?.station === 'purchase');
  const [form] = Form.useForm<{ keyword?: string; status?: HazardStatus | '' }>();
  const [filters, setFilters] = useState<{ keyword?: string; status?: HazardStatus }>(
    view === 'card' ? { status: 'expired' } : {},
  );

  const pick = (status: HazardStatus | '') => {
    form.setFieldsValue({ status });
    setFilters((f) => ({ ...f, status: status || undefined }));
  };

  return (
    <div className="page-stack">
      {view !== 'list' && <Summary onPick={pick} />}
      <Card>
        <Form
          form={form}
          layout="inline"
          initialValues={{ status: filters.status ?? '' }}
          onFinish={(v) =>
            setFilters({
              keyword: v.keyword?.trim() || undefined,
              status: (v.status as HazardStatus) || undefined,
            })
          }
          style={{ marginBottom: 12, rowGap: 8 }}
        >
          <Form.Item name="keyword">
            <Input
              allowClear
              placeholder={t('portal:rohs.keyword')}
              aria-label={t('portal:rohs.keyword')}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item name="status" label={t('portal:rohs.status')}>
            <Select
              style={{ width: 180 }}
              aria-label={t('portal:rohs.status')}
              options={[
                { value: '', label: t('portal:rohs.all') },
                ...STATUSES.map((s) => ({ value: s, label: label(s) })),
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('portal:rohs.search')}
              </Button>
              <Button
                onClick={() => {
                  form.setFieldsValue({ keyword: '', status: '' });
                  setFilters({});
                }}
              >
                {t('portal:rohs.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <DataTable<HazardRow>
          tableId="rohsList"
          title={t('portal:rohs.title')}
          rowKey="id"
          queryKey={['rohs', 'list', filters]}
          fetchPage={(paging) => getOverdueReportList({ ...paging, ...filters })}
          columns={[
            { key: 'materialNumber', title: t('portal:rohs.materialNumber'), width: 140 },
            { key: 'materialDesc', title: t('portal:rohs.materialDesc'), width: 220, ellipsis: true },
            { key: 'substance', title: t('portal:rohs.substance'), width: 160 },
            { key: 'certificateNumber', title: t('portal:rohs.certificateNumber'), width: 170 },
            {
              key: 'certificateExpiryDate',
              title: t('portal:rohs.certificateExpiryDate'),
              width: 170,
              render: (v) => dayjs(String(v)).format(DATE_TIME_FORMAT),
              exportValue: (row) => dayjs(row.certificateExpiryDate).format(DATE_TIME_FORMAT),
            },
            {
              key: 'status',
              title: t('portal:rohs.status'),
              width: 150,
              render: (_v, row) => <Tag color={COLORS[row.status]}>{label(row.status)}</Tag>,
              exportValue: (row) => label(row.status),
            },
            {
              key: isBuyer ? 'toElsAccount' : 'elsAccount',
              title: isBuyer ? t('portal:rohs.supplier') : t('portal:rohs.buyer'),
              width: 120,
            },
          ]}
        />
      </Card>
    </div>
  );
}
