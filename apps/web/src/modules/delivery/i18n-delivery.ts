import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';
import enDelivery from '../../locales/en/delivery.json';
import zhDelivery from '../../locales/zh_cn/delivery.json';

/** The 'delivery' namespace of the delivery notice screens, registered by those lazy screens. */
i18n.addResourceBundle('zh_cn', 'delivery', zhDelivery, true, false);
i18n.addResourceBundle('en', 'delivery', enDelivery, true, false);

export const DELIVERY_NS = 'delivery';
