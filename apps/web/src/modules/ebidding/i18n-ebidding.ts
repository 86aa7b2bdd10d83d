import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';
import enEbidding from '../../locales/en/ebidding.json';
import zhEbidding from '../../locales/zh_cn/ebidding.json';

/** The 'ebidding' namespace of the e-auction screens (issue #14). */
i18n.addResourceBundle('zh_cn', 'ebidding', zhEbidding, true, false);
i18n.addResourceBundle('en', 'ebidding', enEbidding, true, false);
