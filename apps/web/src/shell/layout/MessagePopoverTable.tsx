import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import type { SysMsg } from '@srm/contracts/message';
import { Button, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { toastError } from '../../lib/feedback.ts';
import { findHeaderMessages } from '../../lib/message-api.ts';
import { cutHeaderList, HEADER_PAGE_SIZE, isUsableList, messageListError } from '../../lib/message-rules.ts';
import { useUnread } from '../../lib/unread-store.ts';

export const MESSAGE_CENTER_PATH = '/portal/info/message';

/**
 * The popover's small table (spec 000 §2, §7, §8): findPageList with elsAccount, elsSubAccount, page
 * size 5; msgTitle and sendTime; cut to 5 (hard cap 10). Refetched on every opening and every push.
 */
export default function MessagePopoverTable({ open, onLeave }: { open: boolean; onLeave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((s) => s.userInfo);
  const version = useUnread((s) => s.version);
  const [rows, setRows] = useState<SysMsg[]>([]);
  const [loading, setLoading] = useState(false);

  // `version` changes on every push and every change: the table refetches while open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger
  useEffect(() => {
    if (!open || !user) return;
    let cancelled = false;
    const prefix = t('shell:message.listFailed');
    setLoading(true);
    findHeaderMessages({
      currentPage: 1,
      pageSize: HEADER_PAGE_SIZE,
      elsAccount: user.elsAccount,
      elsSubAccount: user.elsSubAccount,
    })
      .then(({ body, statusText }) => {
        if (cancelled) return;
        if (!isUsableList(body)) {
          toastError(
            messageListError(
              prefix,
              { kind: 'response', message: body?.message, statusText },
              t('common:errors.unknown'),
            ),
          );
          setRows([]);
          return;
        }
        setRows(cutHeaderList(body?.data?.records));
      })
      .catch((error) => {
        if (!cancelled) {
          toastError(messageListError(prefix, { kind: 'exception', error }, t('common:errors.unknown')));
          setRows([]);
        }
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [open, user, version, t]);

  const viewAll = () => {
    onLeave();
    navigate(MESSAGE_CENTER_PATH);
  };

  return (
    <div className="bell-popover">
      <Table<SysMsg>
        size="small"
        rowKey="id"
        pagination={false}
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: t('shell:message.empty') }}
        onRow={() => ({ onClick: viewAll, style: { cursor: 'pointer' } })}
        columns={[
          {
            key: 'msgTitle',
            dataIndex: 'msgTitle',
            title: t('shell:message.msgTitle'),
            // The whole title, wrapped: cut at the end it lost the document number (issue #12).
            render: (title: string, row) => (
              <span
                className={row.readFlag === 'N' ? 'bell-msg-title msg-unread' : 'bell-msg-title'}
                title={title}
              >
                {title}
              </span>
            ),
          },
          {
            key: 'sendTime',
            dataIndex: 'sendTime',
            title: t('shell:message.sendTime'),
            width: 150,
            render: (v: string) => <span className="bell-msg-time">{dayjs(v).format(DATE_TIME_FORMAT)}</span>,
          },
        ]}
      />
      <div className="bell-popover-footer">
        <Button type="link" size="small" onClick={viewAll}>
          {t('shell:message.viewAll')}
        </Button>
      </div>
    </div>
  );
}
