import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';
import enRefund from '../../locales/en/refund.json';
import zhRefund from '../../locales/zh_cn/refund.json';

/** The 'refund' namespace of the return screens, registered by those lazy screens. */
i18n.addResourceBundle('zh_cn', 'refund', zhRefund, true, false);
i18n.addResourceBundle('en', 'refund', enRefund, true, false);

export const REFUND_NS = 'refund';
