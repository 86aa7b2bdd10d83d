import { DATA_ITEM_LABELS } from '@srm/contracts/data-permission';
import type { DocumentDefinition } from '@srm/contracts/document/define';
import type { ApprovalValues, ConditionOffer } from '../approval.ts';
import type { Queryable } from '../db.ts';
import { port } from '../ports.ts';

/** The organisation items an approval step may be conditioned on (issue #19). */
export type OrganisationItem = 'purchaseOrg' | 'factory';

/**
 * A kind's accessor for its approval conditions (issue #19): where a document's type, material categories
 * and organisations are. Every flow of the kind (its own approval and its actions' approvals) offers the
 * conditions the kind has; a kind without a type, category or organisation simply does not offer that one.
 */
export type ApprovalConditions = {
  /** The header 'code' field holding the document type (an order's orderType); its codes are the options. */
  documentType?: string;
  /**
   * Header columns holding organisation codes, by item. Default: the kind's `dataPermission` columns of
   * purchaseOrg and factory (the same columns the data permissions read).
   */
  organisation?: Partial<Record<OrganisationItem, string>>;
  /**
   * Where material categories are: a header column, a line column, and/or the lines' material (its
   * `materialNumber` or `materialId` column) whose master data gives its category at every level.
   */
  category?: { header?: string; line?: string; materialNumber?: string; materialId?: string };
};

/** The organisation columns of a kind: declared, or taken from its data permission mapping. */
export function organisationColumns(
  conditions: ApprovalConditions | undefined,
  dataPermission: Partial<Record<string, string>> | undefined,
): Array<[OrganisationItem, string]> {
  const declared =
    conditions?.organisation ??
    Object.fromEntries(
      (['purchaseOrg', 'factory'] as const).flatMap((item) =>
        dataPermission?.[item] ? [[item, dataPermission[item]]] : [],
      ),
    );
  return Object.entries(declared).filter((e): e is [OrganisationItem, string] => !!e[1]);
}

/**
 * What the kind's flows offer (registered with the approval module for the config page and the save's
 * checks). Throws at definition time when the document type is not a header code field with codes.
 */
export function conditionOfferOf(
  def: DocumentDefinition,
  conditions: ApprovalConditions | undefined,
  organisations: Array<[OrganisationItem, string]>,
): ConditionOffer {
  const typeField = conditions?.documentType;
  const field = typeField ? def.header[typeField] : undefined;
  if (typeField && (field?.type !== 'code' || !field.codes))
    throw new Error(`${def.kind}: approvalConditions.documentType ${typeField} is not a header code field`);
  return {
    documentType:
      typeField && field?.codes ? { field: typeField, label: field.label, codes: field.codes } : undefined,
    categories: Boolean(conditions?.category),
    organisations: organisations.map(([item]) => ({ item, label: DATA_ITEM_LABELS[item] })),
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * A document's condition values (issue #19), read in the submit's transaction: its type code; its
 * categories (header, lines, and the levels 1–3 of the lines' materials in the company's master data);
 * its organisation codes. A dimension the kind does not have is left out. `lines` are read only when a
 * line source is declared.
 */
export async function approvalValuesOf(
  tx: Queryable,
  conditions: ApprovalConditions | undefined,
  organisations: Array<[OrganisationItem, string]>,
  row: Record<string, unknown> & { elsAccount: string },
  readLines: () => Promise<Array<Record<string, unknown>>>,
): Promise<Omit<ApprovalValues, 'amount'>> {
  const out: Omit<ApprovalValues, 'amount'> = {};
  if (conditions?.documentType) out.documentType = text(row[conditions.documentType]);
  if (organisations.length > 0) {
    out.organisations = [
      ...new Set(organisations.map(([, column]) => text(row[column])).filter((v): v is string => !!v)),
    ];
    out.organisationItems = Object.fromEntries(
      organisations.flatMap(([item, column]) => {
        const code = text(row[column]);
        return code ? [[item, code]] : [];
      }),
    );
  }
  const category = conditions?.category;
  if (category) {
    const codes = new Set<string>();
    const add = (v: unknown) => {
      const code = text(v);
      if (code) codes.add(code);
    };
    if (category.header) add(row[category.header]);
    if (category.line || category.materialNumber || category.materialId) {
      const lines = await readLines();
      const numbers = new Set<string>();
      const ids = new Set<string>();
      for (const line of lines) {
        if (category.line) add(line[category.line]);
        const number = category.materialNumber ? text(line[category.materialNumber]) : null;
        if (number) numbers.add(number);
        const id = category.materialId ? text(line[category.materialId]) : null;
        if (id) ids.add(id);
      }
      if (numbers.size > 0 || ids.size > 0) {
        const found = await port('masterdata').materialCategoryCodes(tx, row.elsAccount, {
          numbers: [...numbers],
          ids: [...ids],
        });
        for (const c of found) add(c);
      }
    }
    out.categories = [...codes];
  }
  return out;
}
