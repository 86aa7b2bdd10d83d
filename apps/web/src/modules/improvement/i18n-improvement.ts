import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';

/**
 * The 'improvement' namespace of the improvement sheet screens (issue #17). Field, status and action names
 * come from the definitions (contracts improvement.ts).
 */
const zh_cn = {
  app: { loginNeeded: '请先登录' },
  list: {
    sheets: '改善单管理',
    supplierSheets: '改善单',
    templates: '改善项模板',
    newSheet: '新建改善单',
    newTemplate: '新建模板',
  },
  form: {
    newSheet: '新建改善单',
    editSheet: '编辑改善单 {{number}}',
    newTemplate: '新建改善项模板',
    editTemplate: '编辑模板 {{number}}',
    supplier: '供应商',
    pickSupplier: '请选择供应商',
    template: '改善项模板',
    pickTemplate: '可选：选择已发布的模板带出改善项',
    noTemplate: '没有已发布的模板',
  },
  detail: {
    answer: '回复改善',
    answerTitle: '回复改善单 {{number}}',
    answerHint: '请逐项填写根本原因、改善措施和计划完成日期；证据文件请在附件中上传。',
    reopen: '退回重新整改',
    reopenTitle: '退回改善单 {{number}}',
    reason: '退回原因',
    reasonRequired: '请填写退回原因',
    rework: '需重新整改的改善项',
    reworkRequired: '请至少选择一项',
    required: '不能为空',
    answered: '已提交回复',
    reopened: '已退回供应商重新整改',
    overdue: '已逾期',
    reopenReason: '退回原因：{{reason}}',
    fromAppraisal: '来源绩效考评',
    openScorecard: '{{number}}（{{from}} ~ {{to}}）评分卡',
    scorecardPending: '{{number}}（考评完成后可查看评分卡）',
  },
};

const en: typeof zh_cn = {
  app: { loginNeeded: 'Please log in first' },
  list: {
    sheets: 'Improvement sheets',
    supplierSheets: 'Improvement sheets',
    templates: 'Improvement item templates',
    newSheet: 'New improvement sheet',
    newTemplate: 'New template',
  },
  form: {
    newSheet: 'New improvement sheet',
    editSheet: 'Edit improvement sheet {{number}}',
    newTemplate: 'New improvement item template',
    editTemplate: 'Edit template {{number}}',
    supplier: 'Supplier',
    pickSupplier: 'Pick a supplier',
    template: 'Improvement item template',
    pickTemplate: 'Optional: pick a released template to fill in its items',
    noTemplate: 'No released template yet',
  },
  detail: {
    answer: 'Answer',
    answerTitle: 'Answer improvement sheet {{number}}',
    answerHint:
      'For each item give the root cause, the corrective action and the date it will be done; upload evidence as attachments.',
    reopen: 'Reopen',
    reopenTitle: 'Reopen improvement sheet {{number}}',
    reason: 'Reason',
    reasonRequired: 'Give the reason',
    rework: 'Items to rework',
    reworkRequired: 'Pick at least one item',
    required: 'Required',
    answered: 'Answer submitted',
    reopened: 'Sent back to the supplier for rework',
    overdue: 'Overdue',
    reopenReason: 'Reopened because: {{reason}}',
    fromAppraisal: 'Issued from appraisal',
    openScorecard: 'Scorecard of {{number}} ({{from}} ~ {{to}})',
    scorecardPending: '{{number}} (the scorecard opens once the appraisal is finished)',
  },
};
i18n.addResourceBundle('zh_cn', 'improvement', zh_cn, true, false);
i18n.addResourceBundle('en', 'improvement', en, true, false);
