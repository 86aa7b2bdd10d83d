import type { DocLine } from '../../components/document/api.ts';
import { subtractDecimal, trimDecimal } from '../../components/document/definition.ts';

/**
 * A delivery notice holds lines of one buyer (seed 001 §5; several orders of that buyer are fine): the
 * lines another buyer than the one of the lines already picked cannot be selected.
 */
export function selectableFor<T extends { elsAccount: string }>(picked: readonly T[], line: T): boolean {
  return picked.length === 0 || picked[0].elsAccount === line.elsAccount;
}

/** Keeps the picked lines of one buyer: the first picked line's buyer wins. */
export function keepOneBuyer<T extends { elsAccount: string }>(
  lines: readonly T[],
): { kept: T[]; dropped: number } {
  if (lines.length === 0) return { kept: [], dropped: 0 };
  const buyer = lines[0].elsAccount;
  const kept = lines.filter((l) => l.elsAccount === buyer);
  return { kept, dropped: lines.length - kept.length };
}

/** What is left to receive on a notice line: shipped − received. */
export function leftToReceive(line: DocLine): string {
  return subtractDecimal(String(line.sendDeliveryNoteQuantity ?? '0'), String(line.confirmQuantity ?? '0'));
}

/** Whether anything of the notice was received and not yet returned (the buyer may return goods). */
export function canReturn(lines: readonly DocLine[]): boolean {
  return lines.some(
    (l) => subtractDecimal(String(l.confirmQuantity ?? '0'), String(l.returnQuantity ?? '0')) !== '0',
  );
}

/** A notice line as one short text: order and line, material. */
export function describeLine(line: Record<string, unknown>): string {
  const order = line.orderNumber ? `${line.orderNumber}/${line.itemNumber ?? ''}` : '';
  return [order, line.materialNumber, line.materialDesc].filter(Boolean).join(' ');
}

export { trimDecimal };
