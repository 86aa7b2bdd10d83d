import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';
import enRfq from '../../locales/en/rfq.json';
import zhRfq from '../../locales/zh_cn/rfq.json';

/** The 'rfq' namespace of the RFQ screens (issue #13). */
i18n.addResourceBundle('zh_cn', 'rfq', zhRfq, true, false);
i18n.addResourceBundle('en', 'rfq', enRfq, true, false);
