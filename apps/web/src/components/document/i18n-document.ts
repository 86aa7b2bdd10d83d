import i18n from '../../lib/i18n.ts';
import '../../lib/i18n-portal.ts';
import enDocument from '../../locales/en/document.json';
import zhDocument from '../../locales/zh_cn/document.json';

/**
 * The 'document' namespace of the generic document screens (lists, details, forms of every kind),
 * registered by the lazy screens that use them. Deep merge without overwriting keeps tenant overrides.
 */
i18n.addResourceBundle('zh_cn', 'document', zhDocument, true, false);
i18n.addResourceBundle('en', 'document', enDocument, true, false);

export const DOCUMENT_NS = 'document';
