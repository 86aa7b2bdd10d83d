import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOME_SWITCHES, parseHomeSwitches, readStoredSwitches } from './home-switches.ts';
import { setStore } from './storage.ts';

describe('home switches (spec 000 §2)', () => {
  beforeEach(() => localStorage.clear());

  it('defaults every section to 1 when there is no row', () => {
    expect(parseHomeSwitches([])).toEqual(DEFAULT_HOME_SWITCHES);
    expect(parseHomeSwitches(null)).toEqual(DEFAULT_HOME_SWITCHES);
  });

  it("turns a section off only for '0'", () => {
    expect(
      parseHomeSwitches([
        { setCode: 'IndexPage_Enquiry', setValue: '0' },
        { setCode: 'IndexPage_Head', setValue: '1' },
        { setCode: 'IndexPage_Order', setValue: 'yes' },
        { setCode: 'Other', setValue: '0' },
      ]),
    ).toEqual({ purchase: 1, enquiry: 0, order: 1, logistics: 1, head: 1 });
  });

  it('reads stored switches and ignores malformed ones', () => {
    setStore('homeSwitches', { enquiry: 0, head: 'x' });
    expect(readStoredSwitches()).toEqual({ ...DEFAULT_HOME_SWITCHES, enquiry: 0 });
    localStorage.setItem('srm-homeSwitches', '{bad');
    expect(readStoredSwitches()).toEqual(DEFAULT_HOME_SWITCHES);
  });
});
