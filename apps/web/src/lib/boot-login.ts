/**
 * The login form painted by portal/index.html before any script runs (issue #43,
 * `pages/login/boot-login-markup.ts`). It shows when the page's boot script put `html.boot-login`; the
 * React login page takes over what the user did in it (`takeBootLogin`) and removes it in the same frame
 * (`dropBootLogin`); any other page removes it at once (RouteGuard).
 */

/** The boot form's element id (and the prefix of its elements' ids; React's own are `useId` ones). */
export const BOOT_LOGIN_ID = 'boot-login';

/** What the user did in the boot form before React started. */
export type BootLogin = {
  elsAccount: string;
  elsSubAccount: string;
  password: string;
  remember: boolean;
  /** The language picked in the form (zh_cn or en). */
  locale: string;
  /** The field that had the focus, with its caret. */
  focus: { name: 'elsAccount' | 'elsSubAccount' | 'password'; caret: number } | null;
  /** 登录 was pressed (or Enter in a field): the login page sends the form once it has the values. */
  submitted: boolean;
  /** The login method tab picked there (the SMS one: the login page starts on it). */
  mode: 'password' | 'sms';
};

export function bootLoginShown(): boolean {
  return (
    document.documentElement.classList.contains('boot-login') && !!document.getElementById(BOOT_LOGIN_ID)
  );
}

/** The boot form's state, or null when it is not shown (any more). */
export function takeBootLogin(): BootLogin | null {
  if (!bootLoginShown()) return null;
  const root = document.getElementById(BOOT_LOGIN_ID) as HTMLElement;
  const form = root.querySelector('form');
  if (!form) return null;
  const input = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const value = (name: string) => input(name)?.value ?? '';
  const active = document.activeElement;
  const focused =
    active instanceof HTMLInputElement && form.contains(active) && active.type !== 'checkbox'
      ? (active.name as 'elsAccount' | 'elsSubAccount' | 'password')
      : null;
  return {
    elsAccount: value('elsAccount'),
    elsSubAccount: value('elsSubAccount'),
    password: value('password'),
    remember: input('remember')?.checked ?? false,
    locale: root.querySelector('select')?.value ?? '',
    focus: focused
      ? { name: focused, caret: (active as HTMLInputElement).selectionStart ?? value(focused).length }
      : null,
    submitted: form.dataset.submitted === '1',
    mode: root.dataset.mode === 'sms' ? 'sms' : 'password',
  };
}

export function dropBootLogin(): void {
  document.getElementById(BOOT_LOGIN_ID)?.remove();
  document.documentElement.classList.remove('boot-login');
}
