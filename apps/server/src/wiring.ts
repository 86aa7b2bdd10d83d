import { linkedBuyersSql, userNamesOf } from './modules/account/lookups.ts';
import { cancelFlow, findDocumentTasks, notifyApprovers, startFlow } from './modules/audit/service.ts';
import { holdsAction } from './modules/company-admin/service.ts';
import { enabledOrgCodes, maintainedOrgTypes, materialCategoryCodes } from './modules/masterdata/lookups.ts';
import { notify } from './modules/message/notify.ts';
import { auditDeliveriesSql } from './modules/webhook/audit-events.ts';
import { wirePorts } from './platform/ports.ts';

/**
 * Wires the platform's ports (platform/ports.ts, issue #34) to the modules that implement them. The server
 * start calls it before it seeds or builds the app (server.ts `startServer`, app.ts `buildApp`); calling it
 * again wires the same functions. The type check proves each module's function fits its port.
 */
export function wireModules(): void {
  wirePorts({
    approvals: { startFlow, cancelFlow, notifyApprovers, findDocumentTasks },
    messages: { notify },
    permissions: { holdsAction },
    masterdata: { maintainedOrgTypes, enabledOrgCodes, materialCategoryCodes },
    accounts: { linkedBuyersSql, userNames: userNamesOf },
    webhooks: { auditDeliveriesSql },
  });
}
