/**
 * The account module's public entry (issue #34, "Module borders"): what other modules may use. Its tables,
 * repository and services are its own; the edges that still reach into them are listed in
 * scripts/borders/baseline.json and only shrink.
 */
export {
  findCompanyName,
  findCompanyNames,
  findInboxBuyer,
  findLinkedSuppliers,
  findSubaccountInCompany,
} from './repository.ts';
export { actingAccountOf } from './service.ts';
