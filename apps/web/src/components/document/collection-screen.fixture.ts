import { defineDocument } from '@srm/contracts/document/define';

/**
 * The throwaway kind of the web tests of child collections and default screens (issue #34): a "contract"
 * with lines and two collections (a payment plan both sides read, 1–2 rows; clauses the buyer alone reads),
 * and the detail answer its screens are shown with.
 */

const text = (zh_cn: string, en: string) => ({ zh_cn, en });
const STATUS = { '0': text('新建', 'New') } as const;

export const def = defineDocument({
  kind: 'collectionScreen',
  module: 'probe',
  service: 'CollectionScreen',
  title: text('合同', 'Contract'),
  prefix: 'CS',
  numberField: 'probeNumber',
  dateField: 'probeDate',
  detailPath: '/probe/#/v2/detail',
  customFields: 30,
  header: {
    probeNumber: { label: text('编号', 'Number'), type: 'text', list: true },
    probeDate: { label: text('日期', 'Date'), type: 'date' },
    subject: { label: text('标题', 'Subject'), type: 'text', input: true },
  },
  lines: {
    label: text('物料行', 'Lines'),
    max: 10,
    fields: {
      materialNumber: { label: text('物料', 'Material'), type: 'text', input: true, required: true },
    },
  },
  collections: {
    paymentPlan: {
      label: text('付款计划', 'Payment plan'),
      min: 1,
      max: 2,
      fields: {
        stage: { label: text('阶段', 'Stage'), type: 'text', input: true, required: true },
        ratio: { label: text('比例', 'Ratio'), type: 'decimal', digits: [3, 2], input: true, positive: true },
      },
    },
    clauses: {
      label: text('条款', 'Clauses'),
      max: 5,
      sides: ['purchase'],
      fields: { clauseText: { label: text('条款内容', 'Clause'), type: 'text', input: true } },
    },
  },
  statuses: { probeStatus: STATUS },
  editable: { purchase: { probeStatus: ['0'] } },
  actions: {},
  print: { header: [], lines: [] },
});

export const DETAIL = {
  record: {
    id: 'c1',
    version: 0,
    elsAccount: '100000',
    toElsAccount: '200001',
    probeNumber: 'CS2026120001',
    probeStatus: '0',
    probeDate: '2026-12-04',
    subject: 'Frame',
  },
  lines: [{ id: 'l1', lineNumber: 10, materialNumber: 'M-1' }],
  collections: {
    paymentPlan: [
      { id: 'p1', lineNumber: 10, stage: 'Advance', ratio: '30.00' },
      { id: 'p2', lineNumber: 20, stage: 'Delivery', ratio: '70.00' },
    ],
    clauses: [{ id: 'k1', lineNumber: 10, clauseText: 'DDP Suzhou' }],
  },
  trail: [],
  tasks: [],
  actions: [],
};
