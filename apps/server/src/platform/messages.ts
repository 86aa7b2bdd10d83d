import type { Locale } from '@srm/contracts/constants';

/**
 * Server-side texts in both interface languages. Keys are stable; `{name}` placeholders are filled by t().
 */
const messages = {
  ok: { zh_cn: '操作成功', en: 'Operation successful' },
  databaseUnavailable: {
    zh_cn: '数据库暂时不可用，请稍后重试',
    en: 'The database is temporarily unavailable, please try again shortly',
  },
  auditTaskNotFound: { zh_cn: '审批任务不存在', en: 'The approval task does not exist' },
  auditTaskDone: { zh_cn: '该审批任务已处理', en: 'This approval task has already been handled' },
  notYourTask: { zh_cn: '您不是该审批任务的审批人', en: 'You are not an approver of this task' },
  delegateUnknown: {
    zh_cn: '{field}：委托人 {delegate} 不是本公司的有效子账号',
    en: '{field}: delegate {delegate} is not an active sub-account of your company',
  },
  delegateSelf: { zh_cn: '{field}：不能委托给自己', en: '{field}: you cannot delegate to yourself' },
  delegateChain: {
    zh_cn: '{field}：{delegate} 在该期间已将自己的审批委托给他人，不能再接受委托（不允许转委托）',
    en: '{field}: {delegate} has delegated their own approvals in this period and cannot take yours (no chains)',
  },
  delegateIsDelegate: {
    zh_cn: '{field}：您在该期间代 {delegator} 审批，不能再委托给他人（不允许转委托）',
    en: '{field}: you approve on behalf of {delegator} in this period and cannot delegate (no chains)',
  },
  delegateOverlap: {
    zh_cn: '{field}：该期间与您已有的委托（{start} 至 {end}）重叠',
    en: '{field}: the period overlaps your delegation from {start} to {end}',
  },
  delegateEndBeforeStart: {
    zh_cn: '{field}：结束时间必须晚于开始时间',
    en: '{field}: the end must be after the start',
  },
  delegateEndPast: { zh_cn: '{field}：结束时间必须晚于现在', en: '{field}: the end must be in the future' },
  delegationNotFound: { zh_cn: '审批委托不存在', en: 'The approval delegation does not exist' },
  ccUnknown: {
    zh_cn: '{field}：抄送人 {cc} 不是本公司的子账号或角色',
    en: '{field}: CC recipient {cc} is not a sub-account or role of your company',
  },
  /** Issue #19 approval conditions (modules/audit/service.ts checkConditions). */
  conditionNoDocumentType: {
    zh_cn: '{field}：该审批流程的单据没有单据类型，不能按单据类型设置条件',
    en: '{field}: the documents of this approval flow have no document type to set a condition on',
  },
  conditionNoCategory: {
    zh_cn: '{field}：该审批流程的单据没有物料分类，不能按物料分类设置条件',
    en: '{field}: the documents of this approval flow have no material category to set a condition on',
  },
  conditionOrgUnknown: {
    zh_cn: '{field}：{codes} 不是本公司的{item}（组织主数据中没有）',
    en: '{field}: {codes} is not a {item} of your company (not in the organisation master data)',
  },
  conditionNoOrganisation: {
    zh_cn: '{field}：该审批流程的单据没有采购组织或工厂，不能按组织设置条件',
    en: '{field}: the documents of this approval flow have no purchase organisation or factory to set a condition on',
  },
  conditionTypeUnknown: {
    zh_cn: '{field}：单据类型 {code} 不存在，可选 {values}',
    en: '{field}: document type {code} does not exist; choose from {values}',
  },
  conditionCategoryUnknown: {
    zh_cn: '{field}：物料分类 {code} 不是本公司的物料分类',
    en: '{field}: material category {code} is not one of your company’s categories',
  },
  conditionAmountRange: {
    zh_cn: '{field}：金额上限必须大于金额下限',
    en: '{field}: the amount limit must be greater than the minimum amount',
  },
  orderNotFound: { zh_cn: '订单不存在', en: 'The order does not exist' },
  orderNotEditable: {
    zh_cn: '只有未审批或审批拒绝、已撤回且未发送的订单可以修改或删除',
    en: 'Only orders that are not approved (not submitted, rejected or withdrawn) and not sent can be changed or deleted',
  },
  orderStatusNotAllowed: {
    zh_cn: '订单当前状态不允许此操作：{action}',
    en: 'The order’s current status does not allow this action: {action}',
  },
  orderOnlyApprovedSend: { zh_cn: '只有审批通过的订单可以发送', en: 'Only approved orders can be sent' },
  supplierNotLinked: {
    zh_cn: '供应商 {account} 不是贵司的供应商',
    en: 'Supplier {account} is not one of your suppliers',
  },
  /** Issue #16: the stage-rights table refused (the text comes from contracts rightRefusal). */
  supplierRightRefused: { zh_cn: '{text}', en: '{text}' },
  supplierCertExpired: {
    zh_cn: '供应商 {account} 的强制认证“{type}”已于 {date} 过期，续期前不能授标',
    en: 'Supplier {account}: the mandatory certification “{type}” expired on {date}, so it cannot be awarded until renewed',
  },
  statusChangeFromState: {
    zh_cn: '供应商 {account} 当前为“{stage}”，不能{conversion}',
    en: 'Supplier {account} is now “{stage}”, so “{conversion}” is not allowed',
  },
  statusChangeNeedsSupplier: {
    zh_cn: '请选择供应商（toElsAccount）',
    en: 'Choose the supplier (toElsAccount)',
  },
  statusChangeNeedsCompany: {
    zh_cn: '代注册需填写供应商公司信息（company）',
    en: 'A replacement registration needs the supplier company (company)',
  },
  statusChangeNeedsGrade: {
    zh_cn: '等级调整需选择新的等级（toStatus）：合格、良好、优秀、合作或不合格，且不同于当前等级',
    en: 'A grade change needs a new grade (toStatus): qualified, good, excellent, cooperating or unqualified, other than the current one',
  },
  statusChangePending: {
    zh_cn: '供应商 {account} 已有一张审批中的状态变更申请 {number}',
    en: 'Supplier {account} already has a status change request under approval: {number}',
  },
  statusChangeNotDraft: {
    zh_cn: '申请 {number} 不是草稿或审批拒绝状态，不能提交或删除',
    en: 'Request {number} is not a draft or rejected, so it cannot be submitted or deleted',
  },
  statusChangeNotFound: { zh_cn: '状态变更申请不存在', en: 'The status change request does not exist' },
  supplierStatusNewStranger: {
    zh_cn: '新建的供应商记录为陌生供应商，其他状态只能通过状态变更申请（供应商生命周期）或准入审批获得',
    en: 'A new supplier record starts as a stranger; other stages come only through a status change request (Supplier lifecycle) or an admission approval',
  },
  supplierStatusNotEditable: {
    zh_cn: '供应商状态只能通过状态变更申请（供应商生命周期）修改',
    en: 'The supplier status changes only through a status change request (Supplier lifecycle)',
  },
  buyerNotLinked: {
    zh_cn: '采购方 {account} 不是贵司的客户',
    en: 'Buyer {account} is not one of your customers',
  },
  costRefundNotFound: {
    zh_cn: '关联退货单 {number} 不存在或不属于这两家公司',
    en: 'Return {number} does not exist between these two companies',
  },
  reconPeriodOrder: {
    zh_cn: '对账期间的开始日期 {from} 不能晚于结束日期 {to}',
    en: 'The period start {from} must not be after its end {to}',
  },
  // Factory inspections and samples (issue #16, modules/admission/inspection.ts, sample.ts).
  duplicateItemNames: {
    zh_cn: '参数错误：body.lines.itemName 不能重复（“{name}”出现多次）',
    en: 'Invalid input: duplicate item names rejected (body.lines.itemName “{name}” appears more than once)',
  },
  scoreOutOfRange: {
    zh_cn: '参数错误：body.lines[{index}].score 须在 0 到 {max} 之间（评审项“{name}”）',
    en: 'Invalid input: body.lines[{index}].score must be between 0 and {max} (item “{name}”)',
  },
  itemNotInTemplate: {
    zh_cn: '参数错误：body.lines[{index}].itemName “{name}” 不是本单据模板的项目',
    en: 'Invalid input: body.lines[{index}].itemName “{name}” is not an item of this document’s template',
  },
  templateNotReleased: {
    zh_cn: '参数错误：body.templateId 须为贵司已发布的模板',
    en: 'Invalid input: body.templateId must be a released template of your company',
  },
  supplierBlacklisted: {
    zh_cn: '供应商 {account} 已列入黑名单，不能验厂或送样',
    en: 'Supplier {account} is blacklisted: no inspection or sample for it',
  },
  inspectorNotFound: {
    zh_cn: '参数错误：body.inspectors 中的 {name} 不是贵司的子账号',
    en: 'Invalid input: body.inspectors names {name}, which is not a sub-account of your company',
  },
  inspectionNotInspector: {
    zh_cn: '只有验厂人员（{inspectors}）可以为评审项评分，{user} 不能为“{name}”评分',
    en: 'Only the inspectors ({inspectors}) score review items: {user} cannot score “{name}”',
  },
  inspectionNotScored: {
    zh_cn: '评审项“{name}”尚未评分，不能提交审批',
    en: 'Item “{name}” has no score yet, so the result cannot be submitted',
  },
  sampleNotTested: {
    zh_cn: '检测项目“{name}”尚无检测结果，不能提交审批',
    en: 'Test item “{name}” has no result yet, so the conclusion cannot be submitted',
  },
  sampleConclusionConflict: {
    zh_cn: '检测项目“{name}”不合格，结论不能为合格',
    en: 'Test item “{name}” failed, so the conclusion cannot be “pass”',
  },
  reconSourceNotOpen: {
    zh_cn: '来源 {id} 不在该对账范围内或已在其他对账单上',
    en: 'Source {id} is not open in this statement’s scope or is already on another statement',
  },
  reconSourceTaken: {
    zh_cn: '部分明细刚被其他对账单占用，请刷新后重试',
    en: 'Some lines were just taken by another statement; refresh and try again',
  },
  invoiceReconNotFound: {
    zh_cn: '对账单 {id} 不存在或不是贵司的对账单',
    en: 'Statement {id} does not exist or is not one of yours',
  },
  invoiceReconNotConfirmed: {
    zh_cn: '对账单 {number} 尚未确认，只有已确认或已过账的对账单可以开票',
    en: 'Statement {number} is not confirmed: only confirmed or posted statements can be invoiced',
  },
  invoiceReconFixed: {
    zh_cn: '发票登记后不能更换对账单',
    en: 'An invoice’s statement cannot be changed once registered',
  },
  invoiceNumberTaken: {
    zh_cn: '发票 {code} {number} 已登记，不能重复登记',
    en: 'Invoice {code} {number} is already registered and cannot be registered twice',
  },
  invoiceLineTwice: {
    zh_cn: '对账明细 {id} 在发票中出现了两次',
    en: 'Statement line {id} appears twice on the invoice',
  },
  invoiceLineNotOnRecon: {
    zh_cn: '明细 {id} 不是对账单 {number} 的明细',
    en: 'Line {id} is not a line of statement {number}',
  },
  invoiceLineTaken: {
    zh_cn: '部分对账明细已在其他发票上，请刷新后重试',
    en: 'Some statement lines are already on another invoice; refresh and try again',
  },
  toleranceRange: {
    zh_cn: '{field} 必须是不小于 0 的数（比例不大于 100）',
    en: '{field} must be a number of at least 0 (a percentage at most 100)',
  },
  noPriceForLine: {
    zh_cn: '第 {line} 行：物料 {material} 没有有效价格，请填写价格',
    en: 'Line {line}: material {material} has no valid price; enter a price',
  },
  selectAtLeastOneRow: { zh_cn: '请至少选择一行', en: 'Select at least one row' },
  refuseNeedsRemark: { zh_cn: '拒绝时必须填写供应商备注', en: 'Refusing requires supplier remarks' },
  returnReasonOnConfirm: {
    zh_cn: '确认时不能填写退回原因',
    en: 'A return reason cannot be given when confirming',
  },
  returnReasonRequired: { zh_cn: '退回原因不能为空', en: 'The return reason is required' },
  replyDateRequired: {
    zh_cn: '第 {line} 行：请填写回复交期',
    en: 'Line {line}: the reply delivery date is required',
  },
  lineNotInOrder: { zh_cn: '行 {id} 不属于该订单', en: 'Line {id} does not belong to this order' },
  onlySupplier: { zh_cn: '只有供应方可以执行此操作', en: 'Only the supplying side can do this' },
  shipNeedsConfirmed: {
    zh_cn: '只有已发送、已（部分）确认且未关闭、无待确认变更的订单可以发货',
    en: 'Only a sent order that is (partly) confirmed, not closed and without a change waiting for confirmation can be shipped',
  },
  lineRepeated: { zh_cn: '第 {line} 行重复出现', en: 'Line {line} appears more than once' },
  lineNotShippable: {
    zh_cn: '第 {line} 行未确认、已关闭或已删除：只有已确认的未关闭行可以发货',
    en: 'Line {line} is not confirmed, or is closed or deleted: only confirmed open lines can be shipped',
  },
  shipOverRemaining: {
    zh_cn: '第 {line} 行：发货数量 {quantity} 超过可发货数量 {remaining}（数量 ×（1 + 超交容差）− 已发货）',
    en: 'Line {line}: shipment quantity {quantity} is more than the remaining {remaining} (quantity × (1 + over tolerance) − shipped)',
  },
  shipmentNotFound: { zh_cn: '发货单不存在', en: 'The shipment does not exist' },
  shipmentNotInTransit: {
    zh_cn: '发货单 {number} 已全部收货：只有在途的发货单可以收货',
    en: 'Shipment {number} is fully received: only shipments in transit can be received',
  },
  lineNotInShipment: {
    zh_cn: '第 {line} 行不在发货单 {number} 中',
    en: 'Line {line} is not on shipment {number}',
  },
  receiveOverShipped: {
    zh_cn: '第 {line} 行：收货数量 {quantity} 超过未收货数量 {remaining}（已发货 − 已收货）',
    en: 'Line {line}: received quantity {quantity} is more than the {remaining} not yet received (shipped − received)',
  },
  arrivalBeforeShip: {
    zh_cn: '预计到货日期不能早于发货日期',
    en: 'The expected arrival date cannot be before the ship date',
  },
  orderShippedNoChange: {
    zh_cn: '订单已有发货，不能再变更；请关闭剩余行后新建订单',
    en: 'The order has shipments and can no longer be changed; close the remaining lines and create a new order',
  },
  lineShippedNoRefuse: {
    zh_cn: '第 {line} 行已发货，不能拒绝',
    en: 'Line {line} has been shipped and cannot be refused',
  },
  quoteEndTimeNotFuture: {
    zh_cn: 'body.quoteEndTime 报价截止时间必须晚于当前时间',
    en: 'body.quoteEndTime: the quote end time must be later than the current time',
  },
  // Issue #13: an order's price bidding is a one-round RFQ (enquiryType 3) started from the order.
  orderBidMaterialMissing: {
    zh_cn: '第 {line} 行物料 {material} 不在物料主数据中：发起竞价的订单行须为物料主数据中的物料',
    en: 'Line {line}: material {material} is not in the material master; bidding needs master materials on every line',
  },
  orderBiddingGone: {
    zh_cn: '采购订单 {number} 已不在此询价单的竞价中，不能写回定标结果',
    en: 'Purchase order {number} is no longer in bidding on this RFQ; the award cannot be written back',
  },
  enquiryTypeOrderOnly: {
    zh_cn: 'body.enquiryType 询价类型“订单竞价”只能由采购订单的“发起竞价”生成',
    en: 'body.enquiryType: the type “Order bidding” is made only by starting bidding on a purchase order',
  },
  enquiryOrderOneRound: {
    zh_cn: '订单竞价询价单只有一轮报价：请在订单上取消竞价后重新发起',
    en: 'An order bidding RFQ has one round only: cancel the bidding on the order and start it again',
  },
  enquiryOrderOneSupplier: {
    zh_cn: '订单竞价须整单授标给一家供应商：每一行都授给同一家供应商，配额 100%',
    en: 'An order bidding is awarded to one supplier for the whole order: every line to the same supplier at 100 %',
  },
  documentNotFound: { zh_cn: '{title}不存在', en: 'The {title} does not exist' },
  docStatusNotAllowed: {
    zh_cn: '{title} {number} 的{field}为“{status}”，不能{action}',
    en: '{title} {number}: {field} is “{status}”, so {action} is not allowed',
  },
  docWrongSide: { zh_cn: '{side}不能执行此操作：{action}', en: 'The {side} cannot do this: {action}' },
  bulkAllRefused: {
    zh_cn: '所选 {count} 个单据均未执行：{first}',
    en: 'None of the {count} selected documents was done: {first}',
  },
  docLineRepeated: { zh_cn: '第 {line} 行重复出现', en: 'Line {line} appears more than once' },
  docLineNotOnDocument: {
    zh_cn: '行 {id} 不属于该单据',
    en: 'Line {id} does not belong to this document',
  },
  docFieldRequired: { zh_cn: '{field} 不能为空', en: '{field} is required' },
  docImportDecimal: {
    zh_cn: '{field} 应为数字：最多 {integer} 位整数、{scale} 位小数',
    en: '{field} must be a number with at most {integer} integer digits and {scale} decimals',
  },
  docImportRowRef: { zh_cn: '（第 {row} 行）', en: '(row {row})' },
  docImportCollectionRef: {
    zh_cn: '表“{sheet}”的单据参考号 {value} 在第一张表中没有对应的单据',
    en: 'Document reference {value} of sheet "{sheet}" names no document of the first sheet',
  },
  docImportRefUnknown: {
    zh_cn: '找不到{what}：{value}（或您不能使用它）',
    en: 'No {what} {value} that you can use',
  },
  docBulkTooMany: { zh_cn: '一次最多处理 {max} 张单据', en: 'At most {max} documents at once' },
  noteOneBuyer: {
    zh_cn: '一张送货单只能包含同一采购方的订单行',
    en: 'One delivery notice can only hold lines of one buyer',
  },
  noteLineNotOpen: {
    zh_cn: '订单 {order} 第 {line} 行未确认、已关闭或订单不可发货：只有已确认的未关闭行可以送货',
    en: 'Order {order} line {line} is not confirmed, is closed, or its order cannot be shipped: only confirmed open lines can be delivered',
  },
  noteLineUnknown: { zh_cn: '订单行 {id} 不存在', en: 'Order line {id} does not exist' },
  noteOverRemaining: {
    zh_cn:
      '订单 {order} 第 {line} 行：送货数量 {quantity} 超过可送数量 {remaining}（数量 ×（1 + 超交容差）− 已送货）',
    en: 'Order {order} line {line}: delivery quantity {quantity} is more than the remaining {remaining} (quantity × (1 + over tolerance) − delivered)',
  },
  noteReceiveOver: {
    zh_cn: '第 {line} 行：收货数量 {quantity} 超过未收货数量 {remaining}（送货 − 已收货）',
    en: 'Line {line}: received quantity {quantity} is more than the {remaining} not yet received (delivered − received)',
  },
  noteNotByNumber: {
    zh_cn: '没有找到该编号的送货单',
    en: 'No delivery notice has this number',
  },
  // Purchase requisitions and the demand pool (seed 001 §5, §8; modules/purchase-request).
  requestMaterialUnknown: {
    zh_cn: '第 {line} 行：物料 {material} 不在物料主数据中，请填写物料描述和单位',
    en: 'Line {line}: material {material} is not in the material master; enter its description and unit',
  },
  requestLineUnknown: { zh_cn: '采购申请行 {id} 不存在', en: 'Requisition line {id} does not exist' },
  requestLineNotOpen: {
    zh_cn: '采购申请 {number} 第 {line} 行不在需求池中（未审批、已转单、已退回或已取消）',
    en: 'Requisition {number} line {line} is not in the demand pool (not approved, transferred, returned or cancelled)',
  },
  requestLineClaimed: {
    zh_cn: '只能认领未认领的数据：采购申请 {number} 第 {line} 行已被 {user} 认领',
    en: 'Only unclaimed items can be claimed: requisition {number} line {line} was claimed by {user}',
  },
  requestLineClaimedByOther: {
    zh_cn: '采购申请 {number} 第 {line} 行已被 {user} 认领，只有认领人可以处理',
    en: 'Requisition {number} line {line} is claimed by {user}; only the claimant can handle it',
  },
  requestLineNotClaimedByYou: {
    zh_cn: '采购申请 {number} 第 {line} 行未被您认领：请先认领再转单',
    en: 'Requisition {number} line {line} is not claimed by you: claim it first',
  },
  requestNoSupplier: {
    zh_cn: '采购申请 {number} 第 {line} 行没有供应商：请选择供应商',
    en: 'Requisition {number} line {line} has no supplier: choose one',
  },
  requestLineRepeated: {
    zh_cn: '采购申请 {number} 第 {line} 行重复出现',
    en: 'Requisition {number} line {line} is named twice',
  },
  requestNoMaterial: {
    zh_cn: '采购申请 {number} 第 {line} 行的物料不在物料主数据中，不能转询价',
    en: 'Requisition {number} line {line}: its material is not in the material master, so it cannot go to an RFQ',
  },
  requestNoMaterialEbid: {
    zh_cn: '采购申请 {number} 第 {line} 行的物料不在物料主数据中，不能转竞价',
    en: 'Requisition {number} line {line}: its material is not in the material master, so it cannot go to an e-auction',
  },
  requestOverMove: {
    zh_cn:
      '采购申请 {number} 第 {line} 行：转单数量 {quantity} 超过剩余可转数量 {remaining}（需求数量 − 已转询价、招标、订单数量）',
    en: 'Requisition {number} line {line}: quantity {quantity} is more than the {remaining} left (required − moved to RFQs, biddings and orders)',
  },
  requestScrapClaimed: {
    zh_cn: '作废采购申请失败：第 {line} 行已被 {user} 认领，请认领人先转单或退回',
    en: 'Failed to scrap the requisition: line {line} is claimed by {user}; the claimant must turn it into an order or return it first',
  },
  requestCancelMoved: {
    zh_cn: '取消采购申请失败：第 {line} 行已转单',
    en: 'Failed to cancel the requisition: line {line} has been transferred',
  },
  noteHasReceipts: {
    zh_cn: '送货单已有收货，不能取消',
    en: 'Goods of this notice were received: it can no longer be cancelled',
  },
  refundOverReturnable: {
    zh_cn: '第 {line} 行：退货数量 {quantity} 超过可退数量 {remaining}（已收货 − 已退货）',
    en: 'Line {line}: return quantity {quantity} is more than the {remaining} that can be returned (received − returned)',
  },
  refundNoteNotReceived: {
    zh_cn: '送货单 {number} 还没有收货，不能退货',
    en: 'Nothing of delivery notice {number} was received yet: nothing can be returned',
  },
  unknownError: { zh_cn: '服务器内部错误，请稍后重试', en: 'Internal server error, please try again later' },
  notFound: { zh_cn: '请求的资源不存在', en: 'The requested resource does not exist' },
  routeNotFound: { zh_cn: '接口不存在：{route}', en: 'No such API: {route}' },
  malformedJson: { zh_cn: '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  unsupportedMediaType: {
    zh_cn: '不支持的内容类型：{type}',
    en: 'Unsupported content type: {type}',
  },
  urlTooLong: { zh_cn: '请求地址的参数过长', en: 'A parameter in the request address is too long' },
  badUrl: { zh_cn: '请求地址无效', en: 'The request address is invalid' },
  bodyTooLarge: { zh_cn: '请求体过大', en: 'The request body is too large' },
  validation: { zh_cn: '参数错误：{detail}', en: 'Invalid input: {detail}' },
  'rule.required': { zh_cn: '{field} 不能为空', en: '{field} is required' },
  'rule.type': { zh_cn: '{field} 应为{expected}', en: '{field} must be a {expected}' },
  'rule.tooShort': { zh_cn: '{field} 长度不能少于 {min}', en: '{field} must be at least {min} long' },
  'rule.tooLong': { zh_cn: '{field} 长度不能超过 {max}', en: '{field} must be at most {max} long' },
  'rule.tooSmall': { zh_cn: '{field} 不能小于 {min}', en: '{field} must be at least {min}' },
  'rule.decimal': {
    zh_cn: '{field} 应为数字，最多 {integerDigits} 位整数、{scale} 位小数',
    en: '{field} must be a number with at most {integerDigits} integer digits and {scale} decimals',
  },
  'rule.notNegative': { zh_cn: '{field} 不能为负数', en: '{field} must not be negative' },
  'field.line': { zh_cn: '第 {n} 行', en: 'Line {n}' },
  'field.collectionLine': { zh_cn: '{label}第 {n} 行', en: '{label}, line {n}' },
  'field.item': { zh_cn: '{label}第 {n} 项', en: '{label} {n}' },
  'field.row': { zh_cn: '第 {n} 项', en: 'Item {n}' },
  'rule.tooBig': { zh_cn: '{field} 不能大于 {max}', en: '{field} must be at most {max}' },
  'rule.format': { zh_cn: '{field} 格式不正确', en: '{field} has an invalid format' },
  'rule.enum': { zh_cn: '{field} 取值应为 {values}', en: '{field} must be one of {values}' },
  'rule.timeZone': {
    zh_cn: '{field} 应为时区名称，如 Asia/Shanghai、Europe/Berlin',
    en: '{field} must be a time zone name such as Asia/Shanghai or Europe/Berlin',
  },
  'rule.unknownKey': { zh_cn: '不允许的字段 {field}', en: 'Field {field} is not allowed' },
  'rule.pageTooDeep': {
    zh_cn: '{field} 超出可翻页范围（前 {rows} 条）：请缩小筛选条件，或用上一页返回的 nextCursor 继续读取',
    en: '{field} is beyond the first {rows} rows that pages reach: narrow the filter, or continue with the nextCursor of the previous page',
  },
  'rule.invalidCursor': {
    zh_cn: '{field} 无效：请使用本列表上一页返回的 nextCursor',
    en: '{field} is not valid: use the nextCursor this list returned with the previous page',
  },
  'rule.nulCharacter': {
    zh_cn: '{field} 含有不允许的空字符',
    en: '{field} contains a NUL character, which is not allowed',
  },
  uploadNotMultipart: {
    zh_cn: '上传须为 multipart/form-data，文件字段名为 file',
    en: 'An upload must be multipart/form-data with a field named file',
  },
  uploadMissingFile: { zh_cn: '没有收到文件（字段 file）', en: 'No file was received (field file)' },
  uploadTooLarge: { zh_cn: '文件超过 {max} MB', en: 'The file is larger than {max} MB' },
  uploadImageOnly: { zh_cn: '只能上传 JPG 或 PNG 图片', en: 'Only JPG or PNG pictures can be uploaded' },
  uploadTypeNotAllowed: {
    zh_cn: '不支持的文件类型（支持 PNG、JPG、PDF、XLSX）',
    en: 'This file type is not supported (PNG, JPG, PDF, XLSX are)',
  },
  captchaRequired: { zh_cn: '请输入图形验证码', en: 'Please enter the captcha' },
  captchaWrong: { zh_cn: '图形验证码错误，请重新输入', en: 'The captcha is wrong, please try again' },
  accountLocked: {
    zh_cn: '密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试或联系管理员解锁',
    en: 'Too many wrong passwords: the account is locked; try again in {minutes} minutes or ask an administrator to unlock it',
  },
  inviteInvalid: {
    zh_cn: '邀请码无效、已使用或已过期',
    en: 'The invitation code is invalid, used or expired',
  },
  agreementRequired: { zh_cn: '请先阅读并同意用户协议', en: 'Please read and accept the agreement first' },
  registrationPasswordRule: {
    zh_cn: '密码至少8位，不能以数字开头，须包含大写字母、小写字母和特殊字符（@$!%*#?&）',
    en: 'The password needs at least 8 characters, must not start with a digit, and needs upper case, lower case and one of @$!%*#?&',
  },
  mobileTaken: { zh_cn: '该手机号已注册', en: 'This mobile number is already registered' },
  companyTaken: { zh_cn: '该公司名称已注册', en: 'This company name is already registered' },
  resetMismatch: {
    zh_cn: '账号与手机号不匹配',
    en: 'The account and the mobile number do not match',
  },
  smsCodeWrong: { zh_cn: '验证码错误', en: 'Verification code error' },
  smsCodeExpired: {
    zh_cn: '验证码已失效，请重新获取',
    en: 'The verification code has expired, please request a new one',
  },
  mobileAmbiguous: {
    zh_cn: '该手机号对应多个账号，请使用账号密码登录',
    en: 'Several accounts use this mobile number; please log in with account and password',
  },
  'rule.positive': { zh_cn: '{field} 必须大于 0', en: '{field} must be greater than 0' },
  'rule.percent': { zh_cn: '{field} 应在 0 到 100 之间', en: '{field} must be between 0 and 100' },
  'rule.invalid': { zh_cn: '{field} 不合法', en: '{field} is invalid' },
  dataValueUnknown: {
    zh_cn: '{field}：本公司没有这些{item}：{values}',
    en: '{field}: the company has no such {item}: {values}',
  },
  'rule.duplicate': { zh_cn: '{field} 重复', en: '{field} is a duplicate' },
  'rule.orgCodeNotEnabled': {
    zh_cn: '{field}：“{value}”不是本公司已启用的{item}，请在组织主数据中维护或选择已启用的{item}',
    en: '{field}: "{value}" is not an enabled {item} of your company; choose an enabled one or maintain it in the organisation master data',
  },
  'rule.outsideDataPermission': {
    zh_cn: '{field} 的值“{value}”不在您的数据权限范围内',
    en: '{field} "{value}" is outside your data permissions',
  },
  orgUnitNotFound: { zh_cn: '组织主数据记录不存在', en: 'The organisation record does not exist' },
  orgUnitCodeTaken: {
    zh_cn: '{field}：{title}编码 {code} 已存在',
    en: '{field}: the {title} code {code} already exists',
  },
  orgUnitCodeFixed: {
    zh_cn: '{field}：编码保存后不能修改',
    en: '{field}: the code cannot be changed once saved',
  },
  orgUnitParentRequired: {
    zh_cn: '{field}：请选择所属{parent}',
    en: '{field}: choose the {parent} it belongs to',
  },
  orgUnitParentUnknown: {
    zh_cn: '{field}：本公司没有启用的{parent} {code}',
    en: '{field}: the company has no enabled {parent} {code}',
  },
  orgUnitNoParent: {
    zh_cn: '{field}：{title}不属于其他组织，应为空',
    en: '{field}: a {title} belongs to no other unit; leave it empty',
  },
  orgUnitInUse: {
    zh_cn: '{title} {code} 已被{user}使用，不能删除，请停用',
    en: '{title} {code} is used by {user}: it cannot be deleted, disable it instead',
  },
  'rule.menuLink': {
    zh_cn: '{field} 必须是 https:// 开头的网址或以 / 开头的门户路径（不允许 javascript:）',
    en: '{field} must be an https:// URL or a portal path starting with / (no javascript:)',
  },
  'rule.menuParent': {
    zh_cn: '{field} 必须是本站点菜单中的分组',
    en: '{field} must be a menu group of your station',
  },
  menuEntryNotFound: { zh_cn: '菜单项不存在', en: 'The menu entry does not exist' },
  'type.string': { zh_cn: '字符串', en: 'string' },
  'type.number': { zh_cn: '数字', en: 'number' },
  'type.object': { zh_cn: '对象', en: 'object' },
  'type.array': { zh_cn: '数组', en: 'array' },
  'type.boolean': { zh_cn: '布尔值', en: 'boolean' },
  unauthorized: { zh_cn: '登录验证失败，请重新登录', en: 'Login verification failed, please log in again' },
  tokenExpired: { zh_cn: '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  accountMismatch: {
    zh_cn: '请求头 account 与登录账号不一致',
    en: 'The account header does not match the logged-in account',
  },
  forbidden: { zh_cn: '没有权限执行此操作', en: 'You do not have permission to do this' },
  loginFailed: { zh_cn: '账号、子账号或密码错误', en: 'Wrong account, sub-account or password' },
  accountDisabled: {
    zh_cn: '该账号已停用，请联系管理员',
    en: 'This account is disabled, please contact your administrator',
  },
  tooManyAttempts: {
    zh_cn: '尝试次数过多，请 {seconds} 秒后再试',
    en: 'Too many attempts, please try again in {seconds} seconds',
  },
  cipherInvalid: {
    zh_cn: '{field} 无法解密，请刷新页面后重试',
    en: '{field} could not be decrypted, please reload the page and try again',
  },
  refreshMissing: { zh_cn: '缺少刷新令牌', en: 'The refresh token is missing' },
  refreshInvalid: { zh_cn: '刷新令牌无效或已过期', en: 'The refresh token is invalid or has expired' },
  refreshReused: {
    zh_cn: '刷新令牌被重复使用，为安全起见已注销该会话',
    en: 'The refresh token was used twice; the session has been revoked for safety',
  },
  passwordRule: {
    zh_cn: '字母开头，长度5-20，必须包含字母（区分大小写）、数字',
    en: 'Starts with a letter, 5-20 characters, must contain letters (case-sensitive) and a digit',
  },
  passwordMismatch: { zh_cn: '两次输入密码不一致', en: 'The two passwords do not match' },
  passwordSame: { zh_cn: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },
  oldPasswordWrong: { zh_cn: '原密码错误', en: 'The current password is wrong' },
  unlockWrong: { zh_cn: '解锁密码错误', en: 'Unlock password error' },
  accountNotFound: { zh_cn: '账号不存在', en: 'The account does not exist' },
  emailOrMobileRequired: {
    zh_cn: '{field}：邮箱和手机号至少填写一项',
    en: '{field}: one of email or phone must be filled',
  },
  cannotDisableSelf: {
    zh_cn: '{field}：不能停用自己的账号',
    en: '{field}: you cannot disable your own account',
  },
  roleNotFound: { zh_cn: '角色不存在', en: 'The role does not exist' },
  inboxBuyerNotLinked: {
    zh_cn: '{field} 必须是与贵司关联的采购方',
    en: '{field} must be a buyer your company is linked with',
  },
  notYourAccount: {
    zh_cn: '只能修改自己的账号',
    en: 'You can only change your own account',
  },
  staleVersion: {
    zh_cn: '数据已被他人修改，请刷新后重试',
    en: 'Someone else changed this record; reload and try again',
  },
  notYourMessages: {
    zh_cn: '只能查看和处理自己的消息',
    en: 'You can only read and handle your own messages',
  },
  messageNotFound: {
    zh_cn: '消息不存在或不属于当前用户，未做任何修改',
    en: 'A message does not exist or is not yours; nothing was changed',
  },
  updateFlagRequired: {
    zh_cn: 'handleFlag 与 readFlag 至少填写一个',
    en: 'Set at least one of handleFlag and readFlag',
  },
  onlyBuyer: { zh_cn: '只有采购方可以执行此操作', en: 'Only the buying side can do this' },
  noticeNotFound: { zh_cn: '公告不存在', en: 'The announcement does not exist' },
  noticePublished: {
    zh_cn: '公告已发布，不能再修改',
    en: 'The announcement is published and can no longer be changed',
  },
  noticeEnded: {
    zh_cn: '公告结束时间已过，不能发布',
    en: 'The announcement has already ended and cannot be published',
  },
  receiversNotLinked: {
    zh_cn: '接收方不是贵司的供应商：{accounts}',
    en: 'These receivers are not your suppliers: {accounts}',
  },
  endBeforeStart: {
    zh_cn: 'noticeEndTime 结束时间必须晚于开始时间',
    en: 'noticeEndTime must be after noticeStartTime',
  },
  mdCategoryNotFound: { zh_cn: '物料分类不存在', en: 'The material category does not exist' },
  mdCategoryTooDeep: {
    zh_cn: '不能在第三级分类下新建分类',
    en: 'Categories cannot be created below level 3',
  },
  mdCategoryNameRepeat: {
    zh_cn: '同级分类名称不能重复：{name}',
    en: 'Category names must not repeat among siblings: {name}',
  },
  mdCategoryCodeTaken: { zh_cn: '分类编码已存在：{code}', en: 'The category code already exists: {code}' },
  mdCategoryNoMove: {
    zh_cn: '不能修改分类的上级分类',
    en: 'The parent of an existing category cannot be changed',
  },
  mdCategoryHasChildren: { zh_cn: '请先删除子节点', en: 'Delete child nodes first' },
  mdCategoryInUse: {
    zh_cn: '该分类下还有物料，不能删除',
    en: 'Materials use this category; it cannot be deleted',
  },
  mdMaterialNotFound: { zh_cn: '物料不存在', en: 'The material does not exist' },
  mdMaterialNotLevel3: {
    zh_cn: '新建物料必须挂在三级分类下',
    en: 'New materials must be under a level 3 class',
  },
  mdMaterialNumberTaken: {
    zh_cn: '物料编码已存在：{number}',
    en: 'The material number already exists: {number}',
  },
  mdMaterialNumberUnknown: { zh_cn: '物料编码不存在：{number}', en: 'No material has the number {number}' },
  mdMaterialHasPrices: {
    zh_cn: '该物料已有价格记录，请先删除价格',
    en: 'This material has prices; delete them first',
  },
  mdRange: { zh_cn: '{field} 应在 {min} 到 {max} 之间', en: '{field} must be between {min} and {max}' },
  mdPositive: { zh_cn: '{field} 必须大于 0', en: '{field} must be greater than 0' },
  mdPercentFormat: {
    zh_cn: '{field} 应为 0 到 100 之间的数，最多 2 位小数',
    en: '{field} must be a number from 0 to 100 with at most 2 decimals',
  },
  mdNetAboveGross: { zh_cn: '净重不能大于毛重', en: 'The net weight cannot exceed the gross weight' },
  mdShelfLifeOrder: {
    zh_cn: '最短保质期不能大于总保质期',
    en: 'The minimum shelf life cannot exceed the total shelf life',
  },
  mdNotYourSupplier: {
    zh_cn: '{account} 不是贵司的供应商',
    en: '{account} is not one of your suppliers',
  },
  mdSupplierNotFound: { zh_cn: '供应商主数据不存在', en: 'The supplier record does not exist' },
  mdSupplierExists: {
    zh_cn: '供应商 {account} 已有主数据记录',
    en: 'Supplier {account} already has a record',
  },
  mdSupplierCodeTaken: { zh_cn: '供应商编码已存在：{code}', en: 'The supplier code already exists: {code}' },
  mdSupplierAccountFixed: {
    zh_cn: '不能修改供应商账号',
    en: 'The supplier account of a record cannot be changed',
  },
  mdNameLength: { zh_cn: '名称长度 3 到 40 个字符', en: 'Name length 3 to 40 characters' },
  mdPriceNotFound: { zh_cn: '价格记录不存在', en: 'The price record does not exist' },
  mdPriceDates: {
    zh_cn: '价格开始时间必须早于价格结束时间',
    en: 'The price start time must be before the price end time',
  },
  mdPriceExpired: {
    zh_cn: '价格结束时间必须晚于当前时间',
    en: 'The price end time must be later than the current time',
  },
  mdExchangeRateFormat: {
    zh_cn: '汇率格式为 10.6：最多 4 位整数、6 位小数，且大于 0',
    en: 'Exchange rate format 10.6: at most 4 integer digits and 6 decimals, greater than 0',
  },
  mdPriceIncludingMismatch: {
    zh_cn: '含税单价应为 {expected}（不含税单价 ×（1 + 税率/100），保留 6 位小数）',
    en: 'The price including tax must be {expected} (excluding tax × (1 + tax rate/100), 6 decimals)',
  },
  mdImportBadFile: {
    zh_cn: '无法读取 Excel 文件，请上传 .xlsx 文件',
    en: 'The file could not be read; please upload an .xlsx workbook',
  },
  mdImportEmpty: { zh_cn: '文件中没有数据行', en: 'The file has no data rows' },
  mdImportTooMany: { zh_cn: '一次最多导入 {max} 行', en: 'At most {max} rows can be imported at once' },
  mdImportMissingColumn: { zh_cn: '缺少列：{column}', en: 'Missing column: {column}' },
  mdImportRejected: {
    zh_cn: '{count} 行数据有错误，未导入任何数据',
    en: '{count} rows have errors; nothing was imported',
  },
  mdDuplicateInFile: {
    zh_cn: '{field} 与第 {row} 行重复',
    en: '{field} repeats row {row}',
  },
  mdImportCellTooLong: { zh_cn: '{field} 内容过长', en: '{field} is too long' },
  enquiryMinSuppliers: {
    zh_cn: '第 {line} 行：每个物料至少需要 {min} 家供应商报价',
    en: 'Line {line}: each material needs at least {min} suppliers to quote',
  },
  enquirySupplierRepeated: {
    zh_cn: '第 {line} 行：供应商 {account} 不能重复',
    en: 'Line {line}: supplier {account} cannot repeat',
  },
  enquiryLadderNotRising: {
    zh_cn: '第 {step} 个阶梯的数量必须大于上一个阶梯',
    en: 'Ladder step {step}: the quantity must be greater than the previous step',
  },
  enquiryQuotaTotal: {
    zh_cn: '第 {line} 行：配额合计必须为 100%（现为 {total}%）',
    en: 'Line {line}: the quotas must total 100% (now {total}%)',
  },
  enquiryMaterialUnknown: { zh_cn: '物料 {id} 不存在', en: 'Material {id} does not exist' },
  enquiryEndInPast: {
    zh_cn: '报价截止时间必须晚于当前时间',
    en: 'The quote deadline must be later than the current time',
  },
  comparisonBusy: {
    zh_cn: '正在计算的比价过多，请 {seconds} 秒后再试',
    en: 'Too many price comparisons are being computed, please try again in {seconds} seconds',
  },
  enquirySealed: {
    zh_cn: '报价截止前不能查看报价（截止时间 {end}）',
    en: 'Quotes are sealed until the quote deadline ({end})',
  },
  enquiryNotAllAnswered: {
    zh_cn: '提前截止报价需要本轮所有受邀供应商都已报价或拒绝报价（且至少一家已报价）',
    en: 'Quoting can end early only once every invited supplier of the round has quoted or declined (at least one quote)',
  },
  enquiryPasswordRequired: {
    zh_cn: '该询价单设有开标密码：请由创建人以外的同事输入开标密码后查看报价',
    en: 'This RFQ has an opening password: a colleague other than its creator must enter it to open the quotes',
  },
  enquiryOpenNotNeeded: {
    zh_cn: '该询价单无需开标（没有开标密码或已开标）',
    en: 'This RFQ needs no opening (it has no opening password, or it is open)',
  },
  enquiryOpenerIsCreator: {
    zh_cn: '开标密码须由询价单创建人以外的同事输入',
    en: 'The opening password must be entered by someone other than the RFQ’s creator',
  },
  enquiryPasswordWrong: { zh_cn: '开标密码错误', en: 'The opening password is wrong' },
  enquiryItemNameRepeated: { zh_cn: '项目名称“{name}”重复', en: 'Item name “{name}” appears more than once' },
  enquiryCostItemsMissing: {
    zh_cn: '成本构成报价须至少设置一个成本项',
    en: 'A cost-breakdown RFQ needs at least one cost item',
  },
  enquiryCostUnknown: {
    zh_cn: '第 {line} 行：成本项“{name}”不在询价单的成本构成中',
    en: 'Line {line}: cost item “{name}” is not in the RFQ’s cost structure',
  },
  enquiryCostMissing: {
    zh_cn: '第 {line} 行：请填写成本项“{name}”的金额',
    en: 'Line {line}: give an amount for cost item “{name}”',
  },
  enquiryFeeUnknown: {
    zh_cn: '第 {line} 行：费用项“{name}”不在询价单的附加费用中',
    en: 'Line {line}: fee “{name}” is not one of the RFQ’s additional fees',
  },
  enquirySheetCostMethod: {
    zh_cn: '成本构成报价请在报价页面填写（报价单 Excel 仅支持单价和阶梯报价）',
    en: 'Quote cost breakdowns on the quote page (the Excel quote sheet takes unit and ladder prices)',
  },
  enquiryNotInRound: {
    zh_cn: '您未被邀请参加第 {bout} 轮报价',
    en: 'You are not invited to quote in round {bout}',
  },
  enquiryRoundSupplier: {
    zh_cn: '供应商 {account} 未报价，不能参加新一轮报价',
    en: 'Supplier {account} has not quoted and cannot be invited to a new round',
  },
  enquiryNotOpen: {
    zh_cn: '询价单不在报价中或已过报价截止时间',
    en: 'The RFQ is not open for quotes or its quote deadline has passed',
  },
  enquiryNotPublic: {
    zh_cn: '该询价单不是公开询价，只有受邀供应商可以参与',
    en: 'This RFQ is not public: only invited suppliers take part',
  },
  enquiryJoinClosed: {
    zh_cn: '公开询价的报名已截止（{end} UTC），不能再参与报价',
    en: 'Registration for this public RFQ closed at {end} UTC: you can no longer take part',
  },
  enquiryJoinLaterRound: {
    zh_cn: '公开询价已进入第 {bout} 轮，只有采购方选定的供应商可以报价',
    en: 'This public RFQ is in round {bout}: only the suppliers the buyer chose quote',
  },
  enquiryJoinEndAfterQuoteEnd: {
    zh_cn: '报名截止时间不能晚于报价截止时间',
    en: 'The registration deadline cannot be later than the quote deadline',
  },
  enquiryJoinEndInPast: {
    zh_cn: '报名截止时间必须晚于当前时间',
    en: 'The registration deadline must be in the future',
  },
  enquiryPublicOpenEarly: {
    zh_cn: '公开询价不能设置“全部响应后提前开标”：报名截止前随时可能有新的供应商参与',
    en: 'A public RFQ cannot open early once all have answered: new suppliers may take part until registration closes',
  },
  enquiryPublicMinParticipants: {
    zh_cn: '第 {line} 行：公开询价只有 {count} 家供应商参与，每个物料至少需要 {min} 家供应商参与才能定标',
    en: 'Line {line}: only {count} suppliers took part in this public RFQ; each material needs at least {min} to be awarded',
  },
  enquiryLineNotInvited: {
    zh_cn: '您未被邀请对该行报价',
    en: 'You are not invited to quote this line',
  },
  enquiryDeclined: { zh_cn: '您已拒绝该询价', en: 'You have declined this RFQ' },
  enquiryPriceMissing: {
    zh_cn: '第 {line} 行：请填写单价（阶梯报价须填写阶梯）',
    en: 'Line {line}: give a unit price (a ladder for a ladder-price RFQ)',
  },
  enquiryAwardNotQuoted: {
    zh_cn: '第 {line} 行：供应商 {account} 未报价，不能中标',
    en: 'Line {line}: supplier {account} has not quoted and cannot be awarded',
  },
  enquirySheetRejected: {
    zh_cn: '{count} 行数据有错误，未提交任何报价',
    en: '{count} rows have errors; no quote was submitted',
  },
  enquirySheetNoPrices: {
    zh_cn: '报价单中没有填写任何价格',
    en: 'The quote sheet has no prices filled in',
  },
  enquirySheetLineUnknown: {
    zh_cn: '行号 {line} 不是您受邀报价的行',
    en: 'Line number {line} is not a line you are invited to quote',
  },
  enquirySheetLineRepeated: {
    zh_cn: '行号 {line} 与第 {row} 行重复',
    en: 'Line number {line} repeats row {row}',
  },
  enquirySheetLadderFormat: {
    zh_cn: '{field} 应写作“数量:单价; 数量:单价”（最多 10 个阶梯，例如 1000:9.8; 5000:9.5）',
    en: '{field} must read "quantity:price; quantity:price" (at most 10 steps, e.g. 1000:9.8; 5000:9.5)',
  },
  enquiryLineUnknown: { zh_cn: '行 {id} 不属于该询价单', en: 'Line {id} does not belong to this RFQ' },
  // Issue #13 remainders (sourcing-rest): quote currencies and the cost-template library.
  enquiryCurrencyRepeated: {
    zh_cn: '报价币别 {currency} 重复或与询价单币别相同',
    en: 'Quote currency {currency} is listed twice or is the RFQ’s own currency',
  },
  enquiryRateNotPositive: {
    zh_cn: '币别 {currency} 的汇率必须大于 0',
    en: 'The exchange rate of {currency} must be greater than 0',
  },
  enquiryCurrencyNotAllowed: {
    zh_cn: '第 {line} 行：该询价单不接受币别 {currency} 的报价',
    en: 'Line {line}: this RFQ takes no quotes in {currency}',
  },
  costTemplateNameRepeated: {
    zh_cn: '成本模板名称“{name}”已存在',
    en: 'A cost template named “{name}” already exists',
  },
  costTemplateUnknown: { zh_cn: '成本模板不存在', en: 'The cost template does not exist' },
  ebidOfferNotPositive: { zh_cn: '出价必须大于 0', en: 'The offer must be greater than 0' },
  ebidOfferAboveStart: {
    zh_cn: '出价不能高于起拍价 {start}',
    en: 'The offer must be at most the starting price {start}',
  },
  ebidOfferNotBelowOwn: {
    zh_cn: '出价须比您上次出价低至少最小降价幅度（不高于 {bound}）',
    en: 'The offer must be below your last offer by at least the minimum decrement (at most {bound})',
  },
  ebidOfferNotBelowBest: {
    zh_cn: '出价须比当前最优价低至少最小降价幅度（不高于 {bound}）',
    en: 'The offer must be below the best offer by at least the minimum decrement (at most {bound})',
  },
  ebidEndBeforeStart: {
    zh_cn: '竞价结束时间必须晚于当前时间和开始时间',
    en: 'The bidding end time must be later than the current time and the start time',
  },
  ebidStartInPast: {
    zh_cn: '定时开始的开始时间必须晚于当前时间',
    en: 'A scheduled start time must be later than the current time',
  },
  ebidIntervalRequired: {
    zh_cn: '荷兰式和日式竞价须填写降价间隔（分钟，正整数）',
    en: 'Dutch and Japanese auctions need a step interval (minutes, a positive integer)',
  },
  ebidPostponeNotPositive: {
    zh_cn: '延时分钟数和延时次数必须为正整数',
    en: 'Extension minutes and the number of extensions must be positive integers',
  },
  ebidNotStarted: { zh_cn: '竞价尚未开始', en: 'The auction has not started yet' },
  ebidPaused: { zh_cn: '竞价已暂停，暂不接受出价', en: 'The auction is paused and takes no offers now' },
  ebidNotOpen: {
    zh_cn: '竞价不在进行中（结束时间 {end} UTC）',
    en: 'The auction is not taking offers (end time {end} UTC)',
  },
  ebidTooManyBids: {
    zh_cn: '每家供应商最多出价 {max} 次',
    en: 'Each supplier may make at most {max} offers',
  },
  ebidQuoteInterval: {
    zh_cn: '两次出价至少间隔 {minutes} 分钟，请 {seconds} 秒后再出价',
    en: 'Offers must be at least {minutes} min apart: you may offer again in {seconds} s',
  },
  ebidLineRequired: { zh_cn: '按行竞价须选择出价的行', en: 'A per-line auction needs the line bid on' },
  ebidLineUnknown: { zh_cn: '该行不属于此竞价单', en: 'The line is not on this auction' },
  ebidLineNotByLine: {
    zh_cn: '按总价竞价不能按行出价',
    en: 'A total-price auction takes one offer for the whole lot, not per line',
  },
  ebidStartingPriceRequired: {
    zh_cn: '按总价竞价须填写起拍价',
    en: 'A total-price auction needs a starting price',
  },
  ebidLineStartingPriceRequired: {
    zh_cn: '第 {line} 行：按行竞价须填写大于 0 的起拍单价',
    en: 'Line {line}: a per-line auction needs a starting unit price greater than 0',
  },
  ebidMinBidders: {
    zh_cn: '竞价至少需要邀请 {min} 家供应商',
    en: 'An auction needs at least {min} invited suppliers',
  },
  ebidSupplierRepeated: {
    zh_cn: '供应商 {account} 不能重复邀请',
    en: 'Supplier {account} cannot be invited twice',
  },
  ebidPriceRequired: { zh_cn: '英式竞价须填写出价', en: 'An English auction takes an offer price' },
  ebidAcceptRequired: {
    zh_cn: '荷兰式和日式竞价以接受当前价格的方式出价',
    en: 'A Dutch or Japanese auction is bid by accepting the current price',
  },
  ebidTaken: {
    zh_cn: '该标段已被其他供应商以当前价格接受',
    en: 'Another supplier has already taken this lot at the current price',
  },
  ebidRoundAccepted: { zh_cn: '您已接受第 {round} 轮价格', en: 'You have already accepted round {round}' },
  ebidDroppedOut: {
    zh_cn: '您未接受第 {round} 轮价格，已退出本次竞价',
    en: 'You did not accept round {round} and are out of this auction',
  },
  ebidFromEnquiryNoQuote: {
    zh_cn: '询价单第 {line} 行没有报价，不能转为竞价',
    en: 'RFQ line {line} has no quote; it cannot go to an auction',
  },
  ebidJapaneseLot: { zh_cn: '日式竞价只能按总价竞价', en: 'A Japanese auction is bid on the total price' },
  ebidMaterialUnknown: { zh_cn: '物料 {id} 不存在', en: 'Material {id} does not exist' },
  ebidSplitMismatch: {
    zh_cn: '各行金额（单价 × 数量，保留 2 位小数）合计 {sum}，须等于中标总价 {total}',
    en: 'The line amounts (unit price × quantity, to the cent) total {sum}; they must equal the winning total {total}',
  },
  ebidSplitLines: {
    zh_cn: '按总价定标须为每一行给出单价（每行一次）',
    en: 'A total-price award needs a unit price for every line, each line once',
  },
  ebidAwardNoOffer: {
    zh_cn: '供应商 {account} 在该标段没有有效出价，不能中标',
    en: 'Supplier {account} has no offer on this lot or line and cannot win it',
  },
  ebidAwardLine: {
    zh_cn: '定标的行不属于此竞价单或重复',
    en: 'An awarded line is not on this auction, or is awarded twice',
  },
  // The bargain round (issue #14 "bidding bargain", sourcing-rest).
  ebidBargainEndInPast: {
    zh_cn: '议价截止时间必须晚于当前时间',
    en: 'The final offers’ deadline must be later than the current time',
  },
  ebidBargainSupplier: {
    zh_cn: '供应商 {account} 在此竞价中没有出价，不能议价',
    en: 'Supplier {account} made no offer in this auction and cannot be asked for a final offer',
  },
  ebidBargainNotOpen: {
    zh_cn: '当前不在议价期内（议价截止 {end} UTC）',
    en: 'No bargain round is open (final offers were due by {end} UTC)',
  },
  ebidBargainNotAsked: { zh_cn: '您未被邀请议价', en: 'You were not asked for a final offer' },
  ebidBargainAnswered: {
    zh_cn: '您已提交议价，议价只能提交一次',
    en: 'You have given your final offer; it can be given only once',
  },
  ebidBargainAboveLast: {
    zh_cn: '议价不能高于您的最后出价 {last}',
    en: 'The final offer must be at most your last offer {last}',
  },
  ebidBargainAboveLastLine: {
    zh_cn: '第 {line} 行（{material}）议价不能高于您的最后出价 {last}',
    en: 'Line {line} ({material}): the final offer must be at most your last offer {last}',
  },
  ebidBargainNotPositiveLine: {
    zh_cn: '第 {line} 行（{material}）议价必须大于 0',
    en: 'Line {line} ({material}): the final offer must be greater than 0',
  },
  ebidBargainOffers: {
    zh_cn: '请为您出过价的每个标的（且仅这些）各报一个议价',
    en: 'Give one final offer for each lot or line you offered on, and no other',
  },
  // Supplier admission, qualification (issue #16).
  admissionRule: { zh_cn: '参数错误：{detail}', en: 'Invalid input: {detail}' },
  admissionCategoryUnknown: {
    zh_cn: '参数错误：body.{field} 中的物料分类 {value} 不存在',
    en: 'Invalid input: body.{field}: material category {value} does not exist',
  },
  admissionPrincipalUnknown: {
    zh_cn: '参数错误：body.{field} 负责人 {value} 不是贵司的采购方子账号',
    en: 'Invalid input: body.{field}: person in charge {value} is not one of your buying sub-accounts',
  },
  admissionTemplateNotDraft: {
    zh_cn: '只有草稿（或已撤销）状态的资质模板可以修改，只有草稿可以删除',
    en: 'Only draft (or revoked) qualification templates can be changed, and only drafts deleted',
  },
  admissionTemplateStatus: {
    zh_cn: '资质模板当前状态（{status}）不允许此操作',
    en: 'The qualification template’s status ({status}) does not allow this',
  },
  admissionNoTemplate: {
    zh_cn: '参数错误：body.accessCategory 采购方 {account} 没有适用于品类 {category} 的已发布资质模板',
    en: 'Invalid input: body.accessCategory: buyer {account} has no released qualification template for category {category}',
  },
  admissionNotPrincipal: {
    zh_cn: '只有该准入申请的负责人 {principal} 或管理员可以审核',
    en: 'Only the request’s person in charge {principal} or an administrator can review it',
  },
  admissionAttachmentUnknown: {
    zh_cn: '参数错误：body.attachments 附件 {id} 不存在或不是贵司上传的',
    en: 'Invalid input: body.attachments: attachment {id} does not exist or was not uploaded by your company',
  },
  scNotFound: { zh_cn: '信息变更单不存在', en: 'The information change request does not exist' },
  scNoMaster: {
    zh_cn: '采购方 {account} 尚无贵司的供应商主数据，不能提出信息变更',
    en: 'Buyer {account} has no supplier record of your company, so no information change can be proposed',
  },
  scStatusNotAllowed: {
    zh_cn: '信息变更单 {number} 的状态为“{status}”，不能{action}',
    en: 'Information change {number}: status is “{status}”, so {action} is not allowed',
  },
  scNothingChanged: {
    zh_cn: '变更内容与当前主数据相同，没有需要变更的信息',
    en: 'The proposal equals the current master data: nothing to change',
  },
  scCertDateOrder: {
    zh_cn: '{field}：证书日期须早于生效日期，生效日期须早于到期日期',
    en: '{field}: the certification date must be before the effective date, and that before the expiry date',
  },
  scStaleMaster: {
    zh_cn: '信息变更单 {number}：供应商主数据的“{field}”在提交后已被修改，请让供应商重新提交',
    en: 'Information change {number}: the supplier record’s “{field}” changed after the request was made; ask the supplier to propose it again',
  },
  scNotYourApprover: {
    zh_cn: '信息变更单 {number} 正在审批中，当前审批步骤不由您处理',
    en: 'Information change {number} is under approval and its current step is not yours',
  },
  webhookUrlPrivate: {
    zh_cn: '参数错误：body.url 的地址 {host} 指向本机或内网地址，不能作为 Webhook 接收地址',
    en: 'Invalid input: body.url points at {host}, a loopback or private address, which cannot receive webhooks',
  },
  webhookUrlUnresolved: {
    zh_cn: '参数错误：body.url 的主机名 {host} 无法解析',
    en: 'Invalid input: body.url host {host} does not resolve',
  },
  apiKeyInvalid: {
    zh_cn: 'API 密钥无效、已过期或已吊销',
    en: 'The API key is invalid, expired or revoked',
  },
  apiKeyRouteNotAllowed: {
    zh_cn:
      'API 密钥不能调用此接口：仅开放单据、主数据、价格、公告、数据字典和 Webhook 接口（见 API 密钥文档的接口清单）',
    en: 'API keys cannot call this route: only document, master data, price, announcement, dictionary and webhook calls are open to them (see the route list in the API key documentation)',
  },
  apiKeyNeverAllowed: {
    zh_cn:
      'API 密钥永远不能调用此接口：登录、密码、会话、账号、角色、菜单和 API 密钥管理只能由用户登录后操作',
    en: 'API keys may never call this route: sign-in, passwords, sessions, accounts, roles, menus and API keys are managed by signed-in users only',
  },
  apiKeyScopeKind: {
    zh_cn: '参数错误：{field} 的 {kind} 不是单据类型、* 或可授权的接口组',
    en: 'Invalid input: {field} {kind} is not a document kind, * or a route group keys may be granted',
  },
  apiKeyScopeDenied: {
    zh_cn: 'API 密钥的权限范围不包含 {kind} 的{access}权限',
    en: 'The API key’s scopes do not grant {access} access to {kind}',
  },
  apiKeyFileNotDocument: {
    zh_cn: 'API 密钥只能下载单据的附件：此文件不属于任何单据',
    en: 'API keys download only files attached to documents: this file belongs to no document',
  },
  apiKeySubAccount: {
    zh_cn: '参数错误：body.elsSubAccount 子账号 {account} 不存在或已停用',
    en: 'Invalid input: body.elsSubAccount {account} is not an active sub-account of your company',
  },
  apiKeyExpiry: {
    zh_cn: '参数错误：body.expiresDate 必须晚于当前时间',
    en: 'Invalid input: body.expiresDate must be in the future',
  },
  webhookLimit: {
    zh_cn: '每个公司最多可配置 {max} 个 Webhook 接收地址',
    en: 'A company may have at most {max} webhook endpoints',
  },
  // Contracts (issue #36, modules/contract): seed 001 §5's rules, naming the fields by their labels.
  contractTerminationDateRequired: {
    zh_cn: '参数错误：终止日期不能为空（非长期有效的合同）',
    en: 'Invalid input: Termination date is required unless the contract is evergreen',
  },
  contractTerminationBeforeEffective: {
    zh_cn: '参数错误：终止日期 {termination} 必须晚于生效日期 {effective}',
    en: 'Invalid input: Termination date {termination} must be later than the Effective date {effective}',
  },
  contractProgressAboveAmount: {
    zh_cn: '参数错误：合同进度金额 {progress} 不能大于合同金额 {amount}',
    en: 'Invalid input: Progress amount {progress} must not be above the Contract amount {amount}',
  },
  contractStageRatioOrAmount: {
    zh_cn: '参数错误：付款阶段第 {line} 行 付款比例与付款金额须且只须填写一项',
    en: 'Invalid input: Payment stages, line {line}: give either the Ratio or the Amount, not both',
  },
  // Contract administration (issue #36, second slice: modules/contract/library.ts).
  contractTypeUnknown: {
    zh_cn: '参数错误：合同类型 {code} 不存在或已停用',
    en: 'Invalid input: Contract type {code} does not exist or is disabled',
  },
  contractTypeCodeTaken: { zh_cn: '类型编码 {code} 已存在', en: 'Type code {code} already exists' },
  contractTypeNotFound: { zh_cn: '合同类型不存在', en: 'The contract type does not exist' },
  libraryCodeFixed: {
    zh_cn: '编码 {code} 保存后不可修改',
    en: 'The code {code} cannot be changed once saved',
  },
  clauseCodeTaken: {
    zh_cn: '条款编码 {code} 已存在：请为其发布新版本',
    en: 'Clause code {code} already exists: publish a new version of it instead',
  },
  clauseNotFound: { zh_cn: '条款不存在', en: 'The clause does not exist' },
  clausePublishedFixed: {
    zh_cn: '条款 {code} 第 {v} 版已发布，内容不可修改：请新建版本',
    en: 'Clause {code} version {v} is published and cannot change: make a new version',
  },
  clauseWrongStatus: {
    zh_cn: '条款 {code} 第 {v} 版的状态不允许此操作',
    en: 'The status of clause {code} version {v} does not allow this',
  },
  clauseDraftExists: {
    zh_cn: '条款 {code} 已有草稿版本',
    en: 'Clause {code} already has a draft version',
  },
  contractTemplateNotFound: { zh_cn: '合同模板不存在', en: 'The contract template does not exist' },
  contractTemplateUnknown: {
    zh_cn: '参数错误：默认模板 {code} 不存在',
    en: 'Invalid input: Default template {code} does not exist',
  },
  contractTemplateCodeTaken: { zh_cn: '模板编码 {code} 已存在', en: 'Template code {code} already exists' },
  templateValidity: {
    zh_cn: '参数错误：有效期至 {to} 不能早于有效期从 {from}',
    en: 'Invalid input: Valid to {to} must not be before Valid from {from}',
  },
  templateClauseUnknown: {
    zh_cn: '参数错误：模板条目第 {line} 项 条款编码 {code} 不是已发布的条款',
    en: 'Invalid input: Template entries, entry {line}: Clause code {code} is not a published clause',
  },
  templateNotValid: {
    zh_cn: '合同模板 {code} 不在有效期内（{from} – {to}）',
    en: 'Contract template {code} is not valid today ({from} – {to})',
  },
  contractVariableUnresolved: {
    zh_cn: '合同条款第 {line} 行 条款内容 中的变量 {{{name}}} 未填写，不能提交',
    en: 'Clauses, line {line}: the variable {{{name}}} in the Clause text is not filled in; the contract cannot be submitted',
  },
  contractLockedClauseChanged: {
    zh_cn: '合同条款第 {line} 行 条款 {code} 已锁定，内容不能偏离条款库，不能提交',
    en: 'Clauses, line {line}: clause {code} is locked and its text may not deviate from the library; the contract cannot be submitted',
  },
  // Improvement sheets (issue #17, modules/improvement).
  improvementRefundNotFound: {
    zh_cn: '参数错误：body.sourceNumber 退货单 {number} 不存在或不是与供应商 {account} 的退货单',
    en: 'Invalid input: body.sourceNumber: return {number} does not exist or is not with supplier {account}',
  },
  improvementAppraisalNotFound: {
    zh_cn: '参数错误：body.sourceNumber 绩效考评 {number} 不存在或未考评供应商 {account}',
    en: 'Invalid input: body.sourceNumber: appraisal {number} does not exist or does not appraise supplier {account}',
  },
  improvementSourceNumberRequired: {
    zh_cn: '参数错误：body.sourceNumber 来源为退货单或绩效考核时不能为空',
    en: 'Invalid input: body.sourceNumber is required when the source is a return or an appraisal',
  },
  improvementDueDaysTooLarge: {
    zh_cn: '参数错误：body.lines.{index}.dueDays 不能超过 {max} 天',
    en: 'Invalid input: body.lines.{index}.dueDays must be at most {max} days',
  },
  improvementAnswerMissing: {
    zh_cn: '参数错误：body.answers 缺少改善项“{name}”的回复',
    en: 'Invalid input: body.answers has no answer for improvement item “{name}”',
  },
  improvementAnswerLineUnknown: {
    zh_cn: '参数错误：body.answers.{index}.lineId 不是该改善单待回复的改善项',
    en: 'Invalid input: body.answers.{index}.lineId is not an open item of this improvement sheet',
  },
  improvementReopenLineUnknown: {
    zh_cn: '参数错误：body.lineIds.{index} 不是该改善单的改善项',
    en: 'Invalid input: body.lineIds.{index} is not an item of this improvement sheet',
  },
  // Supplier performance appraisal (issue #17).
  appraisalWeightSum: {
    zh_cn: '权重之和必须为100（当前为 {sum}）',
    en: 'Sum of weights must be 100 (now {sum})',
  },
  appraisalDuplicateName: {
    zh_cn: '考评项名称重复：{name}',
    en: 'Duplicate evaluation item name: {name}',
  },
  appraisalMetricMissing: {
    zh_cn: '考评项“{name}”为系统计算项，需选择计算指标（metric）',
    en: 'Item “{name}” is computed: choose its metric (metric)',
  },
  appraisalBandsOrder: {
    zh_cn: '等级分数线须满足：优秀 > 良好 > 合格',
    en: 'Grade bands must descend: excellent > good > qualified',
  },
  appraisalTemplateNotFound: { zh_cn: '考评模板不存在', en: 'Appraisal template not found' },
  appraisalTemplateStatus: {
    zh_cn: '考评模板当前状态不允许此操作（只能编辑草稿）',
    en: 'The template’s status does not allow this (only drafts are edited)',
  },
  appraisalTemplateNotReleased: {
    zh_cn: '考评模板未发布，不能发起考评',
    en: 'The template is not released: no appraisal can use it',
  },
  appraisalRunNotFound: { zh_cn: '绩效考评不存在', en: 'Appraisal not found' },
  appraisalPeriod: {
    zh_cn: '考评期间的开始日期须早于结束日期（periodFrom < periodTo）',
    en: 'The period must start before it ends (periodFrom < periodTo)',
  },
  appraisalNoSuppliers: {
    zh_cn: '没有符合条件的供应商可考评',
    en: 'No supplier matches: nothing to appraise',
  },
  appraisalExpertUnknown: {
    zh_cn: '评分专家 {name} 不是本公司的子账号',
    en: 'Expert {name} is not a sub-account of your company',
  },
  appraisalItemNotManual: {
    zh_cn: '考评项 {item} 不是人工评分项',
    en: 'Item {item} is not a manual (expert) item',
  },
  appraisalNotYourItem: {
    zh_cn: '该考评项未分配给您评分',
    en: 'This item is not assigned to you for scoring',
  },
  appraisalSupplierNotInRun: {
    zh_cn: '供应商 {account} 不在本次考评中',
    en: 'Supplier {account} is not in this appraisal',
  },
  appraisalScoreOverScale: {
    zh_cn: '“{item}”的评分不能超过 {max}',
    en: 'The score of “{item}” cannot exceed {max}',
  },
  appraisalRunFinished: { zh_cn: '本次考评已完成', en: 'This appraisal is finished' },
  appraisalNotRated: {
    zh_cn: '还有 {count} 家供应商未评分完成，不能完成考评',
    en: '{count} suppliers are not fully rated yet: the appraisal cannot finish',
  },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

/** Translates a message key into the locale, filling `{name}` placeholders from params. */
export function t(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = messages[key][locale] ?? messages[key].zh_cn;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/**
 * Picks the caller's locale: the `lang` header (zh_cn | en), else the API key's language when the call
 * carries a key (issue #32: integrations send no header), else Accept-Language, else zh_cn.
 */
export function pickLocale(
  headers: Record<string, string | string[] | undefined>,
  keyLocale?: Locale,
): Locale {
  const lang = headers.lang;
  if (lang === 'en' || lang === 'zh_cn') return lang;
  if (keyLocale) return keyLocale;
  const accept = headers['accept-language'];
  if (typeof accept === 'string' && /^en\b/i.test(accept.trim())) return 'en';
  return 'zh_cn';
}
