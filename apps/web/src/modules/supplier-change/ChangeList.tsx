import { APPLY_STATUS, type ApplyStatus, diffProfiles, touchedParts } from '@srm/contracts/supplier-change';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ChangeRequest, findChanges, SC_KEYS } from './api.ts';
import { partLabel, STATUS_COLORS, statusLabel, useLocale, useSide } from './labels.ts';

const time = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/**
 * #/v2/views — the supplier's requests (with "New change") or the requests sent to the buyer, newest
 * first, filtered by status; a row opens its diff.
 */
export default function ChangeList() {
  const { t } = useTranslation();
  const side = useSide();
  const locale = useLocale();
  const navigate = useNavigate();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [applyStatus, setApplyStatus] = useState<ApplyStatus | undefined>();
  const list = useQuery({
    queryKey: [...SC_KEYS.all, 'list', side, page, applyStatus],
    queryFn: () => findChanges(side, { ...page, applyStatus }),
  });
  const statuses = (Object.keys(APPLY_STATUS) as ApplyStatus[]).filter((s) => side === 'sale' || s !== '0');
  const open = (row: ChangeRequest) => navigate(`/v2/views?id=${row.id}`);
  return (
    <>
      <Typography.Title level={4}>{t('supplierChange:list.title')}</Typography.Title>
      <Space className="md-filter" wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          aria-label={t('supplierChange:list.status')}
          placeholder={t('supplierChange:list.allStatuses')}
          style={{ width: 160 }}
          value={applyStatus}
          onChange={(v) => {
            setApplyStatus(v);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          options={statuses.map((s) => ({ value: s, label: statusLabel(s, locale) }))}
        />
        {side === 'sale' && (
          <Button type="primary" onClick={() => navigate('/v2/edit')}>
            {t('supplierChange:list.new')}
          </Button>
        )}
      </Space>
      <Table<ChangeRequest>
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
            title: t('supplierChange:list.number'),
            dataIndex: 'changeNumber',
            render: (v: string, row) => (
              <Button type="link" onClick={() => open(row)} style={{ padding: 0 }}>
                {v}
              </Button>
            ),
          },
          side === 'sale'
            ? { title: t('supplierChange:list.buyer'), render: (_v, row) => row.buyerName ?? row.elsAccount }
            : {
                title: t('supplierChange:list.supplier'),
                render: (_v, row) => row.supplierName ?? row.toElsAccount,
              },
          {
            title: t('supplierChange:list.touched'),
            render: (_v, row) =>
              (row.touched.length > 0 ? row.touched : touchedParts(diffProfiles(row.snapshot, row.proposed)))
                .map((p) => partLabel(p, locale))
                .join(locale === 'en' ? ', ' : '、'),
          },
          {
            title: t('supplierChange:list.status'),
            dataIndex: 'applyStatus',
            render: (s: ApplyStatus) => <Tag color={STATUS_COLORS[s]}>{statusLabel(s, locale)}</Tag>,
          },
          { title: t('supplierChange:list.submitDate'), dataIndex: 'submitDate', render: time },
          { title: t('supplierChange:list.createDate'), dataIndex: 'createDate', render: time },
        ]}
      />
    </>
  );
}
