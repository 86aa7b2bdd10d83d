import pLimit from 'p-limit';
import { AppError } from '../../platform/errors.ts';

/**
 * The per-process limit on RFQ comparison work (issue #13: a few buyers opening big comparisons at once
 * starved the server, BENCHMARKS.md "Sourcing"). At most `COMPARISON_CONCURRENCY` comparison pages or Excel
 * comparison exports compute at once in one server process; up to `COMPARISON_QUEUE` more wait their turn
 * (briefly: a page of 50 lines takes tens of milliseconds); a call beyond that is refused at once with
 * '429' `comparisonBusy` ("try again in N seconds", zh_cn/en) and a `Retry-After` header — the web shows
 * the message and the user retries. Several server processes each have their own limit.
 */
export const COMPARISON_CONCURRENCY = 2;
export const COMPARISON_QUEUE = 6;
/** Seconds the refused caller is told to wait (the `Retry-After` header and the message). */
export const COMPARISON_RETRY_SECONDS = 2;

const limit = pLimit(COMPARISON_CONCURRENCY);

/** Calls running and waiting now (tests and the bench read it). */
export const comparisonLoad = () => ({ active: limit.activeCount, pending: limit.pendingCount });

/**
 * Runs `task` under the comparison limit: at once when a slot is free, after the calls ahead of it when
 * the queue has room, else '429' `comparisonBusy` (calling `refused` first, e.g. to set Retry-After).
 */
export function limitComparison<T>(task: () => Promise<T>, refused?: (seconds: number) => void): Promise<T> {
  if (limit.activeCount + limit.pendingCount >= COMPARISON_CONCURRENCY + COMPARISON_QUEUE) {
    refused?.(COMPARISON_RETRY_SECONDS);
    return Promise.reject(new AppError('429', 'comparisonBusy', { seconds: COMPARISON_RETRY_SECONDS }));
  }
  return limit(task);
}
