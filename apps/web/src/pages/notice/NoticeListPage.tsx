import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import type { Notice } from '@srm/contracts/message';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { PlusOutlined } from '../../components/page-icons.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-msg.ts';
import { findNotices, MESSAGE_KEYS, publishNotice } from '../../lib/message-api.ts';
import { dictLabel, NOTICE_CHANNELS, NOTICE_STATUS, NOTICE_TYPES } from '../../lib/message-rules.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { NoticeForm } from './NoticeForm.tsx';
import { NoticeView } from './NoticeView.tsx';

const fmt = (v: string | null) => (v ? dayjs(v).format(DATE_TIME_FORMAT) : '—');

/** Buyer announcements /portal/notice/list (issue #4): list, create, edit, publish with confirm. */
export default function NoticeListRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <NoticeListPage />
    </QueryClientProvider>
  );
}

function NoticeListPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const isBuyer = useAuth((s) => s.userInfo?.station === 'purchase');
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<'' | '0' | '1'>('');
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [viewing, setViewing] = useState<Notice | null>(null);

  // Suppliers this buyer already announced to: real receivers, offered in the form's receiver field.
  const known = useQuery({
    queryKey: [...MESSAGE_KEYS.notices, 'own', 'receivers'],
    queryFn: () => findNotices({ currentPage: 1, pageSize: 100 }),
  });
  const knownReceivers = useMemo(
    () => [...new Set((known.data?.records ?? []).flatMap((n) => n.receivers))].sort(),
    [known.data],
  );

  const refresh = () => void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.notices });

  const publish = (row: Notice) =>
    modal.confirm({
      title: t('msg:notice.publishTitle'),
      content: t('msg:notice.publishConfirm', { count: row.receivers.length }),
      okText: t('msg:notice.publish'),
      cancelText: t('msg:notice.cancel'),
      onOk: async () => {
        try {
          await publishNotice(row.id, row.version);
          void message.success(t('msg:notice.published'));
        } catch (e) {
          void message.error(errorText(e));
        } finally {
          refresh();
        }
      },
    });

  return (
    <div className="page-stack">
      <Card>
        <DataTable<Notice>
          tableId="noticeList"
          title={t('msg:notice.title')}
          rowKey="id"
          queryKey={[...MESSAGE_KEYS.notices, 'own', title, status]}
          fetchPage={(paging) =>
            findNotices({ ...paging, ...(title ? { title } : {}), ...(status ? { status } : {}) })
          }
          emptyText={t('msg:notice.empty')}
          extra={
            <Space wrap>
              <Input.Search
                allowClear
                placeholder={t('msg:notice.searchTitle')}
                aria-label={t('msg:notice.searchTitle')}
                style={{ width: 220 }}
                onSearch={(v) => {
                  setTitle(v.trim());
                }}
              />
              <Select
                style={{ width: 130 }}
                value={status}
                aria-label={t('msg:notice.status')}
                onChange={(v) => {
                  setStatus(v);
                }}
                options={[
                  { value: '', label: t('msg:notice.allStatus') },
                  ...Object.keys(NOTICE_STATUS).map((v) => ({
                    value: v as '0' | '1',
                    label: dictLabel(NOTICE_STATUS, v, locale),
                  })),
                ]}
              />
              {isBuyer && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('msg:notice.create')}
                </Button>
              )}
            </Space>
          }
          columns={[
            {
              key: 'noticeNumber',
              title: t('msg:notice.noticeNumber'),
              width: 150,
            },
            {
              key: 'title',
              title: t('msg:notice.noticeTitle'),
              width: 300,
              ellipsis: true,
              render: (v, row) => (
                <Button type="link" size="small" className="link-cell" onClick={() => setViewing(row)}>
                  {String(v)}
                </Button>
              ),
            },
            {
              key: 'type',
              title: t('msg:notice.type'),
              width: 110,
              render: (v) => dictLabel(NOTICE_TYPES, String(v), locale),
              exportValue: (row) => dictLabel(NOTICE_TYPES, row.type, locale),
            },
            {
              key: 'status',
              title: t('msg:notice.status'),
              width: 110,
              render: (v) => (
                <Tag color={v === '1' ? 'green' : 'default'}>
                  {dictLabel(NOTICE_STATUS, String(v), locale)}
                </Tag>
              ),
              exportValue: (row) => dictLabel(NOTICE_STATUS, row.status, locale),
            },
            {
              key: 'noticeChannel',
              title: t('msg:notice.channel'),
              width: 140,
              render: (v) => dictLabel(NOTICE_CHANNELS, String(v), locale),
              exportValue: (row) => dictLabel(NOTICE_CHANNELS, row.noticeChannel, locale),
            },
            {
              key: 'period',
              title: t('msg:notice.period'),
              width: 320,
              render: (_v, row) => `${fmt(row.noticeStartTime)} ~ ${fmt(row.noticeEndTime)}`,
              exportValue: (row) => `${fmt(row.noticeStartTime)} ~ ${fmt(row.noticeEndTime)}`,
            },
            {
              key: 'receivers',
              title: t('msg:notice.receiversShort'),
              width: 160,
              ellipsis: true,
              render: (_v, row) => row.receivers.join(', '),
              exportValue: (row) => row.receivers.join(', '),
            },
            {
              key: 'actions',
              title: t('msg:notice.actions'),
              width: 150,
              render: (_v, row) =>
                row.status === '0' && isBuyer ? (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setEditing(row)}>
                      {t('msg:notice.edit')}
                    </Button>
                    <Button type="link" size="small" onClick={() => publish(row)}>
                      {t('msg:notice.publish')}
                    </Button>
                  </Space>
                ) : (
                  <Button type="link" size="small" onClick={() => setViewing(row)}>
                    {t('msg:notice.view')}
                  </Button>
                ),
              exportValue: () => null,
            },
          ]}
        />
      </Card>
      {editing && (
        <NoticeForm
          notice={editing === 'new' ? null : editing}
          knownReceivers={knownReceivers}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void message.success(t('msg:notice.saved'));
            refresh();
          }}
        />
      )}
      {viewing && <NoticeView notice={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
