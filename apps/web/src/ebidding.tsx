import './lib/i18n.ts';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { applyDocumentSettings } from './lib/settings-store.ts';
import { EbiddingApp } from './modules/ebidding/EbiddingApp.tsx';

/** Module app /ebidding/ (issue #14: live reverse auctions): opened by the shell in /myiframe/…, same origin, same stored session. */
applyDocumentSettings();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HashRouter>
        <EbiddingApp />
      </HashRouter>
    </StrictMode>,
  );
}
