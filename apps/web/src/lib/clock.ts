import { DEFAULT_TIME_ZONE, dateIn, isTimeZone } from '@srm/contracts/calendar';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from './http.ts';

/**
 * The web's clock (issue #35): "today" of the date pickers and their disabled days is the date in the
 * company's time zone (the buyer's; for a supplier the buyer it acts for), not the browser's — a buyer in
 * Berlin using a laptop set to Beijing time still gets Berlin's today. Date-only values stay 'YYYY-MM-DD'
 * strings; a picker's Dayjs of such a day is that calendar day at local midnight (no zone shift).
 */

/** The data of POST /apis/CompanyService/findTimeZone. */
export type CompanyTimeZone = { timeZone: string; stored: string | null; defaultTimeZone: string };

let zone = DEFAULT_TIME_ZONE;
let loading: Promise<string> | null = null;

/** POST /apis/CompanyService/findTimeZone — the zone the caller's dates follow, stored, and the default. */
export function findCompanyTimeZone(): Promise<CompanyTimeZone> {
  return call({ url: '/CompanyService/findTimeZone', method: 'POST', data: {} });
}

/** Sets the zone "today" is taken in (after a load or after the admin saved a new one). */
export function setCompanyTimeZone(timeZone: string): void {
  if (isTimeZone(timeZone)) zone = timeZone;
}

/** The zone in use (Asia/Shanghai until loaded). */
export function companyTimeZone(): string {
  return zone;
}

/** Loads the company's zone once per page (later calls share the first); keeps the default on failure. */
export function loadCompanyTimeZone(): Promise<string> {
  loading ??= findCompanyTimeZone()
    .then((data) => {
      setCompanyTimeZone(data.timeZone);
      return zone;
    })
    .catch(() => zone);
  return loading;
}

/**
 * Now as a picker's Dayjs (the instant, shown in the browser's zone as antd's date-time pickers do). The one
 * place the web reads the machine's time for a default or a comparison (`scripts/check-dates.mjs` refuses a
 * bare `dayjs()` elsewhere), so a later server-time offset applies everywhere.
 */
export function now(): Dayjs {
  return dayjs(Date.now());
}

/** Today 'YYYY-MM-DD' in the company's zone; `at` (ms) for tests. */
export function todayIso(at: number = Date.now()): string {
  return dateIn(zone, at);
}

/** Today in the company's zone as a picker's Dayjs (that calendar day, local midnight), plus `days`. */
export function today(days = 0, at?: number): Dayjs {
  return dayjs(todayIso(at)).add(days, 'day');
}

/** A DatePicker's disabledDate for "not before today" (today in the company's zone stays enabled). */
export function beforeToday(day: Dayjs): boolean {
  return day.isBefore(today(), 'day');
}
