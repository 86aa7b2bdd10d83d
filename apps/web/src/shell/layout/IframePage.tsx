import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';
import { appUrl } from '../../lib/base-path.ts';
import { decodeRouterPath, isIframeSrcAllowed, withQuery } from '../iframe-allow.ts';
import { IFRAME_PREFIX } from '../route-table.ts';
import type { Tab } from '../tabs.ts';
import { useTabLabel } from '../use-tab-label.ts';

/**
 * /myiframe/{routerPath} (spec 000 §2): loads the decoded address in a frame when it is same-origin or its
 * origin is in environMentConfig.iframeOrigins; otherwise shows why it is refused.
 */
export default function IframePage({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const origins = useAuth((s) => s.environMentConfig?.iframeOrigins ?? []);
  const labelOf = useTabLabel();
  const src = decodeRouterPath(tab.value.slice(IFRAME_PREFIX.length));
  if (!src || !isIframeSrcAllowed(src, window.location.origin, origins)) {
    return (
      <div className="page-card">
        <Result
          status="error"
          title={t('shell:iframe.notAllowedTitle')}
          subTitle={src ? t('shell:iframe.notAllowedSub', { src }) : t('shell:iframe.invalid')}
        />
      </div>
    );
  }
  return <iframe className="shell-iframe" title={labelOf(tab)} src={appUrl(withQuery(src, tab.query))} />;
}
