import type { Page } from '@srm/contracts/envelope';
import {
  ORG_UNITS,
  type OrgUnit,
  type OrgUnitFilter,
  type OrgUnitSave,
  type OrgUnitType,
} from '@srm/contracts/org-master';
import { call } from '../../lib/http.ts';
import { findOrgOptions } from '../../lib/master-api.ts';

// The pickers' options are shared (components/org-unit-source.ts): declared in lib/master-api.ts.
export { findOrgOptions };

/**
 * Calls of the organisation master data (issue #19; server modules/masterdata/org-unit-routes.ts), one
 * service per type under /apis/masterdata/{service}/. Errors reject with the server's message ('400' naming
 * the field, '409' stale version).
 */
const base = (type: OrgUnitType) => `/masterdata/${ORG_UNITS[type].service}`;

export const ORG_KEYS = { all: ['masterdata', 'org'] as const };

/** One page of a type's records by code (orgMaster.read). */
export const findOrgUnits = (type: OrgUnitType, body: OrgUnitFilter) =>
  call<Page<OrgUnit>>({ url: `${base(type)}/findPageList`, method: 'POST', data: body });

/** Create (no id, with code) or edit (id + the version read). */
export const saveOrgUnit = (type: OrgUnitType, body: OrgUnitSave) =>
  call<OrgUnit>({ url: `${base(type)}/save`, method: 'POST', data: body });

export const setOrgUnitEnabled = (type: OrgUnitType, row: OrgUnit, enabled: boolean) =>
  call<OrgUnit>({
    url: `${base(type)}/${enabled ? 'enable' : 'disable'}/${row.id}`,
    method: 'POST',
    data: { version: row.version },
  });

/** Deletes a record nothing uses ('400' naming what uses it otherwise). */
export const deleteOrgUnit = (type: OrgUnitType, row: OrgUnit) =>
  call<null>({ url: `${base(type)}/delete/${row.id}`, method: 'POST', data: { version: row.version } });
