import enPortal from '../locales/en/portal.json';
import zhPortal from '../locales/zh_cn/portal.json';
import i18n from './i18n.ts';

/**
 * The 'portal' namespace (data table, home sections, RoHS, invitation codes, SMS outbox, settings and
 * personal-information additions) is registered by the lazy pages that use it (DESIGN §10). Deep merge
 * without overwriting keeps tenant overrides that arrived first.
 */
i18n.addResourceBundle('zh_cn', 'portal', zhPortal, true, false);
i18n.addResourceBundle('en', 'portal', enPortal, true, false);

export const PORTAL_NS = 'portal';
