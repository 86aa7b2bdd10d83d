import type { AccessSections, QualTemplate, QualTemplateSave } from '@srm/contracts/admission';
import { call } from '../../lib/http.ts';

/** Calls of the qualification part of supplier admission (apps/server/src/modules/admission/routes.ts). */
const TEMPLATES = '/admission/PurchaseQualificationTemplateService';

export type TemplatePage = { records: QualTemplate[]; total: number; currentPage: number; pageSize: number };

export const findTemplates = (body: { currentPage: number; pageSize: number; templateStatus?: string }) =>
  call<TemplatePage>({ url: `${TEMPLATES}/findPageList`, method: 'POST', data: body });
export const findTemplate = (id: string) =>
  call<QualTemplate>({ url: `${TEMPLATES}/findDetail/${encodeURIComponent(id)}` });
export const saveTemplate = (body: QualTemplateSave) =>
  call<QualTemplate>({ url: `${TEMPLATES}/save`, method: 'POST', data: body });
export const moveTemplate = (
  move: 'apply' | 'release' | 'revoke' | 'invalidate' | 'delete',
  id: string,
  version: number,
) =>
  call<QualTemplate | null>({
    url: `${TEMPLATES}/${move}/${encodeURIComponent(id)}`,
    method: 'POST',
    data: { version },
  });

/** A buyer's category a supplier may apply for, with its released template. */
export type AccessOption = {
  elsAccount: string;
  companyName: string;
  categories: Array<{ cateCode: string; cateName: string; templateCode: string; templateName: string }>;
};
export const findAccessOptions = () =>
  call<AccessOption[]>({ url: '/admission/SaleSupplierAccessService/findOptions' });
export const findReleasedTemplate = (elsAccount: string, accessCategory: string) =>
  call<QualTemplate>({
    url: `/admission/SaleSupplierAccessService/findTemplate?${new URLSearchParams({ elsAccount, accessCategory })}`,
  });

/** The form's sections and the required attachment types. */
export type Sections = AccessSections & { attachmentTypes: string[] };
export const findSections = (side: 'purchase' | 'sale', id: string) =>
  call<Sections>({
    url: `/admission/${side === 'purchase' ? 'Purchase' : 'Sale'}SupplierAccessService/findSections/${encodeURIComponent(id)}`,
  });

/** The buyer's material categories (code, name) as a flat list, for the template editor. */
type CategoryNode = { cateCode: string; cateName: string; children: CategoryNode[] };
export async function findCategories(): Promise<Array<{ cateCode: string; cateName: string }>> {
  const tree = await call<CategoryNode[]>({
    url: '/masterdata/PurchaseMaterialCateService/tree',
    method: 'POST',
    data: {},
  });
  const out: Array<{ cateCode: string; cateName: string }> = [];
  const walk = (nodes: CategoryNode[]) => {
    for (const n of nodes) {
      out.push({ cateCode: n.cateCode, cateName: n.cateName });
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return out;
}
