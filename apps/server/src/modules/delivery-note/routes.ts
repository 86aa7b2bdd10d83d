import { deliveryNoteDefinition as def } from '@srm/contracts/delivery-note';
import { servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { ownRouteAction, registerDocumentRoutes } from '../../platform/document/routes.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { renderBoxLabels } from './labels.ts';
import { deliveryNoteKind, findNoteIdByNumber, findOpenLines } from './service.ts';

const openLine = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  orderItemId: z.string(),
  itemNumber: z.number(),
  elsAccount: z.string(),
  buyerName: z.string(),
  toElsAccount: z.string(),
  supplierName: z.string(),
  materialNumber: z.string(),
  materialDesc: z.string(),
  unit: z.string(),
  quantity: z.string(),
  shippedQuantity: z.string(),
  receivedQuantity: z.string(),
  remainQuantity: z.string(),
  deliveryDate: z.string(),
  replyDeliveryDate: z.string().nullable(),
  minPackingQuantity: z.string(),
});
/** `available` (always true) keeps the home portal's pending-list shape (spec 000 §7 home calls). */
const openLinesAnswer = envelopeSchema(
  z.object({ available: z.boolean(), records: z.array(openLine), total: z.number(), hasMore: z.boolean() }),
);
const pageBody = z.object({
  currentPage: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  orderNumber: z.string().trim().max(40).optional(),
});

/**
 * Delivery notices (ASN), kind `deliveryNote`: the kernel's calls on both sides
 * (`/apis/order/{Purchase|Sale}DeliveryNoteService/…`, see platform/document/routes.ts) and the kind's
 * own: the open order lines to deliver (spec 000 §7 findCreateDeliveryManage), a notice by its number
 * (the buyer's receiving by scan or typing), and the box labels.
 */
export function registerDeliveryNoteRoutes(app: App, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, deliveryNoteKind);
  const r = zod(app);
  const tags = [def.kind];

  for (const method of ['GET', 'POST'] as const) {
    /**
     * GET and POST /apis/order/SaleDeliveryNoteService/findCreateDeliveryManage (spec 000 §7) — the
     * supplier's open order lines to deliver: confirmed, open lines of sent orders with something left
     * (quantity × (1 + overTolerance%) − shipped, in the line's unit), oldest requested date first. Body
     * or query { currentPage, pageSize (≤ 100), elsAccount? (one buyer), orderNumber? (prefix) }. data {
     * available, records, total (counted to this page), hasMore }. The home portal calls it for its
     * logistics figure: a buyer gets its own open lines (not yet delivered) the same way.
     */
    r.route({
      method,
      url: `${servicePath(def, 'sale')}/findCreateDeliveryManage`,
      // Both stations' home portal (spec 000 §7), whatever the service's name (issue #32).
      config: { station: 'any' },
      schema: {
        tags,
        summary: 'Open order lines the supplier can deliver',
        ...(method === 'POST'
          ? { body: pageBody.extend({ elsAccount: z.string().trim().max(32).optional() }).optional() }
          : { querystring: pageBody.extend({ elsAccount: z.string().trim().max(32).optional() }) }),
        response: { 200: openLinesAnswer },
      },
      handler: async (request) => {
        const auth = requireAuth(request.auth);
        const input = (method === 'POST' ? request.body : request.query) as z.infer<typeof pageBody> & {
          elsAccount?: string;
        };
        // The buyer filter survives the parse (issue #16: a supplier of several buyers ships for one).
        const body = pageBody.extend({ elsAccount: z.string().trim().max(32).optional() }).parse(input ?? {});
        return ok(await findOpenLines(deps.db, auth, auth.station, body as never));
      },
    });
  }

  /**
   * POST /apis/order/PurchaseDeliveryNoteService/findCreateDeliveryManage — the buyer's open order lines
   * of one supplier, for a delivery request. Body { currentPage, pageSize, toElsAccount?, orderNumber? }.
   */
  r.post(
    `${servicePath(def, 'purchase')}/findCreateDeliveryManage`,
    {
      schema: {
        tags,
        summary: 'Open order lines the buyer can ask to be delivered',
        body: pageBody.extend({ toElsAccount: z.string().trim().max(32).optional() }),
        response: { 200: openLinesAnswer },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      deliveryNoteKind.assertSide(auth, 'purchase', 'send');
      return ok(await findOpenLines(deps.db, auth, 'purchase', request.body));
    },
  );

  for (const side of ['purchase', 'sale'] as const) {
    /**
     * GET /apis/order/{Purchase|Sale}DeliveryNoteService/findByNumber/{number} — the id of the caller's
     * notice with that number (scanned from a box label's QR code or typed; case-insensitive). data { id };
     * '404' when the caller's side has no notice of that number.
     * Function permission (issue #19): `deliveryNote.read`; without it '403'.
     */
    r.get(
      `${servicePath(def, side)}/findByNumber/:number`,
      {
        config: { action: ownRouteAction(def, 'read') },
        schema: {
          tags,
          summary: 'Find a delivery notice by its number',
          params: z.object({ number: z.string().trim().min(1).max(40) }),
          response: { 200: envelopeSchema(z.object({ id: z.string() })) },
        },
      },
      async (request) =>
        ok({ id: await findNoteIdByNumber(deps.db, requireAuth(request.auth), side, request.params.number) }),
    );

    /**
     * GET /apis/order/{Purchase|Sale}DeliveryNoteService/printLabels/{id} — the notice's box and batch
     * labels as a PDF (one per box, QR code of the notice number), labels in the caller's language.
     * Function permission (issue #19): `deliveryNote.read`; without it '403'.
     */
    r.get(
      `${servicePath(def, side)}/printLabels/:id`,
      {
        config: { action: ownRouteAction(def, 'read') },
        schema: {
          tags,
          summary: 'Box and batch labels of a delivery notice (PDF)',
          params: z.object({ id: z.uuid() }),
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request.auth);
        const note = await deliveryNoteKind.find(deps.db, auth, side, request.params.id);
        const lines = await deliveryNoteKind.findLines(deps.db, note.id);
        const pdf = await renderBoxLabels(note as never, lines as never, request.locale);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${note.deliveryNoteNumber}-labels.pdf"`)
          .send(pdf);
      },
    );
  }
}
