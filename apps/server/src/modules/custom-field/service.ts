import {
  type CustomFieldDocumentKind,
  type CustomFieldLabel,
  type CustomFieldSaveBody,
  customFieldKindsOf,
} from '@srm/contracts/custom-field';
import type { KernelKindCode } from '@srm/contracts/document/registry';
import { CUSTOM_FIELD_KEYS } from '@srm/contracts/purchase-order';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { kindByCode } from '../../platform/document/registry.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { type AuthContext, requireAdmin } from '../../platform/http.ts';
import type { RequestFieldLabels } from '../../platform/validation.ts';
import { findOrderForBuyer, findOrderForSupplier } from '../order/service.ts';
import { customFieldConfig } from './tables.ts';

const CUSTOM_FIELD_KEY_SET: ReadonlySet<string> = new Set(CUSTOM_FIELD_KEYS);

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

/** The labels of one document kind of a company: { labels (fbk order), version } — [] and 0 when none saved. */
export async function findLabels(db: Queryable, elsAccount: string, documentKind: CustomFieldDocumentKind) {
  const [row] = await db
    .select({ labels: customFieldConfig.labels, version: customFieldConfig.version })
    .from(customFieldConfig)
    .where(
      and(eq(customFieldConfig.elsAccount, elsAccount), eq(customFieldConfig.documentKind, documentKind)),
    );
  return { documentKind, labels: (row?.labels ?? []) as CustomFieldLabel[], version: row?.version ?? 0 };
}

/** The header and line labels of a buyer's purchase orders, in one query. */
export async function findOrderLabels(db: Queryable, buyer: string) {
  const rows = await db
    .select({ documentKind: customFieldConfig.documentKind, labels: customFieldConfig.labels })
    .from(customFieldConfig)
    .where(
      and(
        eq(customFieldConfig.elsAccount, buyer),
        inArray(customFieldConfig.documentKind, ['purchaseOrder', 'purchaseOrderItem']),
      ),
    );
  const of = (kind: CustomFieldDocumentKind) =>
    (rows.find((r) => r.documentKind === kind)?.labels ?? []) as CustomFieldLabel[];
  return { purchaseOrder: of('purchaseOrder'), purchaseOrderItem: of('purchaseOrderItem') };
}

/**
 * The order save body's custom fields by the buyer's names, for its field errors (issue #33, app.ts
 * `config.fieldLabels`): a header field `fbkN` and a line's `items.M.fbkN` by the label the buyer gave it
 * (purchaseOrder / purchaseOrderItem), an unnamed one by its key (as the form shows it); other paths none.
 */
export async function orderFieldLabels(db: Queryable, buyer: string): Promise<RequestFieldLabels> {
  const labels = await findOrderLabels(db, buyer);
  const named = (list: readonly CustomFieldLabel[], key: string) => {
    if (!CUSTOM_FIELD_KEY_SET.has(key)) return undefined;
    const label = list.find((l) => l.fieldKey === key);
    return label ? { zh_cn: label.zh_cn, en: label.en } : { zh_cn: key, en: key };
  };
  return (segments) => {
    if (segments.length === 1) return named(labels.purchaseOrder, segments[0]);
    if (segments.length === 3 && segments[0] === 'items' && /^\d+$/.test(segments[1]))
      return named(labels.purchaseOrderItem, segments[2]);
    return undefined;
  };
}

/**
 * The labels the buyer of an order set, for a caller who can see the order: the buyer's users, or the
 * supplier once it was sent. '404' otherwise (as the order's own routes answer).
 */
export async function findLabelsOfOrder(db: Queryable, auth: AuthContext, orderId: string) {
  const order =
    auth.station === 'sale'
      ? await findOrderForSupplier(db, auth, orderId)
      : await findOrderForBuyer(db, auth, orderId);
  return findOrderLabels(db, order.elsAccount);
}

/**
 * The header and line labels the buyer of a kernel document (delivery notice, return …) set, for a caller
 * whose side sees the document (its station's side: the buyer's users, the supplier's once visible to it).
 * '404' otherwise, as the kind's findDetail answers.
 */
export async function findLabelsOfDocument(
  db: Queryable,
  auth: AuthContext,
  documentKind: KernelKindCode,
  id: string,
) {
  const kind = kindByCode(documentKind);
  if (!kind) throw notFound();
  const doc = await kind.find(db, auth, auth.station, id);
  const kinds = customFieldKindsOf(documentKind);
  const rows = await db
    .select({ documentKind: customFieldConfig.documentKind, labels: customFieldConfig.labels })
    .from(customFieldConfig)
    .where(
      and(
        eq(customFieldConfig.elsAccount, doc.elsAccount),
        inArray(customFieldConfig.documentKind, [kinds.header, kinds.lines]),
      ),
    );
  const of = (k: string) => (rows.find((r) => r.documentKind === k)?.labels ?? []) as CustomFieldLabel[];
  return { header: of(kinds.header), lines: of(kinds.lines) };
}

/**
 * Replaces the labels of one document kind (buyer company administrators only, '403' otherwise).
 * Labels are stored in fbk order; an empty language takes the other's text. '409' when `version` is not
 * the stored one (also when a set exists and no version is given).
 */
export async function saveLabels(db: Queryable, auth: AuthContext, body: CustomFieldSaveBody) {
  requireAdmin(auth, 'purchase');
  const order = new Map(CUSTOM_FIELD_KEYS.map((key, i) => [key, i]));
  const labels = body.labels
    .map((l) => ({ fieldKey: l.fieldKey, zh_cn: l.zh_cn || l.en, en: l.en || l.zh_cn }))
    .sort((a, b) => (order.get(a.fieldKey) ?? 0) - (order.get(b.fieldKey) ?? 0));
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: customFieldConfig.id, version: customFieldConfig.version })
      .from(customFieldConfig)
      .where(
        and(
          eq(customFieldConfig.elsAccount, auth.elsAccount),
          eq(customFieldConfig.documentKind, body.documentKind),
        ),
      )
      .for('update');
    if (!current) {
      if (body.version !== undefined && body.version !== 0) throw conflict();
      const [row] = await tx
        .insert(customFieldConfig)
        .values({
          elsAccount: auth.elsAccount,
          documentKind: body.documentKind,
          labels,
          lastUpdateUser: userKey(auth),
        })
        .onConflictDoNothing()
        .returning();
      // Another admin created the set between our read and insert.
      if (!row) throw conflict();
      return {
        documentKind: body.documentKind,
        labels: row.labels as CustomFieldLabel[],
        version: row.version,
      };
    }
    if (body.version !== current.version) throw conflict();
    const [row] = await tx
      .update(customFieldConfig)
      .set({
        labels,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
        version: sql`${customFieldConfig.version} + 1`,
      })
      .where(
        and(
          eq(customFieldConfig.id, current.id),
          eq(customFieldConfig.elsAccount, auth.elsAccount),
          eq(customFieldConfig.version, current.version),
        ),
      )
      .returning();
    if (!row) throw conflict();
    return {
      documentKind: body.documentKind,
      labels: row.labels as CustomFieldLabel[],
      version: row.version,
    };
  });
}
