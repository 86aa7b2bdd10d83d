import { servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { refundDefinition as def } from '@srm/contracts/refund';
import { z } from 'zod';
import { registerDocumentRoutes } from '../../platform/document/routes.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { findReturnableLines, refundKind } from './service.ts';

/**
 * Returns, kind `refund`: the kernel's calls on both sides (`/apis/order/{Purchase|Sale}RefundService/…`,
 * platform/document/routes.ts) and the return form's source lines.
 */
export function registerRefundRoutes(app: App, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, refundKind);
  /**
   * POST /apis/order/PurchaseRefundService/findReturnableLines — body { deliveryNoteId }: the notice and
   * its lines with received, already returned and returnable quantities (in the line's unit). '404' not
   * the caller's notice, '400' nothing received yet, '403' a supplier.
   */
  zod(app).post(
    `${servicePath(def, 'purchase')}/findReturnableLines`,
    {
      schema: {
        tags: [def.kind],
        summary: 'The lines of a delivery notice the buyer can return',
        body: z.object({ deliveryNoteId: z.uuid() }),
        response: {
          200: envelopeSchema(
            z.object({
              deliveryNote: z.object({
                id: z.string(),
                deliveryNoteNumber: z.string(),
                toElsAccount: z.string(),
                supplierName: z.string(),
              }),
              lines: z.array(
                z.object({
                  deliveryNoteItemId: z.string(),
                  orderNumber: z.string(),
                  itemNumber: z.number(),
                  materialNumber: z.string(),
                  materialDesc: z.string(),
                  unit: z.string(),
                  confirmQuantity: z.string(),
                  returnedQuantity: z.string(),
                  returnableQuantity: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(await findReturnableLines(deps.db, requireAuth(request.auth), request.body.deliveryNoteId)),
  );
}
