import i18n from '../../lib/i18n.ts';
import en from '../../locales/en/appraisal.json';
import zh from '../../locales/zh_cn/appraisal.json';

/** The 'appraisal' namespace of the performance screens (issue #17). */
i18n.addResourceBundle('zh_cn', 'appraisal', zh, true, false);
i18n.addResourceBundle('en', 'appraisal', en, true, false);
