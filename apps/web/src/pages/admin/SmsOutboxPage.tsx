import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { Card, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import '../../lib/i18n-portal.ts';
import { findSmsOutbox, type SmsRow } from '../../lib/portal-api.ts';
import { queryClient } from '../../lib/query-client.ts';

/** The default SMS provider's outbox, for the platform administrator (issue #3: how the demo reads codes). */
export default function SmsOutboxRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <SmsOutboxPage />
    </QueryClientProvider>
  );
}

function SmsOutboxPage() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  return (
    <div className="page-stack">
      <Card>
        <Typography.Paragraph type="secondary">{t('portal:sms.hint')}</Typography.Paragraph>
        <DataTable<SmsRow>
          tableId="smsOutbox"
          title={t('portal:sms.title')}
          rowKey="id"
          queryKey={['smsOutbox', mobile]}
          fetchPage={(paging) => findSmsOutbox({ ...paging, ...(mobile ? { mobile } : {}) })}
          extra={
            <Input.Search
              allowClear
              placeholder={t('portal:sms.mobile')}
              aria-label={t('portal:sms.mobile')}
              style={{ width: 200 }}
              onSearch={(v) => setMobile(v.trim())}
            />
          }
          columns={[
            { key: 'mobile', title: t('portal:sms.mobile'), width: 140 },
            {
              key: 'purpose',
              title: t('portal:sms.purpose'),
              width: 120,
              render: (v) => t(`portal:sms.purposes.${String(v)}`, { defaultValue: String(v) }),
              exportValue: (row) => t(`portal:sms.purposes.${row.purpose}`, { defaultValue: row.purpose }),
            },
            { key: 'content', title: t('portal:sms.content'), width: 420 },
            {
              key: 'createDate',
              title: t('portal:sms.createDate'),
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
