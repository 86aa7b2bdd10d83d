import i18n from '../../lib/i18n.ts';
import enMasterdata from '../../locales/en/masterdata.json';
import zhMasterdata from '../../locales/zh_cn/masterdata.json';
import '../../lib/i18n-portal.ts';

/**
 * Texts of the supplier form, merged into the 'masterdata' namespace (kept beside the module so the
 * feature ships with it; same keys in both languages).
 */
const SUPPLIER_FORM = {
  zh_cn: {
    supplier: {
      newTitle: '新建供应商',
      editTitle: '编辑供应商 {{code}}',
      loadFailed: '供应商记录加载失败',
      accountHint: '已与本公司关联的供应商账号，保存后不能修改',
      socialCreditCode: '统一社会信用代码',
      contacts: '联系人',
      banks: '银行账户',
      addresses: '地址',
      contactName: '联系人姓名',
      telphone: '电话',
      wxNo: '微信号',
      bankCode: '银行代码',
      bankBranchName: '开户支行',
      bankAccount: '银行账号',
      country: '国家/地区',
      address: '详细地址',
      addContact: '添加联系人',
      addBank: '添加银行账户',
      addAddress: '添加地址',
      remove: '删除第 {{n}} 行',
      noRows: '暂无',
      reload: '重新加载最新记录',
      rules: {
        fullName: '供应商全称长度 3 到 40 个字符',
        supplierCode: '1–30 位字母、数字、点、下划线或短横线',
        socialCreditCode: '18 位数字或大写字母',
        currency: '3 位大写字母，如 CNY',
        telphone: '手机号（1 开头 11 位）或固定电话（如 0512-66668888）',
        bankAccount: '8–30 位数字',
        contactName: '填写了电话或微信号的联系人需要姓名',
        address: '填写了国家/地区的地址需要详细地址',
        bankAccountRequired: '填写了银行信息的账户需要银行账号',
      },
    },
  },
  en: {
    supplier: {
      newTitle: 'New supplier',
      editTitle: 'Edit supplier {{code}}',
      loadFailed: 'The supplier record could not be loaded',
      accountHint: 'A supplier account linked to your company; fixed once saved',
      socialCreditCode: 'Unified social credit code',
      contacts: 'Contacts',
      banks: 'Bank accounts',
      addresses: 'Addresses',
      contactName: 'Contact name',
      telphone: 'Phone',
      wxNo: 'WeChat ID',
      bankCode: 'Bank code',
      bankBranchName: 'Bank branch',
      bankAccount: 'Bank account',
      country: 'Country/region',
      address: 'Address',
      addContact: 'Add contact',
      addBank: 'Add bank account',
      addAddress: 'Add address',
      remove: 'Remove row {{n}}',
      noRows: 'None',
      reload: 'Reload the latest record',
      rules: {
        fullName: 'Full name: 3 to 40 characters',
        supplierCode: '1–30 letters, digits, dots, underscores or dashes',
        socialCreditCode: '18 digits or capital letters',
        currency: '3 capital letters, e.g. CNY',
        telphone: 'A mobile number (11 digits from 1) or a fixed line (e.g. 0512-66668888)',
        bankAccount: '8–30 digits',
        contactName: 'A contact with a phone or WeChat ID needs a name',
        address: 'An address with a country/region needs the address',
        bankAccountRequired: 'A bank entry needs the account number',
      },
    },
  },
} as const;

/** The 'masterdata' namespace of the masterdata module app (issue #5); registered only by that app. */
i18n.addResourceBundle('zh_cn', 'masterdata', zhMasterdata, true, false);
i18n.addResourceBundle('en', 'masterdata', enMasterdata, true, false);
i18n.addResourceBundle('zh_cn', 'masterdata', SUPPLIER_FORM.zh_cn, true, false);
i18n.addResourceBundle('en', 'masterdata', SUPPLIER_FORM.en, true, false);

export const MASTERDATA_NS = 'masterdata';
export { SUPPLIER_FORM };
