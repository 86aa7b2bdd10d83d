import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import EbiddingEdit from './EbiddingEdit.tsx';

vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    if (config.url === '/user/getPermissions')
      return { permission: 'normal', roles: ['buyer'], actions: ['ebidding.save'] };
    return { records: [], total: 0 };
  }),
}));

afterEach(cleanup);

describe('the auction form (issue #33)', () => {
  it('asks an English auction for its quote interval: the least time between one supplier’s offers', async () => {
    renderScreen(<EbiddingEdit />, '/v2/edit', ['ebidding.save']);
    expect(await screen.findByLabelText('Quote interval (minutes)')).toBeTruthy();
    expect(screen.queryByLabelText('Step interval (minutes)')).toBeNull();
  });
});
