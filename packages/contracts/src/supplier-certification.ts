import { z } from 'zod';
/** A supplier certification (seed 001 §3 "certification (type, org, date, expiryDate)"); dates ISO yyyy-mm-dd. */
export const certificationSchema = z.object({
  type: z.string().trim().min(1).max(50),
  org: z.string().trim().min(1).max(100),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  effectiveDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  expiryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  mandatory: z.boolean().optional(),
  attachmentId: z.string().optional(),
});
export type Certification = z.infer<typeof certificationSchema>;
/** §5 "Certification date before effective date before expiry date": null when in order, else the first field out of order. */
export function certificationDateOrder(
  c: Pick<Certification, 'date' | 'effectiveDate' | 'expiryDate'>,
): 'effectiveDate' | 'expiryDate' | null {
  if (c.effectiveDate !== undefined && c.effectiveDate < c.date) return 'effectiveDate';
  if (c.expiryDate < (c.effectiveDate ?? c.date)) return 'expiryDate';
  return null;
}
