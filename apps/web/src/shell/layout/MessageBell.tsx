import { MESSAGE_POPOVER_WIDTH_PX } from '@srm/contracts/constants';
import { App, Button, Popover } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOutlined } from '../../components/icons.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { mqttUsername, pushTopic, resolveMqttUrl } from '../../lib/message-rules.ts';
import { relayPush } from '../../lib/push-relay.ts';
import { useUnread } from '../../lib/unread-store.ts';

const MessagePopoverTable = lazy(() => import('./MessagePopoverTable.tsx'));

/** Push notices sit bottom right: top right they covered the detail pages' action buttons (issue #12). */
const PUSH_NOTICE_PLACEMENT = 'bottomRight';

/**
 * The message channel (spec 000 §4; issue #4): connects when the top bar loads, again with the new token
 * after a refresh, and closes on logout (the token goes away). mqtt.js and the channel code are loaded
 * on demand. A push shows a 'new message' notice (bottom right, clear of the pages' toolbars; it does not
 * stay while the pointer rests on it), refreshes the bell and the open lists, and is relayed to the
 * module pages in iframes (push-relay.ts); an unexpected loss shows 'connection closed'.
 */
function usePushChannel() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const token = useAuth((s) => s.token);
  const elsAccount = useAuth((s) => s.userInfo?.elsAccount);
  const elsSubAccount = useAuth((s) => s.userInfo?.elsSubAccount);
  const mqttUrl = useAuth((s) => s.environMentConfig?.mqttUrl);
  const mqttTopic = useAuth((s) => s.environMentConfig?.mqttTopic);
  const env = useAuth((s) => s.environMentConfig?.env);

  useEffect(() => {
    if (!token || !elsAccount || !elsSubAccount || !mqttUrl) return;
    let cancelled = false;
    let handle: { close: () => void } | null = null;
    void import('../../lib/push.ts').then(({ startPush }) => {
      if (cancelled) return;
      handle = startPush({
        url: resolveMqttUrl(mqttUrl, window.location),
        topic: pushTopic({ mqttTopic, env }, elsAccount, elsSubAccount),
        username: mqttUsername(elsAccount, elsSubAccount),
        token,
        onMessage: (text) => {
          useUnread.getState().changed();
          relayPush({ kind: 'message', text });
          notification.info({
            key: undefined,
            className: 'push-notice',
            title: t('shell:push.title'),
            description: text,
            placement: PUSH_NOTICE_PLACEMENT,
            pauseOnHover: false,
          });
        },
        onLost: () =>
          notification.warning({
            key: 'push-lost',
            className: 'push-lost',
            title: t('shell:push.closed'),
            placement: PUSH_NOTICE_PLACEMENT,
          }),
        onRestored: () => {
          useUnread.getState().changed();
          relayPush({ kind: 'restored' });
        },
      });
    });
    return () => {
      cancelled = true;
      handle?.close();
    };
  }, [token, elsAccount, elsSubAccount, mqttUrl, mqttTopic, env, notification, t]);
}

/**
 * Header message widget (spec 000 §2): bell with the unread count; on hover a popover (width 400) with
 * the latest messages and 'view all'. The popover's table is loaded on the first hover.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const count = useUnread((s) => s.count);
  const elsAccount = useAuth((s) => s.userInfo?.elsAccount);
  const elsSubAccount = useAuth((s) => s.userInfo?.elsSubAccount);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  usePushChannel();

  useEffect(() => {
    if (elsAccount && elsSubAccount) void useUnread.getState().refresh();
    else useUnread.getState().clear();
  }, [elsAccount, elsSubAccount]);

  const shown = count && count > 99 ? '99+' : count ? String(count) : '';
  return (
    <Popover
      trigger="hover"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setLoaded(true);
      }}
      styles={{ root: { width: MESSAGE_POPOVER_WIDTH_PX } }}
      title={t('shell:message.latest')}
      content={
        loaded ? (
          <Suspense fallback={<div className="bell-loading" />}>
            <MessagePopoverTable open={open} onLeave={() => setOpen(false)} />
          </Suspense>
        ) : null
      }
    >
      <Button
        type="text"
        className="bell-button"
        // WCAG 2.5.3 (issue #32): the name starts with the count the badge shows ("99+ unread messages").
        aria-label={shown ? t('shell:message.bellUnread', { count: shown }) : t('shell:message.bell')}
        onFocus={() => setLoaded(true)}
      >
        <span className="bell">
          <BellOutlined />
          {shown && (
            <sup className="bell-badge" data-testid="bell-count">
              {shown}
            </sup>
          )}
        </span>
      </Button>
    </Popover>
  );
}
