import i18n from '../../lib/i18n.ts';
import enMasterdata from '../../locales/en/masterdata.json';
import zhMasterdata from '../../locales/zh_cn/masterdata.json';
import '../../lib/i18n-portal.ts';

/** The 'masterdata' namespace of the masterdata module app (issue #5); registered only by that app. */
i18n.addResourceBundle('zh_cn', 'masterdata', zhMasterdata, true, false);
i18n.addResourceBundle('en', 'masterdata', enMasterdata, true, false);

export const MASTERDATA_NS = 'masterdata';
