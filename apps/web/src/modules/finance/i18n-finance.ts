import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';
import enFinance from '../../locales/en/finance.json';
import zhFinance from '../../locales/zh_cn/finance.json';

/** The 'finance' namespace of the financial coordination screens (issue #15), registered by those lazy screens. */
i18n.addResourceBundle('zh_cn', 'finance', zhFinance, true, false);
i18n.addResourceBundle('en', 'finance', enFinance, true, false);
