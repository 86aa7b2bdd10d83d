import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { SystemApp } from './modules/system/SystemApp.tsx';

/** Module app /system/ (issue #19: company administration — accounts and roles): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<SystemApp />);
