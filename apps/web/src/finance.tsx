import './lib/i18n.ts';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { applyDocumentSettings } from './lib/settings-store.ts';
import { FinanceApp } from './modules/finance/FinanceApp.tsx';

/** Module app /finance/ (issue #15: fee sheets, reconciliation statements): opened by the shell in /myiframe/…, same origin, same stored session. */
applyDocumentSettings();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HashRouter>
        <FinanceApp />
      </HashRouter>
    </StrictMode>,
  );
}
