import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { MasterdataApp } from './modules/masterdata/MasterdataApp.tsx';

/** Module app /masterdata/ (issue #5: materials, categories, suppliers, prices): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<MasterdataApp />);
