import { describe, expect, it } from 'vitest';
import {
  COMPARISON_CONCURRENCY,
  COMPARISON_MAX_WAIT_MS,
  COMPARISON_QUEUE,
  createComparisonLimit,
} from '../src/modules/enquiry/comparison-limit.ts';
import { AppError } from '../src/platform/errors.ts';

/**
 * The comparison limit's queue is bounded by the expected wait (issue #13 follow-up, comparison-limit.ts):
 * a call waits while (calls ahead + 1) ÷ concurrency × the recent average duration ≤ COMPARISON_MAX_WAIT_MS
 * and fewer than COMPARISON_QUEUE wait; beyond that '429' comparisonBusy with the seconds the calls ahead
 * need. Durations come from a fake clock the tasks advance.
 */

/** A gate the held calls wait on, and a way to open it. */
function gate() {
  let open = () => {};
  const closed = new Promise<void>((r) => {
    open = r;
  });
  return { closed, open };
}

/** Expected wait (ms) of a call behind `busy` others, as the rule states it. */
const expectedWait = (busy: number, averageMs: number) =>
  busy < COMPARISON_CONCURRENCY
    ? 0
    : Math.ceil((busy - COMPARISON_CONCURRENCY + 1) / COMPARISON_CONCURRENCY) * averageMs;

/** How many calls the rule takes at once with this average duration. */
function placesFor(averageMs: number) {
  let busy = 0;
  while (
    busy < COMPARISON_CONCURRENCY ||
    (busy - COMPARISON_CONCURRENCY < COMPARISON_QUEUE &&
      expectedWait(busy, averageMs) <= COMPARISON_MAX_WAIT_MS)
  )
    busy++;
  return busy;
}

describe('comparison limit bounded by the expected wait', () => {
  it('queues a burst of fast calls up to the queue length, and refuses the next with the seconds to wait', async () => {
    const limit = createComparisonLimit({ initialMs: 40 });
    const places = placesFor(40);
    // Fast calls: the queue length, not the wait, is what binds (64 waiting ≈ 1.3 s).
    expect(places).toBe(COMPARISON_CONCURRENCY + COMPARISON_QUEUE);
    const g = gate();
    const held = Array.from({ length: places }, (_, i) => limit.run(() => g.closed.then(() => i)));
    expect(limit.load().room).toBe(0);
    let told = 0;
    await expect(
      limit.run(
        async () => 'late',
        (seconds) => (told = seconds),
      ),
    ).rejects.toMatchObject({
      code: '429',
      key: 'comparisonBusy',
    });
    expect(told).toBe(Math.ceil(expectedWait(places, 40) / 1000));
    g.open();
    // Every queued call answers, in order.
    expect(await Promise.all(held)).toEqual(Array.from({ length: places }, (_, i) => i));
    expect(limit.load()).toMatchObject({ active: 0, pending: 0, room: places });
  });

  it('takes fewer calls when calls are slow, more once they are measured fast', async () => {
    let clock = 0;
    const limit = createComparisonLimit({ initialMs: 1_000, now: () => clock });
    // At 1 s a call, the calls that can wait ≤ 3 s: 2 running + 6 waiting.
    expect(limit.load().room).toBe(placesFor(1_000));
    expect(placesFor(1_000)).toBeLessThan(COMPARISON_CONCURRENCY + COMPARISON_QUEUE);
    const g = gate();
    const held = Array.from({ length: placesFor(1_000) }, () => limit.run(() => g.closed));
    const refused = await limit.run(async () => 'late').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).params).toEqual({
      seconds: Math.ceil(expectedWait(placesFor(1_000), 1_000) / 1000),
    });
    g.open();
    await Promise.all(held);
    // Calls of 40 ms, one after another: the recent average follows them and the queue grows again.
    for (let i = 0; i < 30; i++)
      await limit.run(async () => {
        clock += 40;
      });
    const { averageMs, room } = limit.load();
    expect(averageMs).toBeGreaterThan(40);
    expect(averageMs).toBeLessThan(60);
    expect(room).toBe(placesFor(averageMs));
    expect(room).toBeGreaterThan(placesFor(1_000));
  });

  it('counts a failed call in the average and frees its place', async () => {
    let clock = 0;
    const limit = createComparisonLimit({ initialMs: 100, now: () => clock });
    await expect(
      limit.run(async () => {
        clock += 2_100;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(limit.load()).toMatchObject({ active: 0, pending: 0, averageMs: 100 + 0.2 * 2_000 });
  });
});
