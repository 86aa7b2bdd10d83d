import type { Locale } from '@srm/contracts/constants';
import {
  type CustomFieldDocumentKind,
  type CustomFieldLabel,
  customFieldLabel,
} from '@srm/contracts/custom-field';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from './http.ts';
import { useSettings } from './settings-store.ts';

/**
 * Custom field labels (issue #5; apps/server/src/modules/custom-field/routes.ts): the buyer admin names
 * fbk1…fbk50 per document kind; forms and detail pages show the names, `fbkN` where none is set.
 */
export type { CustomFieldDocumentKind, CustomFieldLabel };
export type CustomFieldLabelSet = {
  documentKind: CustomFieldDocumentKind;
  labels: CustomFieldLabel[];
  version: number;
};
export type OrderCustomFieldLabels = {
  purchaseOrder: CustomFieldLabel[];
  purchaseOrderItem: CustomFieldLabel[];
};

const BASE = '/CustomFieldService';
export const CUSTOM_FIELD_KEYS_QUERY = ['custom-field-labels'] as const;

/** The labels of a document kind of the caller's company. */
export function findCustomFieldLabels(kind: CustomFieldDocumentKind) {
  return call<CustomFieldLabelSet>({ url: `${BASE}/findLabels/${kind}` });
}
/** Replaces the labels of a document kind (buyer admins); '409' when `version` is stale. */
export function saveCustomFieldLabels(body: {
  documentKind: CustomFieldDocumentKind;
  labels: Array<{ fieldKey: string; zh_cn: string; en: string }>;
  version: number;
}) {
  return call<CustomFieldLabelSet>({ url: `${BASE}/saveLabels`, method: 'POST', data: body });
}
/** The labels the buyer of an order set (both sides; the supplier once the order was sent). */
export function findOrderCustomFieldLabels(orderId: string) {
  return call<OrderCustomFieldLabels>({ url: `${BASE}/findOrderLabels/${orderId}` });
}

/** Header and line labels of a kernel document's buyer (delivery notices, returns …; issue #12). */
export type DocumentCustomFieldLabels = { header: CustomFieldLabel[]; lines: CustomFieldLabel[] };

/** The labels the buyer of a kernel document set (both sides, while the caller's side sees it). */
export function findDocumentCustomFieldLabels(kind: string, id: string) {
  return call<DocumentCustomFieldLabels>({
    url: `${BASE}/findDocumentLabels/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
  });
}

const NONE: OrderCustomFieldLabels = { purchaseOrder: [], purchaseOrderItem: [] };
const NO_LABELS: CustomFieldLabel[] = [];

/**
 * The labels of one document kind of the caller's company (the buyer's lists: a column per named field).
 * None while loading, when the call fails or when not enabled (a supplier's list holds many buyers' orders).
 */
export function useOwnCustomFieldLabels(kind: CustomFieldDocumentKind, enabled = true): CustomFieldLabel[] {
  const query = useQuery({
    queryKey: [...CUSTOM_FIELD_KEYS_QUERY, 'own', kind],
    queryFn: () => findCustomFieldLabels(kind),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  return query.data?.labels ?? NO_LABELS;
}

/**
 * The labels for an order page: of the order's buyer when an order is open (either side), else of the
 * caller's company (a new order). While loading, or when the call fails, none (fields show as fbkN).
 */
export function useOrderCustomFieldLabels(orderId: string | undefined | null): OrderCustomFieldLabels {
  const query = useQuery({
    queryKey: [...CUSTOM_FIELD_KEYS_QUERY, 'order', orderId ?? 'own'],
    queryFn: async (): Promise<OrderCustomFieldLabels> => {
      if (orderId) return findOrderCustomFieldLabels(orderId);
      const [header, line] = await Promise.all([
        findCustomFieldLabels('purchaseOrder'),
        findCustomFieldLabels('purchaseOrderItem'),
      ]);
      return { purchaseOrder: header.labels, purchaseOrderItem: line.labels };
    },
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? NONE;
}

/**
 * The name of a field in the UI language: its label, else the key. The functions stay the same while the
 * labels and the language do, so what is built from them can be memoised.
 */
export function useFieldName(labels: readonly CustomFieldLabel[]) {
  const locale = useSettings((s) => s.locale) as Locale;
  const lang = locale === 'en' ? 'en' : 'zh_cn';
  return useMemo(
    () => ({
      /** Just the label (detail pages, summaries): "项目编号", or "fbk3". */
      name: (key: string) => customFieldLabel(labels, key, lang),
      /** The label with its key (forms, where the key helps): "项目编号 (fbk1)", or "fbk3". */
      nameWithKey: (key: string) => {
        const label = customFieldLabel(labels, key, lang);
        return label === key ? key : `${label} (${key})`;
      },
    }),
    [labels, lang],
  );
}

const NO_DOCUMENT_LABELS: DocumentCustomFieldLabels = { header: [], lines: [] };

/**
 * The labels for a kernel document's page: of its buyer when a document is open (either side), else of
 * the caller's company (`{kind}` and `{kind}Item`). While loading, or when the call fails, none.
 */
export function useDocumentCustomFieldLabels(
  kind: string,
  id: string | undefined | null,
): DocumentCustomFieldLabels {
  const query = useQuery({
    queryKey: [...CUSTOM_FIELD_KEYS_QUERY, 'document', kind, id ?? 'own'],
    queryFn: async (): Promise<DocumentCustomFieldLabels> => {
      if (id) {
        const found = await findDocumentCustomFieldLabels(kind, id);
        return { header: found?.header ?? [], lines: found?.lines ?? [] };
      }
      const [header, lines] = await Promise.all([
        findCustomFieldLabels(kind as CustomFieldDocumentKind),
        findCustomFieldLabels(`${kind}Item` as CustomFieldDocumentKind),
      ]);
      return { header: header?.labels ?? [], lines: lines?.labels ?? [] };
    },
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? NO_DOCUMENT_LABELS;
}
