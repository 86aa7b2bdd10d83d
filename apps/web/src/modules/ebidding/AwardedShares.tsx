import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Room } from './api.ts';
import './i18n-ebidding.ts';

/**
 * The winner's share of an awarded auction in its bidding room (issue #33): per line won, the material,
 * the quota (percent), the quantity it gets and the awarded unit price. Nothing when it won nothing.
 */
export function AwardedShares({ awarded, currency }: { awarded: Room['awarded']; currency: string }) {
  const { t } = useTranslation();
  if (!awarded || awarded.length === 0) return null;
  return (
    <Table
      size="small"
      rowKey="lineNumber"
      pagination={false}
      title={() => t('ebidding:room.awardedTitle')}
      dataSource={awarded}
      columns={[
        { title: '#', dataIndex: 'lineNumber' },
        { title: t('ebidding:room.awardedMaterial'), dataIndex: 'materialNumber' },
        { title: t('ebidding:room.awardedQuota'), render: (_, a) => `${Number(a.quota)}%` },
        { title: t('ebidding:room.awardedQuantity'), render: (_, a) => `${Number(a.quantity)} ${a.unit}` },
        { title: t('ebidding:room.awardedPrice'), render: (_, a) => `${a.price} ${currency}` },
      ]}
    />
  );
}
