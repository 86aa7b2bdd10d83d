import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { FinanceApp } from './modules/finance/FinanceApp.tsx';

/** Module app /finance/ (issue #15: fee sheets, reconciliation statements): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<FinanceApp />);
