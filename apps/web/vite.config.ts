import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { transform } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_LOGO_SRC } from './src/lib/default-logo.ts';
import { type BootText, bootLoginMarkup } from './src/pages/login/boot-login-markup.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * One HTML entry per app (DESIGN §5). The shell is `portal/index.html`; module apps such as
 * `order/index.html` are added to this list as they arrive and share chunks with the shell.
 */
export const APP_ENTRIES = [
  'portal',
  'order',
  'masterdata',
  'rfq',
  'ebidding',
  'finance',
  'admission',
  'supplierdatamodify',
  'admission',
  'improvement',
  'contract',
  'system',
  'performance',
] as const;

const nm = (names: string) => new RegExp(`node_modules[\\\\/](?:${names})[\\\\/]`);

/**
 * The antd components the shell frame and the home show (every session starts on the home), by their
 * entry modules: a group takes in its modules' dependencies, so antd's style runtime comes with them.
 */
const FRAME_ANTD = [
  'layout/index',
  'menu/index',
  'tabs/index',
  'dropdown/index',
  'popover/index',
  'tooltip/index',
  'input/Search',
  'button/index',
  'avatar/index',
  'space/index',
  'app/index',
  'spin/index',
  'skeleton/index',
  'card/index',
  'descriptions/index',
  'statistic/index',
  'tag/index',
  'empty/index',
  'row/index',
  'col/index',
  'config-provider/index',
  'theme/index',
  'locale/en_US',
  'locale/zh_CN',
];
const frameAntd = new RegExp(
  `node_modules[\\\\/]antd[\\\\/](?:es|locale)[\\\\/](?:${FRAME_ANTD.join('|')})\\.js$`,
);

/** Packages the login page runs (and every other page after it). */
const CORE_PACKAGES =
  'react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|zustand|axios';
/**
 * Our modules the login page runs that other pages share: without the group each became a chunk of a
 * few hundred bytes plus its response headers. Only modules the login page loads belong here (the
 * budget check's login figure grows if one does not).
 */
const coreSources =
  /apps[\\/]web[\\/]src[\\/](?:lib[\\/](?:base-path|http|i18n|lazy|public-api|tenant-i18n|logo|default-logo|boot-login)\.ts|components[\\/]Logo\.tsx|pages[\\/]login[\\/]parts\.tsx)$/;

/** Icons the top bar, tab strip and home share with other pages (else each is a chunk of its own). */
const frameIcons =
  /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/](?:SettingOutlined|UserOutlined|DownOutlined|CheckOutlined)\.js$/;

/**
 * Our small modules the shell and the home load that module pages share too (dictionaries, the message
 * channel's relay and rules, the portal API, the forward link, the home switches and queries, the session's
 * first calls, the menu icons): left to
 * itself the bundler made each a chunk of 0.5–1 KiB, and each file costs its response headers (≈ 400 bytes)
 * on top of its body — nine such files were ≈ 3.5 KiB of the home's 350 KiB budget in headers alone.
 */
const shellSources =
  /apps[\\/]web[\\/]src[\\/](?:lib[\\/](?:dict|home-switches|i18n-msg|i18n-portal|message-rules|portal-api|push-relay|query-client)\.ts|pages[\\/](?:audit[\\/]audit-rules|home[\\/]home-queries)\.ts|shell[\\/](?:forward\.ts|menu-icons\.tsx|session-loads\.ts))$/;

/**
 * Chunk groups (issue #12). Left to itself the bundler cut antd into ~30 chunks by which pages share each
 * module: the home fetched 58 files (each with its response headers) and, inside shared chunks, code of
 * antd's form, select and pagination it never shows. Two groups instead:
 * - `core`: what the login page runs (React, the router, i18n, the stores), so that no antd chunk ever
 *   takes them in;
 * - `frame`: the antd components of the shell frame and the home with antd's style runtime, and React
 *   Query — one chunk every signed-in session loads anyway, since the shell always opens on the home.
 * Pages' own components and the rest of antd stay split automatically.
 */
const CHUNK_GROUPS = [
  {
    name: 'core',
    test: (id: string) => nm(CORE_PACKAGES).test(id) || coreSources.test(id),
    priority: 20,
  },
  {
    name: 'frame',
    test: (id: string) =>
      frameAntd.test(id) || nm('@tanstack[\\\\/][^\\\\/]+').test(id) || frameIcons.test(id),
    priority: 10,
  },
  { name: 'shell-shared', test: (id: string) => shellSources.test(id), priority: 15 },
];

/**
 * antd's form context imports `FormProvider` from the root of @rc-component/form, whose index attaches
 * every part to the form component — so any antd input (and antd's context isolator) shipped the whole
 * form library and its validator (~80 KiB raw) to pages without a form (issue #12). The provider is
 * taken from its own module instead; forms still import the package root.
 */
function rcFormProviderOnly(): Plugin {
  return {
    name: 'srm-rc-form-provider-only',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (
        source !== '@rc-component/form' ||
        !importer?.replaceAll('\\', '/').endsWith('antd/es/form/context.js')
      )
        return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

/**
 * The login page in the portal's HTML (issue #43): `<!-- boot-login-css -->` becomes the login pages'
 * stylesheet (`pages/login/login.css`, minified, inline: no request before the first paint) and
 * `<!-- boot-login -->` the login form's markup in zh_cn with its English beside (boot-login-markup.ts),
 * from the same interface texts the React page uses.
 */
function bootLogin(): Plugin {
  const read = (path: string) => readFileSync(resolve(root, path), 'utf8');
  const texts = (locale: string) =>
    Object.fromEntries(
      ['login', 'common'].map((ns) => [ns, JSON.parse(read(`src/locales/${locale}/${ns}.json`))]),
    ) as Record<string, Record<string, unknown>>;
  const lookup = (all: Record<string, Record<string, unknown>>, key: string): string => {
    const [ns = '', path = ''] = key.split(':');
    const value = path
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], all[ns]);
    if (typeof value !== 'string') throw new Error(`boot login: no text ${key}`);
    return value;
  };
  return {
    name: 'srm-boot-login',
    async transformIndexHtml(html, ctx) {
      if (!html.includes('<!-- boot-login -->')) return html;
      const zh = texts('zh_cn');
      const en = texts('en');
      const text = (key: string): BootText => [lookup(zh, key), lookup(en, key)];
      const css = (await transform(read('src/pages/login/login.css'), { loader: 'css', minify: true })).code;
      if (ctx.server) ctx.server.watcher.add(resolve(root, 'src/pages/login/login.css'));
      return html
        .replace('<!-- boot-login-css -->', `<style>${css.trim()}</style>`)
        .replace('<!-- boot-login -->', bootLoginMarkup(text, DEFAULT_LOGO_SRC));
    },
  };
}

/**
 * The entry's stylesheet after the boot markup (issue #43): Vite puts it in the head, where Chromium waits
 * for it before the first paint; just before `#root` the login form and the shell's frame (both styled
 * inline) paint without it, and the module scripts still wait for it before they run.
 */
function stylesheetAfterBoot(): Plugin {
  return {
    name: 'srm-stylesheet-after-boot',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('id="boot-login"')) return html;
        const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        let out = html;
        for (const link of links) out = out.replace(link, '');
        return out.replace('<div id="root">', `${links.map((l) => l.trim()).join('')}<div id="root">`);
      },
    },
  };
}

export default defineConfig({
  root,
  // Relative asset URLs (issue #19): one build serves the portal at / or under any BASE_PATH (/srm/ …);
  // the pages name their scripts relatively and the scripts find the base from their own URL
  // (src/lib/base-path.ts).
  base: './',
  plugins: [react(), rcFormProviderOnly(), bootLogin(), stylesheetAfterBoot()],
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: Object.fromEntries(APP_ENTRIES.map((name) => [name, resolve(root, `${name}/index.html`)])),
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/apis': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
