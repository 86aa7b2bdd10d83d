import {
  addDays,
  addMonths,
  compareDates,
  DEFAULT_TIME_ZONE,
  dateIn,
  daysBetween,
  isTimeZone,
  monthEnd,
  monthStart,
  periodIn,
  startOfDay,
} from '@srm/contracts/calendar';
import { sql } from 'drizzle-orm';
import type { Queryable } from './db.ts';

/**
 * The one clock of the server (issue #35): every "today", month period, document number, deadline, reminder
 * and job takes its time from `now()` and its calendar from the company's time zone (`company.time_zone`, set
 * in the buyer's company administration; else the server's TZ_DEFAULT; else Asia/Shanghai). Date-only values
 * are 'YYYY-MM-DD' strings and are compared and moved by the calendar functions, never through a UTC Date.
 *
 * Test clock: with SRM_TEST_CLOCK=1 (configureClock({ movable: true })) `setNow` moves `now()` — it keeps
 * running from the instant set — and POST /apis/test/clock is registered (modules/system/test-clock-routes.ts);
 * a production server has neither: `setNow` throws and the route answers 404.
 */

export {
  addDays,
  addMonths,
  compareDates,
  DEFAULT_TIME_ZONE,
  daysBetween,
  isTimeZone,
  monthEnd,
  monthStart,
  startOfDay,
};

let defaultTimeZone = DEFAULT_TIME_ZONE;
let movable = false;
let offsetMs = 0;

/**
 * Sets the server's clock up at start (app.ts): the default company time zone (TZ_DEFAULT) and whether the
 * test clock may move (SRM_TEST_CLOCK). Setting `movable` either way puts the clock back to real time, so a
 * server built after another in one process (a test file with two servers, a worker without isolation) never
 * starts on a clock the other moved; the cached company zones are dropped with it.
 */
export function configureClock(options: { defaultTimeZone?: string; movable?: boolean }): void {
  if (options.defaultTimeZone !== undefined) {
    if (!isTimeZone(options.defaultTimeZone))
      throw new RangeError(`unknown time zone ${options.defaultTimeZone}`);
    defaultTimeZone = options.defaultTimeZone;
  }
  if (options.movable !== undefined) {
    movable = options.movable;
    offsetMs = 0;
  }
  zones.clear();
}

/** The zone of a company that has not set its own: TZ_DEFAULT, else Asia/Shanghai. */
export function defaultCompanyTimeZone(): string {
  return defaultTimeZone;
}

/** Whether the test clock may be moved (SRM_TEST_CLOCK=1). */
export function clockIsMovable(): boolean {
  return movable;
}

/** The current instant, ms since the epoch: real time, or the test clock's moved time. */
export function now(): number {
  return Date.now() + offsetMs;
}

/** `now()` as a Date (for timestamp columns). */
export function nowDate(): Date {
  return new Date(now());
}

/**
 * Moves the test clock so that `now()` reads `at` (ms since the epoch) and runs on from there; `null` puts it
 * back to real time. Throws unless the server runs with SRM_TEST_CLOCK=1: a production clock cannot move.
 */
export function setNow(at: number | null): void {
  if (!movable) throw new Error('the clock can only be moved with SRM_TEST_CLOCK=1 (a test server)');
  offsetMs = at === null ? 0 : at - Date.now();
}

/** The date 'YYYY-MM-DD' in `timeZone` at `at` (default: now). */
export function today(timeZone: string, at: number = now()): string {
  return dateIn(timeZone, at);
}

/** The month period 'YYYYMM' in `timeZone` at `at` (default: now). */
export function period(timeZone: string, at: number = now()): string {
  return periodIn(timeZone, at);
}

/** Today plus `days` (negative: earlier) in `timeZone` (default: the server's default company zone), e.g. for seeds. */
export function daysFromToday(days: number, timeZone: string = defaultTimeZone): string {
  return addDays(dateIn(timeZone, now()), days);
}

/** A Date (or instant) as the date 'YYYY-MM-DD' it falls on in `timeZone`, e.g. a timestamp column's day. */
export function dateOf(value: Date | number, timeZone: string): string {
  return dateIn(timeZone, typeof value === 'number' ? value : value.getTime());
}

/** How long a company's zone is kept before it is read again (other processes' changes show within this). */
const ZONE_TTL_MS = 60_000;
const zones = new Map<string, { zone: string; until: number }>();

/**
 * The time zone of a company (its elsAccount): company.time_zone when set, else the server default. Cached for
 * a minute per process (numbering and every save ask); `forgetCompanyTimeZone` drops the entry on a change.
 * Pass the open transaction as `db` when inside one. An unknown company has the default zone.
 */
export async function companyTimeZone(db: Queryable, elsAccount: string): Promise<string> {
  const cached = zones.get(elsAccount);
  if (cached && cached.until > Date.now()) return cached.zone;
  const result = await db.execute(
    sql`select time_zone as "zone" from company where els_account = ${elsAccount}`,
  );
  const rows = ((result as { rows?: unknown[] }).rows ?? []) as Array<{ zone: string | null }>;
  const own = rows[0]?.zone;
  const zone = own && isTimeZone(own) ? own : defaultTimeZone;
  zones.set(elsAccount, { zone, until: Date.now() + ZONE_TTL_MS });
  return zone;
}

/** Drops a company's cached zone (after its administration changed it). */
export function forgetCompanyTimeZone(elsAccount: string): void {
  zones.delete(elsAccount);
}

/** Today 'YYYY-MM-DD' in a company's zone (the buyer's elsAccount of a document). */
export async function companyToday(db: Queryable, elsAccount: string, at: number = now()): Promise<string> {
  return dateIn(await companyTimeZone(db, elsAccount), at);
}

/** The month period 'YYYYMM' in a company's zone, e.g. of its document numbers. */
export async function companyPeriod(db: Queryable, elsAccount: string, at: number = now()): Promise<string> {
  return periodIn(await companyTimeZone(db, elsAccount), at);
}
