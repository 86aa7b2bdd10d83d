import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import type { Side } from '@srm/contracts/document/define';
import { basePath, openPdf } from '../../components/document/api.ts';
import { call } from '../../lib/http.ts';
import type { Page } from '../../lib/message-api.ts';

/** An open order line that can still be delivered (`…DeliveryNoteService/findCreateDeliveryManage`). */
export type OpenLine = {
  orderId: string;
  orderNumber: string;
  orderItemId: string;
  itemNumber: number;
  /** The buyer. */
  elsAccount: string;
  buyerName?: string;
  /** The supplier (the buyer's request screen). */
  toElsAccount?: string;
  supplierName?: string;
  materialNumber: string;
  materialDesc: string;
  unit: string;
  quantity: string;
  shippedQuantity: string;
  receivedQuantity: string;
  remainQuantity: string;
  deliveryDate: string | null;
  replyDeliveryDate: string | null;
  minPackingQuantity: string | null;
};

export type OpenLineQuery = {
  currentPage: number;
  pageSize: number;
  /** Supplier side: the buyer. */
  elsAccount?: string;
  /** Buyer side: the supplier (required there). */
  toElsAccount?: string;
  orderNumber?: string;
};

const base = (side: Side) => basePath(deliveryNoteDefinition, side);

/** Open order lines to deliver: the supplier's lines to ship, or the buyer's lines of one supplier. */
export function findOpenLines(side: Side, body: OpenLineQuery): Promise<Page<OpenLine>> {
  return call<Page<OpenLine>>({ url: `${base(side)}/findCreateDeliveryManage`, method: 'POST', data: body });
}

/** The buyer's notice by its number (scanned or typed at receiving). */
export function findByNumber(number: string): Promise<{ id: string }> {
  return call<{ id: string }>({ url: `${base('purchase')}/findByNumber/${encodeURIComponent(number)}` });
}

/** The box labels (a QR code per box) of a notice, as a PDF in a new tab. */
export function printLabels(side: Side, id: string, number: string): Promise<void> {
  return openPdf(`${base(side)}/printLabels/${encodeURIComponent(id)}`, `${number}-labels.pdf`);
}

/** The printed notice, as a PDF in a new tab. */
export function printNote(side: Side, id: string, number: string): Promise<void> {
  return openPdf(`${base(side)}/print/${encodeURIComponent(id)}`, `${number}.pdf`);
}
