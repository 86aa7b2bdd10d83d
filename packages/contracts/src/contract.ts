import { APPROVAL_STATUS, defineDocument } from './document/define.ts';

/**
 * Contracts, kind `contract` (seed 001 §1 "Contract management", "Sales contract management", §2 approval task
 * "contract submit", §5 contract rules; issue #36, first slice). The buyer (`elsAccount`) drafts a contract
 * with a supplier (`toElsAccount`): header, lines, clauses (at least one, each with a title) and payment
 * stages (a ratio or an amount, exactly one). Draft → under approval (auditStatus) → approved → to sign
 * (sent to the supplier) → effective (the supplier signs) or sent back with a reason; effective →
 * terminated (reason required) or closed; expired is the daily job's (not in this slice). Amounts in the
 * contract's currency, 2 decimals; prices 6; quantities 3; tax rate in percent.
 */

/**
 * CONTRACT_STATUS: 0 draft, 1 approved, 2 to sign (sent to the supplier), 3 effective, 4 sent back by the
 * supplier, 5 terminated, 6 expired, 7 closed. "Under approval" is auditStatus 1 of a draft.
 */
export const CONTRACT_STATUS = {
  '0': { zh_cn: '草稿', en: 'Draft' },
  '1': { zh_cn: '已审批', en: 'Approved' },
  '2': { zh_cn: '待签署', en: 'To sign' },
  '3': { zh_cn: '已生效', en: 'Effective' },
  '4': { zh_cn: '供应商退回', en: 'Sent back' },
  '5': { zh_cn: '已终止', en: 'Terminated' },
  '6': { zh_cn: '已过期', en: 'Expired' },
  '7': { zh_cn: '已关闭', en: 'Closed' },
} as const;

/**
 * The demo's contract types (seed 001 §1 "Contract type"): the codes the demo buyers' type masters start
 * with (seed/demo-contract-library.ts). A contract names a type of its buyer's master (contract-library.ts),
 * checked by the save.
 */
export const CONTRACT_TYPE = {
  FRAME: { zh_cn: '框架协议', en: 'Framework agreement' },
  PURCHASE: { zh_cn: '采购合同', en: 'Purchase contract' },
  SERVICE: { zh_cn: '服务合同', en: 'Service contract' },
} as const;

/** Where a contract comes from (seed 001 §5 "a contract must have a source"): a document type and its number. */
export const CONTRACT_SOURCE_TYPE = {
  enquiry: { zh_cn: '询价单', en: 'RFQ' },
  ebidding: { zh_cn: '竞价单', en: 'E-auction' },
  purchaseRequest: { zh_cn: '采购申请', en: 'Purchase requisition' },
  other: { zh_cn: '其他', en: 'Other' },
} as const;

/** Y evergreen (no termination date), N fixed term. */
export const CONTRACT_EVERGREEN = {
  N: { zh_cn: '否', en: 'No' },
  Y: { zh_cn: '是', en: 'Yes' },
} as const;

export const contractDefinition = defineDocument({
  kind: 'contract',
  module: 'contract',
  service: 'Contract',
  title: { zh_cn: '合同', en: 'Contract' },
  prefix: 'CT',
  numberField: 'contractNumber',
  dateField: 'effectiveDate',
  detailPath: '/contract/#/v2/contract/detail',
  customFields: 30,
  approval: { kind: 'contractSubmit', link: '/contract/#/v2/contract/detail' },
  header: {
    contractNumber: {
      label: { zh_cn: '合同编号', en: 'Contract number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    contractName: {
      label: { zh_cn: '合同名称', en: 'Contract name' },
      type: 'text',
      max: 100,
      input: true,
      required: true,
      list: true,
    },
    contractType: {
      label: { zh_cn: '合同类型', en: 'Contract type' },
      // A code of the buyer's contract type master (issue #36), checked by the save.
      type: 'text',
      max: 20,
      input: true,
      required: true,
      list: true,
      filter: 'eq',
    },
    templateCode: {
      label: { zh_cn: '合同模板', en: 'Contract template' },
      type: 'text',
      max: 40,
      input: true,
    },
    toElsAccount: {
      label: { zh_cn: '供应商账号', en: 'Supplier account' },
      type: 'account',
      input: true,
      required: true,
      list: true,
      filter: 'eq',
    },
    supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
    buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
    sourceType: {
      label: { zh_cn: '来源单据类型', en: 'Source type' },
      type: 'code',
      codes: CONTRACT_SOURCE_TYPE,
      input: true,
      required: true,
      list: true,
    },
    sourceNumber: {
      label: { zh_cn: '来源单号', en: 'Source number' },
      type: 'text',
      max: 40,
      input: true,
      required: true,
      list: true,
    },
    currency: {
      label: { zh_cn: '币种', en: 'Currency' },
      type: 'text',
      max: 3,
      input: true,
      default: 'CNY',
      list: true,
    },
    contractAmount: {
      label: { zh_cn: '合同金额', en: 'Contract amount' },
      type: 'decimal',
      digits: [16, 2],
      money: true,
      positive: true,
      input: true,
      required: true,
      list: true,
    },
    progressAmount: {
      label: { zh_cn: '合同进度金额', en: 'Progress amount' },
      type: 'decimal',
      digits: [16, 2],
      money: true,
      input: true,
      list: true,
    },
    effectiveDate: {
      label: { zh_cn: '生效日期', en: 'Effective date' },
      type: 'date',
      input: true,
      required: true,
      list: true,
      filter: 'range',
    },
    terminationDate: {
      label: { zh_cn: '终止日期', en: 'Termination date' },
      type: 'date',
      input: true,
      list: true,
    },
    evergreen: {
      label: { zh_cn: '长期有效', en: 'Evergreen' },
      type: 'code',
      codes: CONTRACT_EVERGREEN,
      input: true,
      default: 'N',
    },
    paymentTerms: {
      label: { zh_cn: '付款条件', en: 'Payment terms' },
      type: 'text',
      max: 200,
      input: true,
    },
    signDate: { label: { zh_cn: '签署日期', en: 'Signed on' }, type: 'date', list: true },
    sendBackReason: { label: { zh_cn: '退回原因', en: 'Send-back reason' }, type: 'text' },
    terminateReason: { label: { zh_cn: '终止原因', en: 'Termination reason' }, type: 'text' },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '合同标的', en: 'Lines' },
    max: 500,
    fields: {
      materialNumber: {
        label: { zh_cn: '物料编码', en: 'Material number' },
        type: 'text',
        max: 40,
        input: true,
        required: true,
      },
      materialDesc: {
        label: { zh_cn: '物料描述', en: 'Material description' },
        type: 'text',
        max: 200,
        input: true,
      },
      quantity: {
        label: { zh_cn: '数量', en: 'Quantity' },
        type: 'decimal',
        digits: [12, 3],
        positive: true,
        input: true,
        required: true,
      },
      unit: { label: { zh_cn: '单位', en: 'Unit' }, type: 'text', max: 10, input: true },
      priceIncludingTax: {
        label: { zh_cn: '含税单价', en: 'Price incl. tax' },
        type: 'decimal',
        digits: [12, 6],
        positive: true,
        input: true,
        required: true,
      },
      taxRate: {
        label: { zh_cn: '税率（%）', en: 'Tax rate (%)' },
        type: 'decimal',
        digits: [2, 2],
        input: true,
      },
      priceExcludingTax: {
        label: { zh_cn: '不含税单价', en: 'Price excl. tax' },
        type: 'decimal',
        digits: [12, 6],
      },
      lineAmount: {
        label: { zh_cn: '含税金额', en: 'Amount incl. tax' },
        type: 'decimal',
        digits: [16, 2],
        money: true,
      },
    },
  },
  collections: {
    clauses: {
      label: { zh_cn: '合同条款', en: 'Clauses' },
      // Seed 001 §5: a contract must have terms.
      min: 1,
      max: 100,
      fields: {
        clauseTitle: {
          label: { zh_cn: '条款标题', en: 'Clause title' },
          type: 'text',
          max: 100,
          input: true,
          required: true,
        },
        clauseBody: {
          label: { zh_cn: '条款内容', en: 'Clause text' },
          type: 'text',
          max: 5000,
          input: true,
        },
        clauseCode: {
          label: { zh_cn: '条款库编码', en: 'Library clause code' },
          type: 'text',
          max: 40,
          input: true,
        },
        clauseVersion: {
          label: { zh_cn: '条款版本', en: 'Clause version' },
          type: 'integer',
          input: true,
        },
      },
    },
    paymentStages: {
      label: { zh_cn: '付款阶段', en: 'Payment stages' },
      max: 20,
      fields: {
        stageName: {
          label: { zh_cn: '阶段名称', en: 'Stage name' },
          type: 'text',
          max: 50,
          input: true,
          required: true,
        },
        payRatio: {
          label: { zh_cn: '付款比例（%）', en: 'Ratio (%)' },
          type: 'decimal',
          digits: [3, 2],
          positive: true,
          input: true,
        },
        payAmount: {
          label: { zh_cn: '付款金额', en: 'Amount' },
          type: 'decimal',
          digits: [16, 2],
          money: true,
          positive: true,
          input: true,
        },
        plannedDate: { label: { zh_cn: '计划付款日期', en: 'Planned date' }, type: 'date', input: true },
      },
    },
  },
  statuses: { contractStatus: CONTRACT_STATUS, auditStatus: APPROVAL_STATUS },
  // A supplier reads a contract once it is sent for signing (and keeps reading it).
  visible: { sale: { contractStatus: ['2', '3', '4', '5', '6', '7'] } },
  editable: { purchase: { contractStatus: ['0', '4'] } },
  actions: {
    sendToSign: {
      label: { zh_cn: '发送供应商签署', en: 'Send for signing' },
      sides: { purchase: { contractStatus: ['1'], auditStatus: ['2'] } },
      target: { contractStatus: '2' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '合同待签署：{number}', en: 'Contract to sign: {number}' },
      },
    },
    sign: {
      label: { zh_cn: '签署', en: 'Sign' },
      sides: { sale: { contractStatus: ['2'] } },
      target: { contractStatus: '3' },
      remark: 'optional',
      notify: {
        to: 'creator',
        title: { zh_cn: '供应商已签署合同：{number}', en: 'The supplier signed contract {number}' },
      },
    },
    sendBack: {
      label: { zh_cn: '退回', en: 'Send back' },
      sides: { sale: { contractStatus: ['2'] } },
      // Back to the buyer's drafting: edited, approved and sent again.
      target: { contractStatus: '4', auditStatus: '0' },
      remark: 'required',
      danger: true,
      notify: {
        to: 'creator',
        title: { zh_cn: '供应商退回了合同：{number}', en: 'The supplier sent back contract {number}' },
      },
    },
    terminate: {
      label: { zh_cn: '终止', en: 'Terminate' },
      sides: { purchase: { contractStatus: ['3'] } },
      target: { contractStatus: '5' },
      remark: 'required',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '合同已终止：{number}', en: 'Contract terminated: {number}' },
      },
    },
    close: {
      label: { zh_cn: '关闭', en: 'Close' },
      sides: { purchase: { contractStatus: ['3', '6'] } },
      target: { contractStatus: '7' },
      remark: 'optional',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '合同已关闭：{number}', en: 'Contract closed: {number}' },
      },
    },
  },
  print: {
    header: [
      'contractNumber',
      'contractName',
      'contractType',
      'supplierName',
      'buyerName',
      'sourceType',
      'sourceNumber',
      'contractAmount',
      'effectiveDate',
      'terminationDate',
      'paymentTerms',
    ],
    lines: [
      'materialNumber',
      'materialDesc',
      'quantity',
      'unit',
      'priceIncludingTax',
      'taxRate',
      'lineAmount',
    ],
  },
});
