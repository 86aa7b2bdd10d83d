import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { now, setNow } from '../../platform/clock.ts';
import { type App, type AppDeps, ok, zod } from '../../platform/http.ts';

const clockSchema = z.object({ now: z.string() });

/**
 * The test clock's route (issue #35), registered only when the server runs with SRM_TEST_CLOCK=1 (a test
 * server; app.ts): a production server has no such route (404) and its clock cannot move (clock.ts setNow).
 * `deps.jobs`: the server's timers (platform/jobs.ts), run once the clock has moved.
 */
export function registerTestClockRoutes(app: App, deps: Pick<AppDeps, 'jobs'>): void {
  const r = zod(app);

  /**
   * POST /apis/test/clock — moves the server's clock (platform/clock.ts now()) so that it reads `at` (an ISO
   * date-time such as '2026-10-31T23:30:00Z', or ms since the epoch) and runs on from there; `at: null` puts
   * it back to real time. Deadlines, quote ends, auction extensions, reminders and certificate expiry are
   * reached by moving it: the timers now due by the moved clock (an RFQ's quote end, an auction's end …) run
   * before the answer, so what they change is there when it arrives (their pushes and messages follow after
   * commit). Public (test servers only). data: { now } — the clock's reading, ISO date-time.
   * '400' when `at` is not a date-time.
   */
  r.post(
    '/apis/test/clock',
    {
      config: { public: true },
      schema: {
        tags: ['test'],
        summary: 'Move the test clock (SRM_TEST_CLOCK=1 only)',
        security: [],
        body: z.object({
          at: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative(), z.null()]),
        }),
        response: { 200: envelopeSchema(clockSchema) },
      },
    },
    async (request) => {
      const { at } = request.body;
      setNow(at === null ? null : typeof at === 'number' ? at : Date.parse(at));
      // Two rounds: the first may be one that was already running (it read the clock before it moved).
      await deps.jobs.runDue();
      await deps.jobs.runDue();
      return ok({ now: new Date(now()).toISOString() });
    },
  );
}
