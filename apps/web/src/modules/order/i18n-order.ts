import i18n from '../../lib/i18n.ts';
import enOrder from '../../locales/en/order.json';
import zhOrder from '../../locales/zh_cn/order.json';
import '../../lib/i18n-portal.ts';

/** The 'order' namespace of the order module app (issue #5); registered only by that app. */
i18n.addResourceBundle('zh_cn', 'order', zhOrder, true, false);
i18n.addResourceBundle('en', 'order', enOrder, true, false);

export const ORDER_NS = 'order';
