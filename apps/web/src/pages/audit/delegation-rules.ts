// Approval delegation (issue #19), apart from audit-rules.ts, which the home page loads.

export type DelegationForm = {
  delegate?: string;
  /** The period as [start, end] instants (the form's range picker, dayjs or Date-like with toISOString). */
  period?: [{ toISOString(): string } | null, { toISOString(): string } | null] | null;
  remark?: string;
};

/**
 * Checks the delegation form before it goes out (the server checks again): which field is wrong and
 * why, as a locale key, or the request body. `self` is the caller's sub-account; `now` in ms.
 */
export function delegationBody(
  form: DelegationForm,
  self: string,
  now: number,
):
  | { ok: true; body: { delegate: string; startDate: string; endDate: string; remark?: string } }
  | { ok: false; field: 'delegate' | 'period'; error: 'required' | 'self' | 'endBeforeStart' | 'endPast' } {
  const delegate = (form.delegate ?? '').trim();
  if (!delegate) return { ok: false, field: 'delegate', error: 'required' };
  if (delegate === self) return { ok: false, field: 'delegate', error: 'self' };
  const [from, to] = form.period ?? [null, null];
  if (!from || !to) return { ok: false, field: 'period', error: 'required' };
  const startDate = from.toISOString();
  const endDate = to.toISOString();
  if (Date.parse(endDate) <= Date.parse(startDate))
    return { ok: false, field: 'period', error: 'endBeforeStart' };
  if (Date.parse(endDate) <= now) return { ok: false, field: 'period', error: 'endPast' };
  const remark = (form.remark ?? '').trim();
  return { ok: true, body: { delegate, startDate, endDate, ...(remark ? { remark } : {}) } };
}

/** "On behalf of {name}" text of a task row, or null when acted for oneself. */
export function behalfLabel(
  task: { onBehalfOf: string | null; onBehalfOfName: string | null },
  t: (key: string, o: { name: string }) => string,
) {
  return task.onBehalfOf
    ? t('audit:delegation.onBehalfOf', { name: task.onBehalfOfName ?? task.onBehalfOf })
    : null;
}
