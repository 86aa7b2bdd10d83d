import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';
import enRequisition from '../../locales/en/requisition.json';
import zhRequisition from '../../locales/zh_cn/requisition.json';

/** The 'requisition' namespace of the requisition and demand-pool screens, registered by those lazy screens. */
i18n.addResourceBundle('zh_cn', 'requisition', zhRequisition, true, false);
i18n.addResourceBundle('en', 'requisition', enRequisition, true, false);
