import './lib/i18n.ts';
import './shell/shell.css';
import { renderModuleApp } from './lib/module-boot.tsx';
import { SupplierChangeApp } from './modules/supplier-change/SupplierChangeApp.tsx';

/** Module app /supplierdatamodify/ (issue #16: supplier information change): opened by the shell in /myiframe/…, same origin, same stored session. */
renderModuleApp(<SupplierChangeApp />);
