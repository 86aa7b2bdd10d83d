import '../../components/document/i18n-document.ts';
import i18n from '../../lib/i18n.ts';

/**
 * The 'inspection' namespace of the factory inspection and sample screens (issue #16), registered by those
 * lazy screens. Field, status and action names come from the definitions (contracts inspection.ts).
 */
const zh_cn = {
  app: { loginNeeded: '请先登录' },
  list: {
    inspections: '验厂管理',
    samples: '样品管理',
    inspectionTemplates: '验厂模板',
    sampleTemplates: '样品模板',
    newInspection: '新建验厂',
    newSample: '新建送样申请',
    newTemplate: '新建模板',
  },
  form: {
    newInspection: '新建验厂',
    scoreInspection: '验厂评分 {{number}}',
    newSample: '新建送样申请',
    editSample: '编辑送样申请 {{number}}',
    recordResults: '录入检测结果 {{number}}',
    newTemplate: '新建模板',
    editTemplate: '编辑模板 {{number}}',
    supplier: '供应商',
    pickSupplier: '请选择供应商',
    template: '模板',
    pickTemplate: '请选择已发布的模板',
    noTemplate: '没有已发布的模板，请先在模板管理中发布一个',
    runningTotal: '当前合计 {{total}} / 满分 {{max}}（合格分 {{pass}}）',
  },
  detail: {
    score: '评分',
    recordResults: '录入检测结果',
    conclude: '提交审批',
    concludeTitle: '提交审批 {{number}}',
    conclusion: '检测结论',
    remark: '审批说明',
    submitted: '已提交审批',
    concluded: '已生效',
    runningTotal: '当前合计 {{total}}（合格分 {{pass}}）',
  },
};
const en: typeof zh_cn = {
  app: { loginNeeded: 'Please log in first' },
  list: {
    inspections: 'Factory inspections',
    samples: 'Samples',
    inspectionTemplates: 'Factory inspection templates',
    sampleTemplates: 'Sample templates',
    newInspection: 'New inspection',
    newSample: 'Request a sample',
    newTemplate: 'New template',
  },
  form: {
    newInspection: 'New factory inspection',
    scoreInspection: 'Score inspection {{number}}',
    newSample: 'Request a sample',
    editSample: 'Edit sample request {{number}}',
    recordResults: 'Record test results {{number}}',
    newTemplate: 'New template',
    editTemplate: 'Edit template {{number}}',
    supplier: 'Supplier',
    pickSupplier: 'Pick a supplier',
    template: 'Template',
    pickTemplate: 'Pick a released template',
    noTemplate: 'No released template yet: release one under the templates first',
    runningTotal: 'Total so far {{total}} / full score {{max}} (pass score {{pass}})',
  },
  detail: {
    score: 'Score',
    recordResults: 'Record test results',
    conclude: 'Submit for approval',
    concludeTitle: 'Submit {{number}} for approval',
    conclusion: 'Conclusion',
    remark: 'Remark for the approver',
    submitted: 'Submitted for approval',
    concluded: 'Result recorded',
    runningTotal: 'Total so far {{total}} (pass score {{pass}})',
  },
};
i18n.addResourceBundle('zh_cn', 'inspection', zh_cn, true, false);
i18n.addResourceBundle('en', 'inspection', en, true, false);
