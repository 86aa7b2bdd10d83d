import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { EbiddingApp } from './modules/ebidding/EbiddingApp.tsx';

/** Module app /ebidding/ (issue #14: live reverse auctions): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<EbiddingApp />);
