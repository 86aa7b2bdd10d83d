import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import './i18n-company-admin.ts';
import LanguageTexts from './LanguageTexts.tsx';

/** What the mocked calls answer, and what saveLanguage was sent (plain functions, not spies). */
const server = {
  saved: { overrides: { shell: { 'topbar.followUs': 'Follow ACME' } }, version: 3 } as {
    overrides: Record<string, Record<string, string>>;
    version: number | null;
  },
  finds: 0,
  save: async (): Promise<unknown> => ({ overrides: {}, version: 4 }),
  saves: [] as unknown[],
};
vi.mock('./language-api.ts', async (original) => ({
  ...(await original<typeof import('./language-api.ts')>()),
  findLanguage: async () => {
    server.finds += 1;
    return server.saved;
  },
  saveLanguage: (lang: string, overrides: unknown, version: number | null) => {
    server.saves.push({ lang, overrides, version });
    return server.save();
  },
  refreshCachedTexts: async () => {},
}));

function renderPage() {
  useSettings.setState({ locale: 'en' });
  void i18n.changeLanguage('en');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <LanguageTexts />
      </App>
    </QueryClientProvider>,
  );
}

const textBox = () => screen.findByRole('textbox', { name: 'Replacement text of shell:topbar.followUs' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

beforeEach(() => {
  server.finds = 0;
  server.saves = [];
  server.save = async () => ({ overrides: {}, version: 4 });
});
afterEach(cleanup);

describe('LanguageTexts (#/v2/language)', () => {
  it('shows the saved override with the app’s own text and saves the whole map with the version read', async () => {
    renderPage();
    expect(await textBox()).toHaveProperty('value', 'Follow ACME');
    expect(await screen.findByText('Follow us')).toBeTruthy();
    fireEvent.change(await textBox(), { target: { value: 'Follow the buyer' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(server.saves).toEqual([
        { lang: 'en', overrides: { shell: { 'topbar.followUs': 'Follow the buyer' } }, version: 3 },
      ]),
    );
  });

  it('refuses to save a blank text, naming the field and the rule', async () => {
    renderPage();
    fireEvent.change(await textBox(), { target: { value: ' ' } });
    expect(await screen.findByText('Replacement text is required')).toBeTruthy();
    fireEvent.click(saveButton());
    expect(await screen.findByText('Correct the fields marked in red before saving')).toBeTruthy();
    expect(server.saves).toEqual([]);
  });

  it('says someone else saved meanwhile on a 409 and reloads their texts', async () => {
    server.save = async () => {
      throw new ApiError('409', 'conflict');
    };
    renderPage();
    fireEvent.change(await textBox(), { target: { value: 'Mine' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(/Someone else saved the interface texts meanwhile/)).toBeTruthy();
    await waitFor(() => expect(server.finds).toBe(2));
    expect(await textBox()).toHaveProperty('value', 'Follow ACME');
  });
});
