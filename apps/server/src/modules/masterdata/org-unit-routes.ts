import { envelopeSchema } from '@srm/contracts/envelope';
import {
  ORG_UNIT_TYPES,
  ORG_UNITS,
  orgUnitFilterSchema,
  orgUnitOptionSchema,
  orgUnitOptionsSchema,
  orgUnitSaveSchema,
  orgUnitSchema,
  orgUnitVersionSchema,
} from '@srm/contracts/org-master';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { listOrgUnits, orgUnitOptions, removeOrgUnit, saveOrgUnit, setOrgUnitStatus } from './org-units.ts';

const idParams = z.object({ id: z.uuid() });
const tags = ['masterdata'];

/**
 * Organisation master data (issue #19): for each type — purchase organisations (PurchaseOrganizationService),
 * purchase groups (PurchaseGroupService), factories (PurchaseFactoryService), cost centres
 * (PurchaseCostCenterService) — under `/apis/masterdata/{service}/`:
 * - `findPageList` { currentPage, pageSize (1–100), keyword?, status?, parentCode? } → a page of records by
 *   code, total exact up to 1,000 (`totalExact`, capped-total.ts) (action orgMaster.read);
 * - `findOptions` { keyword?, codes? } → the pickers' enabled matches plus the named codes (no action: any
 *   buyer user);
 * - `save` { id?, version?, code (create only), name, nameEn?, parentCode? } → the record (orgMaster.edit);
 * - `enable/{id}`, `disable/{id}`, `delete/{id}` with { version } (orgMaster.edit; delete: '400' when a
 *   document, a data permission or a record below uses it).
 * Buyer side only ('403' for a supplier); another company's id answers '404'; a stale version '409'.
 */
export function registerOrgUnitRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  for (const type of ORG_UNIT_TYPES) {
    const meta = ORG_UNITS[type];
    const base = `/apis/masterdata/${meta.service}`;
    const title = meta.title.en;

    r.post(
      `${base}/findPageList`,
      {
        config: { action: 'orgMaster.read' },
        schema: {
          tags,
          summary: `${title}: one page`,
          body: orgUnitFilterSchema,
          response: {
            200: envelopeSchema(
              z.object({
                records: z.array(orgUnitSchema),
                total: z.number(),
                totalExact: z.boolean(),
                currentPage: z.number(),
                pageSize: z.number(),
              }),
            ),
          },
        },
      },
      async (request) => ok(await listOrgUnits(deps.db, requireAuth(request.auth), type, request.body)),
    );

    r.post(
      `${base}/findOptions`,
      {
        schema: {
          tags,
          summary: `${title}: picker options (enabled, plus named codes)`,
          body: orgUnitOptionsSchema,
          response: { 200: envelopeSchema(z.array(orgUnitOptionSchema)) },
        },
      },
      async (request) => ok(await orgUnitOptions(deps.db, requireAuth(request.auth), type, request.body)),
    );

    r.post(
      `${base}/save`,
      {
        config: { action: 'orgMaster.edit' },
        schema: {
          tags,
          summary: `${title}: create or edit`,
          body: orgUnitSaveSchema,
          response: { 200: envelopeSchema(orgUnitSchema) },
        },
      },
      async (request) => ok(await saveOrgUnit(deps.db, requireAuth(request.auth), type, request.body)),
    );

    for (const status of ['enabled', 'disabled'] as const)
      r.post(
        `${base}/${status === 'enabled' ? 'enable' : 'disable'}/:id`,
        {
          config: { action: 'orgMaster.edit' },
          schema: {
            tags,
            summary: `${title}: ${status === 'enabled' ? 'enable' : 'disable'}`,
            params: idParams,
            body: orgUnitVersionSchema,
            response: { 200: envelopeSchema(orgUnitSchema) },
          },
        },
        async (request) =>
          ok(
            await setOrgUnitStatus(
              deps.db,
              requireAuth(request.auth),
              type,
              request.params.id,
              request.body.version,
              status,
            ),
          ),
      );

    r.post(
      `${base}/delete/:id`,
      {
        config: { action: 'orgMaster.edit' },
        schema: {
          tags,
          summary: `${title}: delete (only when nothing uses it)`,
          params: idParams,
          body: orgUnitVersionSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await removeOrgUnit(
          deps.db,
          requireAuth(request.auth),
          type,
          request.params.id,
          request.body.version,
        );
        return ok(null);
      },
    );
  }
}
