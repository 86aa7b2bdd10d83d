import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';
import { appUrl } from '../../lib/base-path.ts';
import { forwardFrameSrc, parseForward } from '../forward.ts';
import type { Tab } from '../tabs.ts';
import { useTabLabel } from '../use-tab-label.ts';

/**
 * /forward/detail (spec 000 §2): the detail page a forward names, its props taken from the tab's query — the
 * query's `url` is the page (allowlisted like /myiframe: same origin or environMentConfig.iframeOrigins), every
 * key but `url` and `title` goes to the page in its own query. One tab per forward (the tab key holds the query).
 */
export default function ForwardDetailPage({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const origins = useAuth((s) => s.environMentConfig?.iframeOrigins ?? []);
  const labelOf = useTabLabel();
  const target = parseForward(tab.query, window.location.origin, origins);
  if (!target) {
    return (
      <div className="page-card">
        <Result
          status="warning"
          title={t('shell:forward.invalidTitle')}
          subTitle={t('shell:forward.invalidSub')}
        />
      </div>
    );
  }
  return <iframe className="shell-iframe" title={labelOf(tab)} src={appUrl(forwardFrameSrc(target))} />;
}
