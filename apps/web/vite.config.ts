import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * One HTML entry per app (DESIGN §5). The shell is `portal/index.html`; module apps such as
 * `order/index.html` are added to this list as they arrive and share chunks with the shell.
 */
export const APP_ENTRIES = ['portal', 'order', 'masterdata'] as const;

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: Object.fromEntries(APP_ENTRIES.map((name) => [name, resolve(root, `${name}/index.html`)])),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/apis': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
