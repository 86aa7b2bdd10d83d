import { describe, expect, it } from 'vitest';
import { beforeToday, companyTimeZone, setCompanyTimeZone, today, todayIso } from './clock.ts';

/** The web's clock (issue #35): the pickers' "today" is the date in the company's zone, not the browser's. */
describe('the web clock', () => {
  const END_OF_OCTOBER_UTC = Date.parse('2026-10-31T23:30:00Z');

  it("takes today in the company's zone: Beijing by default, Berlin when the company is there", () => {
    expect(companyTimeZone()).toBe('Asia/Shanghai');
    expect(todayIso(END_OF_OCTOBER_UTC)).toBe('2026-11-01');
    expect(today(14, END_OF_OCTOBER_UTC).format('YYYY-MM-DD')).toBe('2026-11-15');
    setCompanyTimeZone('Europe/Berlin');
    expect(todayIso(Date.parse('2026-11-30T20:00:00Z'))).toBe('2026-11-30');
    setCompanyTimeZone('Mars/Olympus');
    expect(companyTimeZone()).toBe('Europe/Berlin');
    setCompanyTimeZone('Asia/Shanghai');
  });

  it("disables the days before the company's today and keeps today", () => {
    expect(beforeToday(today(-1))).toBe(true);
    expect(beforeToday(today())).toBe(false);
    expect(beforeToday(today(1))).toBe(false);
  });
});
