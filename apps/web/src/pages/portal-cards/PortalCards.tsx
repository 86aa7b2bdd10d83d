import type { Notice, ReceivedNotice } from '@srm/contracts/message';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-msg.ts';
import { MESSAGE_KEYS, readReceivedNotice } from '../../lib/message-api.ts';
import { dictLabel, NOTICE_STATUS, NOTICE_TYPES } from '../../lib/message-rules.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { menuIcon } from '../../shell/menu-icons.tsx';
import { buildMenuPath, targetHref } from '../../shell/menu-path.ts';
import { CARD_PAGE_SIZE, homeQueries } from '../home/home-queries.ts';
import './portal-cards.css';

/** The pager (with antd's select) loads only when there is a second page (issue #12, home bytes). */
const Pagination = lazy(() => import('antd/es/pagination'));
/** The announcement dialog loads when one is opened. */
const NoticeView = lazy(() => import('../notice/NoticeView.tsx').then((m) => ({ default: m.NoticeView })));
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
  const nav = useQuery(homeQueries.navigation());
  return (
    <Card title={t('msg:shortcuts.title')} className="shortcuts-card">
      {nav.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {nav.isError && (
        <div role="alert" className="text-danger">
          {t('msg:shortcuts.loadFailed')}
        </div>
      )}
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

/**
 * Local time as DATE_TIME_FORMAT (YYYY-MM-DD HH:mm:ss) through the platform's Intl: the Swedish
 * short date and medium time are exactly that pattern, so the home needs no dayjs (issue #12).
 */
const DATE_TIME = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium' });
const fmt = (v: string | null) => (v ? DATE_TIME.format(new Date(v)) : '');

function NoticeCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const supplier = useAuth((s) => s.userInfo?.station === 'sale');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Notice | ReceivedNotice | null>(null);

  const list = useQuery({ ...homeQueries.notices(supplier, page), placeholderData: (previous) => previous });

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
        <div
          role="alert"
          className="text-danger"
        >{`${t('msg:notice.loadFailed')}: ${errorText(list.error)}`}</div>
      )}
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        // A plain list: antd's List would bring its pagination and spinner on every home (issue #12).
        <>
          {(list.data?.records ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('msg:notice.empty')} />
          ) : (
            <ul className="notice-list">
              {(list.data?.records ?? []).map((item) => {
                const unread = 'isRead' in item && item.isRead === 'N';
                return (
                  <li key={item.id} className={unread ? 'notice-item notice-unread' : 'notice-item'}>
                    <Space size={6} className="notice-item-main">
                      {'isRead' in item ? (
                        // A status dot (antd's Badge look) without antd's Badge and its scroll-number code.
                        <span
                          role="img"
                          className={unread ? 'notice-dot is-unread' : 'notice-dot'}
                          aria-label={unread ? t('msg:notice.unread') : t('msg:notice.readTag')}
                        />
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
                      {'companyName' in item && <span className="text-secondary">{item.companyName}</span>}
                    </Space>
                    <span className="text-secondary notice-item-time">
                      {fmt(item.publishTime ?? item.createDate)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {(list.data?.total ?? 0) > CARD_PAGE_SIZE && (
            <Suspense fallback={null}>
              <Pagination
                className="notice-pager"
                size="small"
                current={page}
                pageSize={CARD_PAGE_SIZE}
                total={list.data?.total ?? 0}
                showSizeChanger={false}
                onChange={setPage}
              />
            </Suspense>
          )}
        </>
      )}
      {viewing && (
        <Suspense fallback={null}>
          <NoticeView notice={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
