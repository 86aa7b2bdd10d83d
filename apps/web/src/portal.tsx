import './lib/i18n.ts';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { applyDocumentSettings } from './lib/settings-store.ts';
import { AppRoutes } from './shell/AppRoutes.tsx';

applyDocumentSettings();
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
