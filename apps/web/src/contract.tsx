import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { ContractApp } from './modules/contract/ContractApp.tsx';

/** Module app /contract/ (issue #36: contracts of both sides): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<ContractApp />);
