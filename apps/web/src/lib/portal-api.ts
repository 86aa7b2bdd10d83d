import { call } from './http.ts';
import type { Page } from './message-api.ts';
import type { SettingRow } from './public-api.ts';

/** Setting groups the portal edits (spec 000 §2). */
export type SettingGroup = 'LoginPage_Group' | 'IndexPage_Group';

/** `POST /apis/SystemSettingService/findList` — rows of the company the user acts as. */
export function findSettings(setGroupCode: SettingGroup): Promise<SettingRow[]> {
  return call({ url: '/SystemSettingService/findList', method: 'POST', data: { setGroupCode } });
}

/** `POST /apis/SystemSettingService/save` (buyer admin). */
export function saveSettings(
  setGroupCode: SettingGroup,
  rows: { setCode: string; setValue: string }[],
): Promise<SettingRow[]> {
  return call({ url: '/SystemSettingService/save', method: 'POST', data: { setGroupCode, rows } });
}

export type Attachment = {
  id: string;
  filePath: string;
  fileName: string;
  contentType: string;
  size: number;
};

/** `POST /apis/ElsAttachmentService/upload?kind=image&isPublic=Y` (multipart field `file`). */
export function uploadPublicImage(file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file);
  return call({
    url: '/ElsAttachmentService/upload',
    method: 'POST',
    params: { kind: 'image', isPublic: 'Y' },
    data: form,
  });
}

/** `POST /apis/ElsAccountService/update {elsAccount, elsSubAccount, email}`. */
export function updateEmail(elsAccount: string, elsSubAccount: string, email: string): Promise<unknown> {
  return call({
    url: '/ElsAccountService/update',
    method: 'POST',
    data: { elsAccount, elsSubAccount, email },
  });
}

/** `GET /apis/ElsAccountService/getPrCode` → data.data is a PNG data URL. */
export function getQrCode(): Promise<{ data: string; url: string }> {
  return call({ url: '/ElsAccountService/getPrCode' });
}

/** Home figures answer `available: false` with zeros until their documents exist (issue #3). */
export type Figures = { available: boolean; counts: Record<string, number> };
export type PendingList = { available: boolean; records: Record<string, unknown>[]; total: number };

export function findConfirmCount(): Promise<Figures> {
  return call({ url: '/order/SaleOrderService/findConfirmCount' });
}
export function findSaleIndexStatistics(): Promise<Figures> {
  return call({ url: '/finance/FinanceSaleCostHeadService/findSaleIndexStatistics' });
}
export function selectTodoList(): Promise<PendingList> {
  return call({ url: '/ElsTodoService/selectTodoList' });
}
export function findCreateDeliveryManage(): Promise<PendingList> {
  return call({ url: '/order/SaleDeliveryNoteService/findCreateDeliveryManage' });
}
/**
 * The RFQs in progress (quoting, enquiryStatus 1) from the caller's side (the enquiry kind's list, issue
 * #13): a supplier's invitations through `SaleEnquiryService/findPageList` (spec 000 §7), a buyer's own
 * RFQs through `PurchaseEnquiryService/findPageList`. Real figures, so always available.
 */
export async function findEnquiries(station: 'purchase' | 'sale'): Promise<PendingList> {
  const page = await call<{ records: Record<string, unknown>[]; total: number }>({
    url: `/inquiry/${station === 'sale' ? 'Sale' : 'Purchase'}EnquiryService/findPageList`,
    method: 'POST',
    data: { currentPage: 1, pageSize: 5, enquiryStatus: '1' },
  });
  return { available: true, records: page.records, total: page.total };
}

export type HazardStatus = 'expired' | 'expiring' | 'valid';
export type HazardRow = {
  id: string;
  elsAccount: string;
  toElsAccount: string;
  materialNumber: string;
  materialDesc: string;
  substance: string;
  certificateNumber: string;
  certificateExpiryDate: string;
  status: HazardStatus;
};

export function getOverdueReport(): Promise<{
  expired: number;
  expiring: number;
  valid: number;
  total: number;
}> {
  return call({ url: '/order/PurchaseHazardousSubstanceService/getOverdueReport' });
}
export function getOverdueReportList(body: {
  currentPage: number;
  pageSize: number;
  status?: HazardStatus;
  keyword?: string;
}): Promise<Page<HazardRow>> {
  return call({
    url: '/order/PurchaseHazardousSubstanceService/getOverdueReportList',
    method: 'POST',
    data: body,
  });
}

export type InviteCode = {
  code: string;
  status: 'unused' | 'used' | 'revoked';
  expiresDate: string;
  usedByElsAccount: string | null;
  createDate: string;
};
export function createInviteCodes(count: number, validDays: number): Promise<InviteCode[]> {
  return call({ url: '/InvitationCodeService/create', method: 'POST', data: { count, validDays } });
}
export function findInviteCodes(body: {
  currentPage: number;
  pageSize: number;
  status?: InviteCode['status'];
}): Promise<Page<InviteCode>> {
  return call({ url: '/InvitationCodeService/findPageList', method: 'POST', data: body });
}

export type SmsRow = { id: string; mobile: string; content: string; purpose: string; createDate: string };
export function findSmsOutbox(body: {
  currentPage: number;
  pageSize: number;
  mobile?: string;
}): Promise<Page<SmsRow>> {
  return call({ url: '/SmsOutboxService/findPageList', method: 'POST', data: body });
}

export type TableConfigRow = {
  uuid: string;
  configType: string;
  configJson: unknown;
  version: number;
};
/** The caller's personal table configurations: of one table (configType), or all of them (none given). */
export function findTableConfig(
  elsAccount: string,
  elsSubAccount: string,
  configType?: string,
): Promise<TableConfigRow[]> {
  return call({
    url: '/ElsLayoutConfigService/findPageList',
    method: 'POST',
    data: { elsAccount, elsSubAccount, ...(configType ? { configType } : {}) },
  });
}
export function saveTableConfig(body: {
  elsAccount: string;
  elsSubAccount: string;
  configType: string;
  configJson: unknown;
  version?: number;
}): Promise<TableConfigRow> {
  return call({ url: '/ElsLayoutConfigService/save', method: 'POST', data: body });
}
