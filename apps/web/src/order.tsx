import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { OrderApp } from './modules/order/OrderApp.tsx';

/** Module app /order/ (issue #5): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<OrderApp />);
