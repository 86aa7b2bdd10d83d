import { act, cleanup, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from './i18n.ts';

// The company's texts come from GET /apis/i18n/{tenant}/{locale}; here the answer is given, the loader and
// i18next are the product's own.
vi.mock('./http.ts', async (original) => ({
  ...(await original<typeof import('./http.ts')>()),
  call: vi.fn(async () => ({
    tenant: '100000',
    overrides: { shell: { 'topbar.followUs': 'Follow our account' } },
  })),
}));
const { loadTenantTexts } = await import('./tenant-i18n.ts');

function FollowButton() {
  const { t } = useTranslation();
  return <button type="button">{t('shell:topbar.followUs')}</button>;
}

afterEach(() => cleanup());

describe('company texts of a language switched to (spec 000 §7)', () => {
  it('are drawn as soon as they arrive, without another redraw of the screen', async () => {
    render(<FollowButton />);
    await act(() => i18n.changeLanguage('en'));
    const bundled = i18n.t('shell:topbar.followUs');
    expect(screen.getByRole('button').textContent).toBe(bundled);
    expect(bundled).not.toBe('Follow our account');
    await act(() => loadTenantTexts('100000', 'en'));
    expect(screen.getByRole('button', { name: 'Follow our account' })).toBeTruthy();
  });
});
