import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The worker's server clock (issue #35): the browser tests' servers run with SRM_TEST_CLOCK=1
 * (scripts/e2e-server.mjs), so a journey reaches a deadline — an RFQ's quote end, an auction's last minute
 * or its end — by moving the clock there instead of waiting. `request` is the page's (`page.request`: the
 * worker's own server). The server runs the timers that have become due before it answers, so their result
 * (an RFQ quoted, an auction ended) is in the database when this returns. Moving the clock affects every
 * document on that server: move only as far as needed, and put it back with `resetServerClock` in a
 * `finally` or `afterAll`.
 *
 * Answers the server clock's reading after the move, ms since the epoch.
 */
export async function moveServerClock(request: APIRequestContext, at: number): Promise<number> {
  return postClock(request, at);
}

/** Puts the worker's server clock back to real time (`{ at: null }`). */
export async function resetServerClock(request: APIRequestContext): Promise<void> {
  await postClock(request, null);
}

async function postClock(request: APIRequestContext, at: number | null): Promise<number> {
  const res = await request.post('/apis/test/clock', { data: { at } });
  expect(res.ok(), `POST /apis/test/clock answered ${res.status()}`).toBe(true);
  const body = (await res.json()) as { code: string; data: { now: string } };
  expect(body.code).toBe('200');
  return Date.parse(body.data.now);
}
