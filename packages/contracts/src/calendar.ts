/**
 * The company's calendar (issue #35), shared by the server's clock (apps/server/src/platform/clock.ts) and the
 * web apps' date pickers: "the date in zone Z" comes from Intl.DateTimeFormat (the ICU time-zone data of the
 * runtime — no time-zone arithmetic of our own); everything else works on date-only strings 'YYYY-MM-DD',
 * which have no zone at all and never shift on their way to or from the browser.
 */

/** The company time zone when neither the company nor the server (TZ_DEFAULT) names one. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** A date-only value: 'YYYY-MM-DD'. */
export type IsoDate = string;

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter of date and 24-hour time parts, made once per zone (dateIn, wallClockIn). */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone name the runtime knows (e.g. 'Asia/Shanghai', 'Europe/Berlin'). */
export function isTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar date in `timeZone` at the instant `at` (ms since the epoch): dateIn('Asia/Shanghai',
 * Date.parse('2026-10-31T23:30:00Z')) = '2026-11-01'. Throws RangeError for an unknown zone.
 */
export function dateIn(timeZone: string, at: number): IsoDate {
  const parts = formatter(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The month period 'YYYYMM' in `timeZone` at the instant `at` (ms), e.g. of document numbers (DESIGN §4). */
export function periodIn(timeZone: string, at: number): string {
  return dateIn(timeZone, at).slice(0, 7).replace('-', '');
}

/** The zone's UTC offset at the instant `at` as '+08:00' (Intl's longOffset; 'Z' for UTC). */
function offsetAt(timeZone: string, at: number): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return /GMT([+-]\d{2}:\d{2})/.exec(name)?.[1] ?? 'Z';
}

/**
 * The instant (ms) the date begins in `timeZone`: startOfDay('Asia/Shanghai', '2026-11-01') =
 * Date.parse('2026-10-31T16:00:00Z'). A daylight-saving change on that day is honoured (instantOfWallClock).
 */
export function startOfDay(timeZone: string, date: IsoDate): number {
  return instantOfWallClock(timeZone, `${date} 00:00:00`);
}

/** A wall-clock reading 'YYYY-MM-DD HH:mm:ss' (no zone of its own), e.g. a date-time cell of a spreadsheet. */
export type WallClock = string;

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?$/;

/**
 * The instant (ms) the clocks in `timeZone` read `wallClock` ('YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss' or
 * with milliseconds 'YYYY-MM-DD HH:mm:ss.SSS'; a 'T' in place of the space is taken too): instantOfWallClock('Asia/Shanghai', '2026-12-01 08:00') =
 * Date.parse('2026-12-01T00:00:00Z'). The offset is the zone's own (Intl), taken again at the found instant
 * so a daylight-saving change is honoured; a reading skipped by a change falls on the instant after it.
 * NaN when `wallClock` is not such a reading.
 */
export function instantOfWallClock(timeZone: string, wallClock: WallClock): number {
  const m = WALL_CLOCK.exec(wallClock.trim());
  if (!m) return Number.NaN;
  const local = `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${m[5] ?? ''}`;
  let at = Date.parse(`${local}Z`);
  if (Number.isNaN(at)) return at;
  for (let i = 0; i < 2; i++) at = Date.parse(`${local}${offsetAt(timeZone, at)}`);
  return at;
}

/**
 * What the clocks in `timeZone` read at the instant `at` (ms), as 'YYYY-MM-DD HH:mm:ss' (24-hour), with
 * '.SSS' when the instant has milliseconds (so a reading turns back into the same instant):
 * wallClockIn('Asia/Shanghai', Date.parse('2026-12-01T00:00:00Z')) = '2026-12-01 08:00:00'.
 */
export function wallClockIn(timeZone: string, at: number): WallClock {
  const parts = formatter(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const ms = ((at % 1000) + 1000) % 1000;
  const fraction = ms === 0 ? '' : `.${String(ms).padStart(3, '0')}`;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}${fraction}`;
}

/** Whole days from the epoch of a date-only value (no zone: the date's own calendar day). */
function dayNumber(date: IsoDate): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function fromDayNumber(day: number): IsoDate {
  // A date-only value is its own calendar day: formatted in UTC, where that day number is midnight.
  return dateIn('UTC', day * DAY_MS);
}

/** A date plus whole days (negative: earlier): addDays('2026-11-30', 2) = '2026-12-02'. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** A date plus whole months, the day kept where the month has it, else its last day ('2026-01-31' + 1 = '2026-02-28'). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const first = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  const last = monthEnd(first);
  return Number(last.slice(8)) < d ? last : `${first.slice(0, 8)}${String(d).padStart(2, '0')}`;
}

/** Days from `from` to `to` (negative when `to` is earlier): daysBetween('2026-11-30', '2026-12-02') = 2. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** Date-only compare: < 0 when a is earlier, 0 the same day, > 0 later (the strings' order). */
export function compareDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first day of the date's month: monthStart('2026-11-17') = '2026-11-01'. */
export function monthStart(date: IsoDate): IsoDate {
  return `${date.slice(0, 8)}01`;
}

/** The last day of the date's month: monthEnd('2028-02-10') = '2028-02-29'. */
export function monthEnd(date: IsoDate): IsoDate {
  const [y, m] = date.split('-').map(Number);
  const next =
    m === 12
      ? `${String(y + 1).padStart(4, '0')}-01-01`
      : `${date.slice(0, 5)}${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}
