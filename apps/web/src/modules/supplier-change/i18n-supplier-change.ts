import i18n from '../../lib/i18n.ts';
import en from '../../locales/en/supplier-change.json';
import zh from '../../locales/zh_cn/supplier-change.json';

/** The 'supplierChange' namespace of the information-change screens (issue #16). */
i18n.addResourceBundle('zh_cn', 'supplierChange', zh, true, false);
i18n.addResourceBundle('en', 'supplierChange', en, true, false);
