import { contractDefinition } from '@srm/contracts/contract';
import { index } from 'drizzle-orm/pg-core';
import { documentTables } from '../../platform/document/table-builder.ts';

/**
 * The tables of contracts (issue #36, first slice), built from their definition
 * (packages/contracts/src/contract.ts, `documentTables`). What the definition does not say: the names the
 * server fills in are not null, the progress amount starts at 0, and the buyer's lists by supplier.
 */
const tables = documentTables(contractDefinition, {
  numberOwner: 'elsAccount',
  header: {
    notNull: ['supplierName', 'buyerName'],
    defaults: { progressAmount: '0' },
    indexes: (t) => [index('contract_supplier_idx').on(t.elsAccount, t.toElsAccount)],
  },
  lines: {
    defaults: { lineAmount: '0' },
  },
});

/**
 * Contracts, kind `contract` (CT2026120001), numbered per buyer; one row both sides read (buyer `elsAccount`,
 * supplier `toElsAccount`). CONTRACT_STATUS 0 draft … 7 closed; auditStatus the approval's (APPROVAL_STATUS).
 * Money in the contract's currency, 2 decimals.
 */
export const contract = tables.header;

/** A contract's lines: material, quantity (3 decimals, the line's unit), prices (6), tax rate in percent. */
export const contractItem = tables.lines;

/** A contract's clauses (≥ 1, title required; library code and version when picked from the library). */
export const contractClauses = tables.collections.clauses;

/** A contract's payment stages: a ratio in percent or an amount (one of the two), a planned date. */
export const contractPaymentStages = tables.collections.paymentStages;

/** The child collections by name, for `defineKind` (exported one by one above, so the migrations see them). */
export const contractCollections = tables.collections;
