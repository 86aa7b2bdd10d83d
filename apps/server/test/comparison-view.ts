import { expandComparisonLines } from '@srm/contracts/enquiry-comparison';

/**
 * A findComparison answer (one page, issue #13) with its lines in the full per-cell shape (supplier named,
 * empty fields null) — what the detail page renders — so tests read `lines[i].quotes[j].toElsAccount`.
 * Answers other than '200' pass through unchanged.
 */
// biome-ignore lint/suspicious/noExplicitAny: a JSON envelope read by tests
export function fullComparison(body: any): any {
  if (body?.code !== '200' || !body.data?.lines) return body;
  return { ...body, data: { ...body.data, lines: expandComparisonLines(body.data) } };
}
