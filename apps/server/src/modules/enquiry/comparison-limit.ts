import pLimit from 'p-limit';
import { AppError } from '../../platform/errors.ts';

/**
 * The per-process limit on RFQ comparison work (issue #13: a few buyers opening big comparisons at once
 * starved the server, BENCHMARKS.md "Sourcing"). At most `COMPARISON_CONCURRENCY` comparison pages or Excel
 * comparison exports compute at once in one server process. Further calls wait their turn while their
 * expected wait is short: a call is queued when (calls waiting ahead of it + 1) ÷ COMPARISON_CONCURRENCY ×
 * the recent average duration of a comparison call is at most COMPARISON_MAX_WAIT_MS, and at most
 * COMPARISON_QUEUE wait in all. A page of 50 lines takes ~40 ms (BENCHMARKS.md), so a burst of buyers
 * waits a moment instead of being refused. When cold summaries or exports make calls slow, the queue
 * shrinks to match. A call beyond that is refused at once with '429' `comparisonBusy` ("try again in N
 * seconds", zh_cn/en) and a `Retry-After` header of N seconds: the time the calls ahead need. The web
 * shows the message and the user retries. Several server processes each have their own limit.
 */
export const COMPARISON_CONCURRENCY = 2;
/**
 * The most calls that wait at once, whatever their expected wait (bounds the memory a burst holds).
 * This and COMPARISON_MAX_WAIT_MS are the defaults of the settings of the same names (config.ts).
 */
export const COMPARISON_QUEUE = 64;
/** The longest expected wait (ms) a call is queued for; beyond it the call is refused with '429'. */
export const COMPARISON_MAX_WAIT_MS = 3_000;
/** The duration (ms) assumed for a call before any has finished in this process. */
export const COMPARISON_INITIAL_MS = 100;
/** Weight of the newest finished call in the recent average (exponentially weighted). */
const AVERAGE_WEIGHT = 0.2;
/** The longest Retry-After (seconds) a refused caller is told. */
const MAX_RETRY_SECONDS = 30;

/**
 * A limit's state: calls running and waiting, the recent average duration of a call (ms), the expected
 * wait (ms) of the next call, how many more calls it would take now (`room`), and the Retry-After
 * (seconds) a refused call gets now.
 */
export type ComparisonLoad = {
  active: number;
  pending: number;
  averageMs: number;
  waitMs: number;
  room: number;
  retrySeconds: number;
};

export type ComparisonLimitOptions = {
  concurrency?: number;
  queue?: number;
  maxWaitMs?: number;
  initialMs?: number;
  /** Clock in ms (tests pass a fake one). */
  now?: () => number;
};

/**
 * A comparison limit (the server uses one per process, `limitComparison`; tests build their own):
 * `run(task, refused?)` runs `task` at once when a slot is free, after the calls ahead of it when the
 * expected wait allows, else rejects with '429' `comparisonBusy` { seconds } (calling `refused(seconds)`
 * first, e.g. to set Retry-After). `load()` describes the state (ComparisonLoad).
 */
export function createComparisonLimit(options: ComparisonLimitOptions = {}) {
  const concurrency = options.concurrency ?? COMPARISON_CONCURRENCY;
  const queue = options.queue ?? COMPARISON_QUEUE;
  const maxWaitMs = options.maxWaitMs ?? COMPARISON_MAX_WAIT_MS;
  const now = options.now ?? (() => performance.now());
  const limit = pLimit(concurrency);
  let averageMs = options.initialMs ?? COMPARISON_INITIAL_MS;

  // Calls taken and not finished. p-limit starts a call a microtask after it is taken, so its own
  // counts lag behind a burst within one tick; this one does not.
  let taken = 0;
  /** Expected wait (ms) of a call taken behind `busy` others: the rounds of the calls waiting ahead. */
  const waitBehind = (busy: number) =>
    busy < concurrency ? 0 : Math.ceil((busy - concurrency + 1) / concurrency) * averageMs;
  const admits = (busy: number) =>
    busy < concurrency || (busy - concurrency < queue && waitBehind(busy) <= maxWaitMs);
  const retrySeconds = (busy: number) =>
    Math.min(MAX_RETRY_SECONDS, Math.max(1, Math.ceil(waitBehind(busy) / 1000)));

  function load(): ComparisonLoad {
    let room = 0;
    while (admits(taken + room)) room++;
    return {
      active: limit.activeCount,
      pending: limit.pendingCount,
      averageMs,
      waitMs: waitBehind(taken),
      room,
      retrySeconds: retrySeconds(taken),
    };
  }

  function run<T>(task: () => Promise<T>, refused?: (seconds: number) => void): Promise<T> {
    if (!admits(taken)) {
      const seconds = retrySeconds(taken);
      refused?.(seconds);
      return Promise.reject(new AppError('429', 'comparisonBusy', { seconds }));
    }
    taken++;
    return limit(async () => {
      const started = now();
      try {
        return await task();
      } finally {
        averageMs += AVERAGE_WEIGHT * (now() - started - averageMs);
      }
    }).finally(() => {
      taken--;
    });
  }

  return { run, load };
}

let processLimit = createComparisonLimit();

/**
 * Sets this process's comparison limit at start (config COMPARISON_QUEUE, COMPARISON_MAX_WAIT_MS; the
 * defaults are the constants above). Calls already taken finish under the limit they were taken by.
 */
export function configureComparisonLimit(options: ComparisonLimitOptions): void {
  processLimit = createComparisonLimit(options);
}

/** This process's comparison limit now (tests and the bench read it). */
export const comparisonLoad = (): ComparisonLoad => processLimit.load();

/**
 * Runs `task` under this process's comparison limit: at once when a slot is free, after the calls ahead
 * of it when their expected wait is short, else '429' `comparisonBusy` (calling `refused` first with the
 * seconds to wait, e.g. to set Retry-After).
 */
export function limitComparison<T>(task: () => Promise<T>, refused?: (seconds: number) => void): Promise<T> {
  return processLimit.run(task, refused);
}
