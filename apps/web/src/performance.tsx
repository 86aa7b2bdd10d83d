import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { AppraisalApp } from './modules/appraisal/AppraisalApp.tsx';

/** Module app /performance/ (issue #17: supplier performance appraisal): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<AppraisalApp />);
