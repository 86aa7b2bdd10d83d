import i18n from '../../lib/i18n.ts';
import en from '../../locales/en/company-admin.json';
import zh from '../../locales/zh_cn/company-admin.json';

/** The 'companyAdmin' namespace of the /system/ app's screens (issue #19). */
i18n.addResourceBundle('zh_cn', 'companyAdmin', zh, true, false);
i18n.addResourceBundle('en', 'companyAdmin', en, true, false);
