import { BOOT_LOGIN_ID } from '../../lib/boot-login.ts';

/**
 * The login page as plain HTML (issue #43): `portal/index.html` carries it, built by the Vite plugin in
 * `vite.config.ts` from the interface texts, so the login form paints with the HTML and its CSS before
 * any script runs and can be typed into at once. The page's boot script shows it on the login route,
 * switches it to English from the stored or the browser's language (each text carries its English in
 * `data-en`, `data-en-alt`, `data-en-label`, `data-en-title`), fills a remembered account, and keeps a
 * click on 登录 until React has started; `LoginPage` then takes the typed values over and removes it
 * (`lib/boot-login.ts`). The markup mirrors `LoginPage.tsx` element by element with the default
 * settings; `boot-login-markup.test.tsx` compares the two.
 */

/** One interface text in both languages: [zh_cn, en]. */
export type BootText = readonly [zh: string, en: string];
/** Looks up an interface text by its i18next key (`login:account`, `common:app.title`). */
export type BootTexts = (key: string) => BootText;

const htmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The boot login's markup: `<div id="boot-login">` with the login page's brand, card, account form
 * (account, sub-account, password, remember account, 登录), the method tabs, the agreement line and the
 * links, in zh_cn with each text's English beside it. `logoSrc` is the default logo's data URL.
 */
export function bootLoginMarkup(text: BootTexts, logoSrc: string): string {
  const t = (key: string) => {
    const [zh, en] = text(key);
    return { zh: htmlEscape(zh), en: htmlEscape(en) };
  };
  /** A text element: `<tag class data-en>zh</tag>`. */
  const el = (tag: string, key: string, attrs = '') => {
    const { zh, en } = t(key);
    return `<${tag}${attrs} data-en="${en}">${zh}</${tag}>`;
  };
  const id = (name: string) => `${BOOT_LOGIN_ID}-${name}`;
  const field = (name: string, label: string, type: string, autoComplete: string, after = '') =>
    `<div class="login-field">${el('label', label, ` for="${id(name)}"`)}<div class="login-input-wrap">` +
    `<input id="${id(name)}" name="${name}" type="${type}" autocomplete="${autoComplete}" value="">${after}</div></div>`;
  const logoAlt = t('login:logoAlt');
  const tabsLabel = t('login:tabs.label');
  const showPassword = t('login:showPassword');
  const rememberHint = t('login:rememberHint');
  const tab = (mode: 'password' | 'sms', active: boolean) =>
    el(
      'button',
      `login:tabs.${mode}`,
      ` type="button" role="tab" id="${id(`tab-${mode}`)}" aria-selected="${active}" aria-controls="${id('panel')}"` +
        ` class="${active ? 'login-tab is-active' : 'login-tab'}"`,
    );
  return [
    `<div id="${BOOT_LOGIN_ID}">`,
    '<main class="login-page">',
    '<div class="login-brand">',
    `<img class="login-brand-logo" src="${htmlEscape(logoSrc)}" alt="${logoAlt.zh}" data-en-alt="${logoAlt.en}" width="140" height="30" data-default-logo="true">`,
    el('h1', 'common:app.title', ' class="login-title"'),
    el('p', 'login:subtitle', ' class="login-subtitle"'),
    '</div>',
    `<section class="login-card" aria-labelledby="${id('heading')}">`,
    '<header class="login-card-head">',
    `<div class="login-card-title">${el('h2', 'login:welcome', ` id="${id('heading')}"`)}</div>`,
    `<div class="login-lang">${el('label', 'login:language', ` for="${id('lang')}"`)}<select id="${id('lang')}">`,
    `<option value="zh_cn">${t('common:lang.zh_cn').zh}</option><option value="en">${t('common:lang.en').zh}</option>`,
    '</select></div>',
    '</header>',
    `<div class="login-tabs" role="tablist" aria-label="${tabsLabel.zh}" data-en-label="${tabsLabel.en}">`,
    tab('password', true),
    tab('sms', false),
    '</div>',
    `<div id="${id('panel')}" role="tabpanel" aria-labelledby="${id('tab-password')}">`,
    '<form novalidate>',
    field('elsAccount', 'login:account', 'text', 'organization'),
    field('elsSubAccount', 'login:subAccount', 'text', 'username'),
    field(
      'password',
      'login:password',
      'password',
      'current-password',
      el(
        'button',
        'login:show',
        ` type="button" class="login-eye" aria-pressed="false" aria-label="${showPassword.zh}" data-en-label="${showPassword.en}"`,
      ),
    ),
    `<label class="login-check" title="${rememberHint.zh}" data-en-title="${rememberHint.en}"><input type="checkbox" name="remember">${el('span', 'login:remember')}</label>`,
    // A button, not a submit button, until the boot script runs: with scripts off nothing is sent anywhere.
    el('button', 'login:submit', ' type="button" class="login-submit"'),
    '</form>',
    '</div>',
    `<p class="login-agreement">${el('span', 'login:agreementPrefix')} ${el('button', 'login:agreementLink', ' type="button" class="login-link"')}</p>`,
    '<nav class="login-links">',
    el('a', 'login:register', ' href="#/register"'),
    el('a', 'login:forgot', ' href="#/resetPassword"'),
    el('a', 'login:wechat', ' href="#/wxAuth"'),
    '</nav>',
    '</section>',
    '</main>',
    '</div>',
  ].join('');
}
