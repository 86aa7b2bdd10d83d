import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import type { Notice, ReceivedNotice } from '@srm/contracts/message';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-msg.ts';
import {
  findNotices,
  findReceivedNotices,
  MESSAGE_KEYS,
  queryNavigation,
  readReceivedNotice,
} from '../../lib/message-api.ts';
import { dictLabel, NOTICE_STATUS, NOTICE_TYPES } from '../../lib/message-rules.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { menuIcon } from '../../shell/menu-icons.tsx';
import { buildMenuPath, targetHref } from '../../shell/menu-path.ts';
import { NoticeView } from '../notice/NoticeView.tsx';

const CARD_PAGE_SIZE = 5;
export const NOTICE_LIST_PATH = '/portal/notice/list';

/**
 * Cards of the home portal (issue #4), loaded after the greeting so the home route stays light:
 * navigation shortcuts, and announcements — received ones for a supplier (unread marks, read on opening),
 * the company's own for a buyer (status, link to the announcement list).
 */
export default function PortalCards() {
  return (
    <QueryClientProvider client={queryClient}>
      <div className="portal-cards">
        <NoticeCard />
        <ShortcutsCard />
      </div>
    </QueryClientProvider>
  );
}

function ShortcutsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const nav = useQuery({ queryKey: ['navigation'], queryFn: queryNavigation, staleTime: 60_000 });
  return (
    <Card title={t('msg:shortcuts.title')} className="shortcuts-card">
      {nav.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {nav.isError && <Alert type="error" showIcon title={t('msg:shortcuts.loadFailed')} />}
      {nav.data && nav.data.length === 0 && <Empty description={t('msg:shortcuts.empty')} />}
      {nav.data && nav.data.length > 0 && (
        <div className="shortcuts-grid">
          {nav.data.map((item) => (
            <Button
              key={item.id}
              className="shortcut"
              icon={menuIcon(item.icon, true)}
              onClick={() => navigate(targetHref(buildMenuPath({ appUrl: item.url, query: {} })))}
            >
              {item.titleI18n?.[locale] || item.title}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}

const fmt = (v: string | null) => (v ? dayjs(v).format(DATE_TIME_FORMAT) : '');

function NoticeCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const supplier = useAuth((s) => s.userInfo?.station === 'sale');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Notice | ReceivedNotice | null>(null);

  const list = useQuery({
    queryKey: [...MESSAGE_KEYS.notices, supplier ? 'received' : 'own', 'card', page],
    queryFn: async (): Promise<{ records: (Notice | ReceivedNotice)[]; total: number }> =>
      supplier
        ? findReceivedNotices({ currentPage: page, pageSize: CARD_PAGE_SIZE })
        : findNotices({ currentPage: page, pageSize: CARD_PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

  const open = (item: Notice | ReceivedNotice) => {
    setViewing(item);
    if ('isRead' in item && item.isRead === 'N') {
      readReceivedNotice(item.id)
        .then(() => queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.notices }))
        .catch((e) => console.error('mark read failed', e));
    }
  };

  return (
    <Card
      title={supplier ? t('msg:notice.received') : t('msg:notice.title')}
      className="notice-card"
      extra={
        supplier ? null : (
          <Button type="link" size="small" onClick={() => navigate(NOTICE_LIST_PATH)}>
            {t('msg:notice.manage')}
          </Button>
        )
      }
    >
      {list.isError && (
        <Alert type="error" showIcon title={t('msg:notice.loadFailed')} description={errorText(list.error)} />
      )}
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <List<Notice | ReceivedNotice>
          size="small"
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: t('msg:notice.empty') }}
          pagination={
            (list.data?.total ?? 0) > CARD_PAGE_SIZE
              ? {
                  size: 'small',
                  current: page,
                  pageSize: CARD_PAGE_SIZE,
                  total: list.data?.total ?? 0,
                  onChange: setPage,
                }
              : false
          }
          renderItem={(item) => {
            const unread = 'isRead' in item && item.isRead === 'N';
            return (
              <List.Item
                className={unread ? 'notice-item notice-unread' : 'notice-item'}
                actions={[
                  <Typography.Text key="time" type="secondary">
                    {fmt(item.publishTime ?? item.createDate)}
                  </Typography.Text>,
                ]}
              >
                <Space size={6} className="notice-item-main">
                  {'isRead' in item ? (
                    unread ? (
                      <Badge status="processing" text={null} aria-label={t('msg:notice.unread')} />
                    ) : (
                      <Badge status="default" aria-label={t('msg:notice.readTag')} />
                    )
                  ) : (
                    <Tag color={item.status === '1' ? 'green' : 'default'}>
                      {dictLabel(NOTICE_STATUS, item.status, locale)}
                    </Tag>
                  )}
                  <Tag>{dictLabel(NOTICE_TYPES, item.type, locale)}</Tag>
                  <Button type="link" size="small" className="link-cell" onClick={() => open(item)}>
                    {item.title}
                  </Button>
                  {unread && <Tag color="blue">{t('msg:notice.unread')}</Tag>}
                  {'companyName' in item && (
                    <Typography.Text type="secondary">{item.companyName}</Typography.Text>
                  )}
                </Space>
              </List.Item>
            );
          }}
        />
      )}
      {viewing && <NoticeView notice={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}
