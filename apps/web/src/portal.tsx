import './lib/i18n.ts';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { bootFrameShown } from './lib/boot-frame.ts';
import { applyDocumentSettings } from './lib/settings-store.ts';
import { AppRoutes } from './shell/AppRoutes.tsx';
import { prefetchShell } from './shell/prefetch.ts';

applyDocumentSettings();
// A stored session on a shell route (the page painted the shell's frame): fetch the shell now, not one
// lazy chunk after another as React reaches them.
if (bootFrameShown()) prefetchShell();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </StrictMode>,
  );
}
