import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { RfqApp } from './modules/rfq/RfqApp.tsx';

/** Module app /rfq/ (issue #13: requests for quotation): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<RfqApp />);
