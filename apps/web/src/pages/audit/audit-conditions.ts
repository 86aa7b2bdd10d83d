import { call } from '../../lib/http.ts';
import type { AuditStep } from './audit-api.ts';
import { type StepForm, toRows, toSteps } from './audit-rules.ts';

/**
 * Approval conditions on the configuration page (issue #19): a step may apply only to an amount range,
 * some document types, material categories and organisations (empty = any). Kept out of audit-rules.ts,
 * which the home page loads.
 */

type Label = { zh_cn: string; en: string };

/** What a flow offers (GET /CommonAuditService/conditionOptions/{kind}). */
export type ConditionOptions = {
  documentType: { field: string; label: Label; options: Array<{ value: string; label: Label }> } | null;
  categories: boolean;
  organisations: Array<{ item: string; label: Label }>;
};

export function findConditionOptions(documentKind: string) {
  return call<ConditionOptions>({ url: `/CommonAuditService/conditionOptions/${documentKind}` });
}

/** A material category of the company's tree (PurchaseMaterialCateService/tree, at most 3 levels). */
export type CategoryNode = { cateCode: string; cateName: string; children?: CategoryNode[] };

export function findCategoryTree() {
  return call<CategoryNode[]>({
    url: '/masterdata/PurchaseMaterialCateService/tree',
    method: 'POST',
    data: {},
  });
}

/** The tree as select options "code name", parents before their children. */
export function categoryOptions(nodes: CategoryNode[]): Array<{ value: string; label: string }> {
  return nodes.flatMap((n) => [
    { value: n.cateCode, label: `${n.cateCode} ${n.cateName}` },
    ...categoryOptions(n.children ?? []),
  ]);
}

/**
 * A step row with its conditions: the amount limit as typed; organisations per item (purchaseOrg, factory:
 * codes picked from the company's organisation masters); `legacyOrganisations`: the plain codes of a step
 * saved before the masters (shown to the admin, not sent back: the pickers replace them).
 */
export type ConditionStepForm = StepForm & {
  maxAmount?: string;
  documentTypes?: string[];
  categories?: string[];
  organisations?: Partial<Record<string, string[]>>;
  legacyOrganisations?: string[];
};

/**
 * Form rows → the saveConfig steps, with the conditions that are filled (an empty one is "any").
 * `organisationItems`: the items the flow offers; codes under any other item are not sent.
 */
export function toConditionSteps(
  rows: ConditionStepForm[],
  organisationItems: readonly string[] = ['purchaseOrg', 'factory'],
): AuditStep[] {
  const steps = toSteps(rows);
  return rows.map((r, i) => {
    const step: AuditStep = { ...steps[i] };
    const max = (r.maxAmount ?? '').trim();
    if (max !== '') step.maxAmount = Number(max);
    if (r.documentTypes?.length) step.documentTypes = [...r.documentTypes];
    if (r.categories?.length) step.categories = [...r.categories];
    const organisations = Object.fromEntries(
      organisationItems.flatMap((item) => {
        const codes = [...new Set(r.organisations?.[item] ?? [])];
        return codes.length > 0 ? [[item, codes]] : [];
      }),
    );
    if (Object.keys(organisations).length > 0) step.organisations = organisations;
    return step;
  });
}

/** The steps as form rows, conditions included. */
export function toConditionRows(steps: AuditStep[]): ConditionStepForm[] {
  const rows = toRows(steps);
  return steps.map((s, i) => ({
    ...rows[i],
    maxAmount: s.maxAmount === undefined ? '' : String(s.maxAmount),
    documentTypes: s.documentTypes ?? [],
    categories: s.categories ?? [],
    organisations: Array.isArray(s.organisations) ? {} : { ...(s.organisations ?? {}) },
    legacyOrganisations: Array.isArray(s.organisations) ? s.organisations : [],
  }));
}

/** The amount limit must be above the minimum when both are filled (the server's rule, checked early). */
export function amountRangeOk(minAmount: string | undefined, maxAmount: string | undefined): boolean {
  const min = (minAmount ?? '').trim();
  const max = (maxAmount ?? '').trim();
  return min === '' || max === '' || Number(max) > Number(min);
}
