import './lib/i18n.ts';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { applyDocumentSettings } from './lib/settings-store.ts';
import { MasterdataApp } from './modules/masterdata/MasterdataApp.tsx';

/** Module app /masterdata/ (issue #5: materials, categories, suppliers, prices): opened by the shell in /myiframe/…, same origin, same stored session. */
applyDocumentSettings();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HashRouter>
        <MasterdataApp />
      </HashRouter>
    </StrictMode>,
  );
}
