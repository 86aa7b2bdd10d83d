import enAudit from '../locales/en/audit.json';
import zhAudit from '../locales/zh_cn/audit.json';
import i18n from './i18n.ts';

/** The 'audit' namespace (to-do list, approval page, approval configuration), registered by those lazy pages. */
i18n.addResourceBundle('zh_cn', 'audit', zhAudit, true, false);
i18n.addResourceBundle('en', 'audit', enAudit, true, false);

export const AUDIT_NS = 'audit';
