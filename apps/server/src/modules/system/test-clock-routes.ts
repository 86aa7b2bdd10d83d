import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { now, setNow } from '../../platform/clock.ts';
import { type App, ok, zod } from '../../platform/http.ts';

const clockSchema = z.object({ now: z.string() });

/**
 * The test clock's route (issue #35), registered only when the server runs with SRM_TEST_CLOCK=1 (a test
 * server; app.ts): a production server has no such route (404) and its clock cannot move (clock.ts setNow).
 */
export function registerTestClockRoutes(app: App): void {
  const r = zod(app);

  /**
   * POST /apis/test/clock — moves the server's clock (platform/clock.ts now()) so that it reads `at` (an ISO
   * date-time such as '2026-10-31T23:30:00Z', or ms since the epoch) and runs on from there; `at: null` puts
   * it back to real time. Deadlines, quote ends, auction extensions, reminders and certificate expiry are
   * reached by moving it. Public (test servers only). data: { now } — the clock's reading, ISO date-time.
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
      return ok({ now: new Date(now()).toISOString() });
    },
  );
}
