import { Button, Card, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { useSettings } from '../../lib/settings-store.ts';
import { BID_KEYS, type BidInvitation, findBidInvitations } from './bidding-api.ts';
import { canQuote } from './bidding-rules.ts';
import { StatusTag } from './common.tsx';
import { BID_STATUS, formatAmount, label } from './rules.ts';
import './i18n-bidding.ts';

/** #/v2/order/bids — the supplier's bid invitations (issue #5, seed 001 §4 "in bidding"), newest first. */
export default function BidList() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const [bidStatus, setBidStatus] = useState<string | undefined>(undefined);
  const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

  return (
    <div className="page-stack">
      <Card>
        <DataTable<BidInvitation>
          tableId="saleBidList"
          title={t('order:bids.title')}
          rowKey="id"
          queryKey={[...BID_KEYS.all, 'invitations', bidStatus]}
          fetchPage={(paging) => findBidInvitations({ ...paging, ...(bidStatus ? { bidStatus } : {}) })}
          emptyText={t('order:bids.empty')}
          extra={
            <Space>
              <span>{t('order:bids.status')}</span>
              <Select
                aria-label={t('order:bids.status')}
                style={{ width: 140 }}
                value={bidStatus ?? ''}
                onChange={(v) => setBidStatus(v || undefined)}
                options={[
                  { value: '', label: t('order:bids.all') },
                  ...Object.keys(BID_STATUS).map((value) => ({
                    value,
                    label: label(BID_STATUS, value, locale),
                  })),
                ]}
              />
            </Space>
          }
          columns={[
            {
              key: 'orderNumber',
              title: t('order:bids.cols.orderNumber'),
              width: 140,
              render: (v, row) => (
                <Button
                  type="link"
                  size="small"
                  className="link-cell"
                  onClick={() => navigate(`/v2/order/bid?id=${row.id}`)}
                >
                  {String(v)}
                </Button>
              ),
            },
            {
              key: 'buyerName',
              title: t('order:bids.cols.buyer'),
              width: 180,
              ellipsis: true,
              render: (_v, row) => `${row.buyerName} (${row.elsAccount})`,
              exportValue: (row) => `${row.buyerName} (${row.elsAccount})`,
            },
            { key: 'round', title: t('order:bids.cols.round'), width: 60 },
            {
              key: 'bidStatus',
              title: t('order:bids.cols.bidStatus'),
              width: 90,
              render: (v) => <StatusTag kind="bid" value={String(v)} />,
              exportValue: (row) => label(BID_STATUS, row.bidStatus, locale),
            },
            {
              key: 'quoteEndTime',
              title: t('order:bids.cols.quoteEndTime'),
              width: 140,
              render: (v) => time(String(v)),
              exportValue: (row) => time(row.quoteEndTime),
            },
            {
              key: 'quoteTime',
              title: t('order:bids.cols.quoteTime'),
              width: 140,
              render: (_v, row) => time(row.quoteTime),
              exportValue: (row) => time(row.quoteTime),
            },
            {
              key: 'totalAmount',
              title: t('order:bids.cols.totalAmount'),
              width: 150,
              render: (_v, row) =>
                row.totalAmount === null ? (
                  '—'
                ) : (
                  <span className="num">
                    {formatAmount(row.totalAmount)} {row.currency}
                  </span>
                ),
              exportValue: (row) => (row.totalAmount === null ? '' : `${row.totalAmount} ${row.currency}`),
            },
            {
              key: 'actions',
              title: t('order:bids.cols.actions'),
              width: 80,
              render: (_v, row) => (
                <Button
                  size="small"
                  type={canQuote(row) ? 'primary' : 'default'}
                  onClick={() => navigate(`/v2/order/bid?id=${row.id}`)}
                >
                  {canQuote(row) ? t('order:bids.quote') : t('order:bids.view')}
                </Button>
              ),
              exportValue: () => '',
            },
          ]}
        />
      </Card>
    </div>
  );
}
