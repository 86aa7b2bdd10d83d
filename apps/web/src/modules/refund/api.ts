import type { Side } from '@srm/contracts/document/define';
import { refundDefinition } from '@srm/contracts/refund';
import { basePath, openPdf } from '../../components/document/api.ts';
import { call } from '../../lib/http.ts';

/** A received line of a delivery notice with what can still be returned. */
export type ReturnableLine = {
  deliveryNoteItemId: string;
  orderNumber: string;
  itemNumber: number;
  materialNumber: string;
  materialDesc: string;
  unit: string;
  confirmQuantity: string;
  returnedQuantity: string;
  returnableQuantity: string;
};
export type Returnable = {
  deliveryNote: { id: string; deliveryNoteNumber: string; toElsAccount: string; supplierName: string };
  lines: ReturnableLine[];
};

/** `POST …/PurchaseRefundService/findReturnableLines` — what of a notice the buyer can return. */
export function findReturnableLines(deliveryNoteId: string): Promise<Returnable> {
  return call<Returnable>({
    url: `${basePath(refundDefinition, 'purchase')}/findReturnableLines`,
    method: 'POST',
    data: { deliveryNoteId },
  });
}

/** The printed return, as a PDF in a new tab. */
export function printRefund(side: Side, id: string, number: string): Promise<void> {
  return openPdf(`${basePath(refundDefinition, side)}/print/${encodeURIComponent(id)}`, `${number}.pdf`);
}
