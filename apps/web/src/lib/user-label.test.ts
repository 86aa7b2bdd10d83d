import { describe, expect, it } from 'vitest';
import { userLabel } from './user-label.ts';

describe('userLabel', () => {
  it('shows the name with the code when the server named the user', () => {
    expect(userLabel('100000_buyer1', '采购员一')).toBe('采购员一 (100000_buyer1)');
  });
  it('falls back to the code, and to a dash without a user', () => {
    expect(userLabel('job_scheduler', null)).toBe('job_scheduler');
    expect(userLabel(null, null)).toBe('—');
    expect(userLabel(undefined, '')).toBe('—');
  });
});
