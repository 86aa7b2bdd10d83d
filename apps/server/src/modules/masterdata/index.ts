/**
 * The master-data module's public entry (issue #34, "Module borders"): what other modules may use — the
 * effective price of a material for a supplier, materials by number, the check of organisation codes and the
 * price-including-tax rule. Its tables are its own; the edges that still read them are listed in
 * scripts/borders/baseline.json and only shrink.
 */
export { priceIncludingTax } from './decimal.ts';
export { unknownOrgCodes } from './org-units.ts';
export { findEffectivePrice, findMaterialsByNumbers, type SupplierRow } from './repository.ts';
