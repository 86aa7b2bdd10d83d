import './lib/i18n.ts';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { applyDocumentSettings } from './lib/settings-store.ts';
import { OrderApp } from './modules/order/OrderApp.tsx';

/** Module app /order/ (issue #5): opened by the shell in /myiframe/…, same origin, same stored session. */
applyDocumentSettings();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HashRouter>
        <OrderApp />
      </HashRouter>
    </StrictMode>,
  );
}
