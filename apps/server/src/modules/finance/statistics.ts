import { and, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import type { AuthContext } from '../../platform/http.ts';
import { addCost, deductCost, invoice, recon } from './tables.ts';

/**
 * The home portal's finance figures (spec 000 §7 findSaleIndexStatistics, issue #15): what waits for the
 * caller's company to act — statements the other side sent it to confirm, fee sheets the other side
 * raised for it to confirm, and invoices — for a buyer those submitted to it (to be confirmed), for a
 * supplier its invoices the buyer rejected (to correct and submit again).
 */
export async function financeStatistics(db: Queryable, auth: AuthContext) {
  const buyer = auth.station === 'purchase';
  const [recons] = await db
    .select({ n: count() })
    .from(recon)
    .where(
      and(
        buyer ? eq(recon.elsAccount, auth.elsAccount) : eq(recon.toElsAccount, auth.elsAccount),
        eq(recon.reconSource, buyer ? '2' : '1'),
        eq(recon.checkStatus, '1'),
      ),
    );
  // A buyer confirms the supplier's additional charges; a supplier the buyer's deductions.
  const [costs] = buyer
    ? await db
        .select({ n: count() })
        .from(addCost)
        .where(and(eq(addCost.elsAccount, auth.elsAccount), eq(addCost.costStatus, '1')))
    : await db
        .select({ n: count() })
        .from(deductCost)
        .where(and(eq(deductCost.toElsAccount, auth.elsAccount), eq(deductCost.costStatus, '1')));
  const [invoices] = await db
    .select({ n: count() })
    .from(invoice)
    .where(
      buyer
        ? and(eq(invoice.elsAccount, auth.elsAccount), eq(invoice.invoiceStatus, '1'))
        : and(eq(invoice.toElsAccount, auth.elsAccount), eq(invoice.invoiceStatus, '3')),
    );
  return {
    available: true,
    counts: {
      reconToBeConfirmed: Number(recons?.n ?? 0),
      invoiceToBeConfirmed: Number(invoices?.n ?? 0),
      costToBeConfirmed: Number(costs?.n ?? 0),
    },
  };
}
