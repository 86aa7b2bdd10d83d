import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_LOGIN_ID } from '../../lib/boot-login.ts';
import { DEFAULT_LOGO_SRC } from '../../lib/default-logo.ts';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import enCommon from '../../locales/en/common.json';
import enLogin from '../../locales/en/login.json';
import zhCommon from '../../locales/zh_cn/common.json';
import zhLogin from '../../locales/zh_cn/login.json';
import { type BootText, bootLoginMarkup } from './boot-login-markup.ts';
import LoginPage from './LoginPage.tsx';

// No server here: the login page's settings and texts calls answer "nothing configured" (the defaults).
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async () => []),
}));

const TEXTS = { zh: { login: zhLogin, common: zhCommon }, en: { login: enLogin, common: enCommon } };
const lookup = (all: Record<string, unknown>, key: string): string => {
  const [ns = '', path = ''] = key.split(':');
  const value = path.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)?.[p], all[ns]);
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
};
const text = (key: string): BootText => [lookup(TEXTS.zh, key), lookup(TEXTS.en, key)];

/** The portal's page as the boot script leaves it: the boot form in the body, html.boot-login. */
function paintBootForm() {
  const holder = document.createElement('div');
  holder.innerHTML = bootLoginMarkup(text, DEFAULT_LOGO_SRC);
  const boot = holder.firstElementChild as HTMLElement;
  // What the page's boot script does with it once it runs (portal/index.html).
  (boot.querySelector('.login-submit') as HTMLButtonElement).type = 'submit';
  document.body.prepend(boot);
  document.documentElement.classList.add('boot-login');
  return boot;
}

/**
 * What a user meets on the login page: per element its tag, classes, role, type, name and the other
 * attributes a reader or a test uses, and its own text — ids left out (React's are useId ones). A span is
 * its parent's text (the boot form wraps the texts React writes beside an input or a button).
 */
function outline(root: Element): string[] {
  const ownText = (el: Element) =>
    [...el.childNodes]
      .map((n) =>
        n.nodeType === Node.TEXT_NODE || (n instanceof Element && n.tagName === 'SPAN') ? n.textContent : '',
      )
      .join('')
      .trim();
  const attributes = ['role', 'type', 'name', 'autocomplete', 'aria-selected', 'aria-pressed', 'aria-label'];
  return [...root.querySelectorAll('*')]
    .filter((el) => el.tagName !== 'SPAN')
    .map((el) => {
      const attrs = [...attributes, 'alt', 'href', 'title', 'width', 'height', 'src', 'value']
        .filter((a) => el.hasAttribute(a))
        .map((a) => `${a}=${el.getAttribute(a)}`)
        .join(' ');
      return `${el.tagName.toLowerCase()}.${el.className} [${attrs}] ${ownText(el)}`;
    });
}

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
}

describe('the login form painted from the HTML (issue #43)', () => {
  beforeEach(async () => {
    localStorage.clear();
    useSettings.setState({ locale: 'zh_cn' });
    await i18n.changeLanguage('zh_cn');
  });
  afterEach(() => {
    document.getElementById(BOOT_LOGIN_ID)?.remove();
    document.documentElement.classList.remove('boot-login');
  });

  it('is the React login page element by element, with the default settings', async () => {
    const boot = paintBootForm();
    // The portal routes by hash (#/register); the test's router has plain paths.
    const expected = outline(boot).map((line) => line.replace('[href=#/', '[href=/'));
    boot.remove();
    document.documentElement.classList.remove('boot-login');
    const { container } = renderLogin();
    await screen.findByRole('button', { name: '登录' });
    expect(outline(container)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(30);
  });

  it('hands what was typed, the focus and a pressed 登录 over to the React form, then goes', async () => {
    const boot = paintBootForm();
    const form = boot.querySelector('form') as HTMLFormElement;
    (form.elements.namedItem('elsAccount') as HTMLInputElement).value = '100000';
    (form.elements.namedItem('elsSubAccount') as HTMLInputElement).value = 'buyer1';
    const password = form.elements.namedItem('password') as HTMLInputElement;
    password.value = 'Secret';
    password.focus();
    password.setSelectionRange(3, 3);
    renderLogin();
    await act(async () => {});
    expect(document.getElementById(BOOT_LOGIN_ID)).toBeNull();
    expect(document.documentElement.classList.contains('boot-login')).toBe(false);
    expect(screen.getByLabelText('账号')).toHaveProperty('value', '100000');
    expect(screen.getByLabelText('子账号')).toHaveProperty('value', 'buyer1');
    const reactPassword = screen.getByLabelText('密码') as HTMLInputElement;
    expect(reactPassword.value).toBe('Secret');
    expect(document.activeElement).toBe(reactPassword);
    expect(reactPassword.selectionStart).toBe(3);
  });

  it('the SMS method picked in the boot form carries over', async () => {
    const boot = paintBootForm();
    boot.dataset.mode = 'sms';
    renderLogin();
    await act(async () => {});
    expect(screen.getByRole('tab', { name: '短信登录' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('手机号')).toBeTruthy();
  });

  it('a language picked in the boot form carries over', async () => {
    const boot = paintBootForm();
    (boot.querySelector('select') as HTMLSelectElement).value = 'en';
    renderLogin();
    await act(async () => {});
    expect(useSettings.getState().locale).toBe('en');
  });
});
