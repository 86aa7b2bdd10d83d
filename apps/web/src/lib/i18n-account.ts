import enAccount from '../locales/en/account.json';
import zhAccount from '../locales/zh_cn/account.json';
import i18n from './i18n.ts';

/**
 * The 'account' namespace (registration, password reset, WeChat page, the user agreement) is registered
 * by the lazy pages that use it, so its strings are not part of the login bytes. Deep merge without
 * overwriting keeps tenant overrides that arrived first.
 */
i18n.addResourceBundle('zh_cn', 'account', zhAccount, true, false);
i18n.addResourceBundle('en', 'account', enAccount, true, false);

export const ACCOUNT_NS = 'account';
