import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';

/**
 * The 'contract' namespace of the contract screens (issue #36). Field, status and action names come from the
 * definition (contracts contract.ts).
 */
const zh_cn = {
  app: { loginNeeded: '请先登录' },
  list: { contracts: '合同管理', salesContracts: '销售合同', newContract: '新建合同' },
  form: { newContract: '新建合同', editContract: '编辑合同 {{number}}' },
};

const en: typeof zh_cn = {
  app: { loginNeeded: 'Please log in first' },
  list: { contracts: 'Contract management', salesContracts: 'Sales contracts', newContract: 'New contract' },
  form: { newContract: 'New contract', editContract: 'Edit contract {{number}}' },
};
i18n.addResourceBundle('zh_cn', 'contract', zh_cn, true, false);
i18n.addResourceBundle('en', 'contract', en, true, false);
