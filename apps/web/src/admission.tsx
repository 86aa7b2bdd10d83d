import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { AdmissionApp } from './modules/admission/AdmissionApp.tsx';

/** Module app /admission/ (issue #16: supplier admission — qualification, factory inspections, samples and their templates): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<AdmissionApp />);
