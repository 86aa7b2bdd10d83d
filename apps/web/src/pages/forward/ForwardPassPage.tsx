import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { forwardDetailHref, parseForward, savePendingForward } from '../../shell/forward.ts';

/**
 * /forwardPass (spec 000 §2, public): the address a link from outside the portal (an e-mail, a message, an ERP
 * screen) gives for one document, e.g. `/portal/#/forwardPass?url=%2Forder%2F%23%2Fv2%2Forder%2Fdetail&id=…`.
 * It keeps the forward for this browser tab and goes on to the shell — through the login page when there is no
 * session — whose start sequence opens it as a /forward/detail tab next to the home tab. A query without a
 * page, or with a page outside the portal, shows why it is refused and leads nowhere.
 */
export default function ForwardPassPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const target = parseForward(query, window.location.origin);

  useEffect(() => {
    const forward = Object.fromEntries(new URLSearchParams(location.search));
    if (!parseForward(forward, window.location.origin)) return;
    savePendingForward(forwardDetailHref(forward));
    navigate(token ? HOME_TAB_PATH : '/login', { replace: true });
  }, [location.search, token, navigate]);

  if (target) return null;
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="warning"
        title={t('shell:forward.invalidTitle')}
        subTitle={t('shell:forward.invalidSub')}
        extra={
          <Button
            type="primary"
            onClick={() => navigate(token ? HOME_TAB_PATH : '/login', { replace: true })}
          >
            {t(token ? 'shell:forward.toHome' : 'shell:forward.toLogin')}
          </Button>
        }
      />
    </main>
  );
}
