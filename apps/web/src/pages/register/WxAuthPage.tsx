import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import '../../lib/i18n-account.ts';

/**
 * /wxAuth (spec 000 §2): where a scanned QR code lands to bind WeChat. No WeChat provider is connected
 * to this portal, so the page says so honestly instead of pretending to authorize.
 */
export default function WxAuthPage() {
  const { t } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const account = [params.get('elsAccount'), params.get('elsSubAccount')].filter(Boolean).join('_');
  useEffect(() => {
    document.title = t('account:wx.title');
  }, [t]);
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>{t('account:wx.heading')}</h2>
        <p>{t('account:wx.body')}</p>
        {account && <p>{t('account:wx.account', { account })}</p>}
        <div className="login-notice" role="status">
          {t('account:wx.noProvider')}
        </div>
        <nav className="login-links">
          <Link to="/login">{t('account:reg.backLogin')}</Link>
        </nav>
      </section>
    </main>
  );
}
