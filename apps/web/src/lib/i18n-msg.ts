import enMsg from '../locales/en/msg.json';
import zhMsg from '../locales/zh_cn/msg.json';
import i18n from './i18n.ts';

/**
 * The 'msg' namespace (message center, announcements, home cards) is registered by the lazy pages that
 * use it, so its strings are not part of the login and home bytes (DESIGN §10). Deep merge without
 * overwriting: tenant overrides (lib/tenant-i18n.ts) that arrived first win over the bundled strings.
 */
i18n.addResourceBundle('zh_cn', 'msg', zhMsg, true, false);
i18n.addResourceBundle('en', 'msg', enMsg, true, false);

export const MSG_NS = 'msg';
