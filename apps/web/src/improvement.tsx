import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { ImprovementApp } from './modules/improvement/ImprovementApp.tsx';

/** Module app /improvement/ (issue #17: improvement sheets and item templates): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<ImprovementApp />);
