import type { ActionCode } from '@srm/contracts/company-admin';
import type { OrgUnitType } from '@srm/contracts/org-master';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { ApprovalValues } from './approval.ts';
import type { Queryable } from './db.ts';
import type { AuthContext } from './http.ts';
import type { Notification } from './notification.ts';

/**
 * The ports of platform/ (issue #34, "Borders between modules": platform imports no module). What the
 * kernel and the platform services need from business modules — approval flows, messages, the permission
 * check, organisation and material master data, user names, account links, webhook deliveries — is declared
 * here as typed interfaces; the server start wires the modules' implementations once with `wirePorts`
 * (apps/server/src/wiring.ts, called by server.ts and app.ts before any route or seed runs). A port used
 * before it is wired throws an Error naming it, never a silent default.
 */

/** One approval task of a document as the kernel's detail answers it (modules/audit). */
export type DocumentTask = {
  id: string;
  /** The approval flow: the edit approval's kind, or an action's (enquiryEnd …). */
  documentKind: string;
  stepName: string;
  stepNameEn: string | null;
  candidates: Array<{ elsSubAccount: string; name: string }> | null;
  candidateCount: number;
  status: string;
  handledBy: string | null;
  handledByName: string | null;
  handledOnBehalfOf: string | null;
  handledOnBehalfOfName: string | null;
  remark: string | null;
  createDate: Date;
};

/** What starts a document's approval flow: its company, kind, document, amount and the submitter. */
export type FlowStart = {
  elsAccount: string;
  documentKind: string;
  documentId: string;
  documentNumber: string;
  /** Local currency, decimal text. */
  amount: string;
  /** `{elsAccount}_{elsSubAccount}` of the submitter. */
  promoter: string;
  /** The document's condition values (the kernel's `approvalValues`); absent: amount only. */
  values?: Omit<ApprovalValues, 'amount'>;
};

/** What the approvers of a waiting task are told: the document kind's title, its number, an optional text. */
export type ApproverNotice = {
  title: Readonly<Record<'zh_cn' | 'en', string>>;
  number: string;
  content?: string;
};

/** A document event to queue webhook deliveries of (see WebhooksPort.auditDeliveriesSql). */
export type AuditDeliveryEvent = {
  trail: SQL;
  type: string;
  documentKind: string;
  documentId: string;
  parties: readonly string[];
  data: SQL;
};

/** Approval flows (CommonAuditService, modules/audit). Every call runs in the caller's transaction. */
export type ApprovalsPort = {
  /**
   * Starts a document's flow of `documentKind` (a task type): 'approved' at once (flowId null) when no
   * configured step applies to the amount (local currency, decimal text) and the condition values, else
   * 'pending' with the first step's task created.
   */
  startFlow(
    tx: Queryable,
    input: FlowStart,
  ): Promise<{ state: 'approved' | 'pending'; flowId: string | null }>;
  /** Cancels the document's pending tasks of the flow (the submitter withdrew it). */
  cancelFlow(tx: Queryable, elsAccount: string, documentKind: string, documentId: string): Promise<unknown>;
  /** Tells the approvers of the document's pending task (and their delegates), each in their language. */
  notifyApprovers(
    tx: Queryable,
    env: string,
    elsAccount: string,
    documentKind: string,
    documentId: string,
    text: ApproverNotice,
  ): Promise<void>;
  /** The document's tasks of one flow, oldest first. */
  findDocumentTasks(
    db: Queryable,
    elsAccount: string,
    documentKind: string,
    documentId: string,
  ): Promise<DocumentTask[]>;
};

export type Ports = {
  approvals: ApprovalsPort;
  /** System messages (modules/message): stores one per receiver and queues its push; answers the count. */
  messages: { notify(tx: Queryable, env: string, notification: Notification): Promise<number> };
  /** Function permissions (modules/company-admin): whether the caller holds `action` (admins hold all). */
  permissions: {
    holdsAction(
      db: Queryable,
      auth: Pick<AuthContext, 'permission' | 'subaccountId'>,
      action: ActionCode,
    ): Promise<boolean>;
  };
  /** The company's master data (modules/masterdata). */
  masterdata: {
    /** The organisation unit types among `types` the company keeps at least one record of. */
    maintainedOrgTypes(tx: Queryable, elsAccount: string, types: OrgUnitType[]): Promise<Set<OrgUnitType>>;
    /** The enabled records among the asked codes per type, as `${type}\u0000${code}` keys. */
    enabledOrgCodes(
      tx: Queryable,
      elsAccount: string,
      codes: ReadonlyMap<OrgUnitType, ReadonlySet<string>>,
    ): Promise<Set<string>>;
    /** The category codes (levels 1–3, non-empty) of the company's materials named by number or by id. */
    materialCategoryCodes(
      tx: Queryable,
      elsAccount: string,
      materials: { numbers: readonly string[]; ids: readonly string[] },
    ): Promise<string[]>;
  };
  /** Accounts (modules/account). */
  accounts: {
    /** SQL: the buyers (els_account) the supplier `account` is linked with now (account_relation). */
    linkedBuyersSql(account: Placeholder | string): SQL;
    /** key `{elsAccount}_{elsSubAccount}` → the sub-account's name; keys naming none are absent. */
    userNames(db: Queryable, keys: readonly string[]): Promise<Map<string, string>>;
  };
  /** Webhooks (modules/webhook). */
  webhooks: {
    /**
     * SQL (an `insert … select`) queueing one delivery of a document event per enabled endpoint of
     * `parties` subscribed to `type` (`*`, `{documentKind}.*` or the exact type), to append to a statement
     * whose relation `trail` has the event's `id` and `create_date`; `data` is the event's jsonb data.
     */
    auditDeliveriesSql(event: AuditDeliveryEvent): SQL;
  };
};

let wired: Ports | null = null;

/** Wires every port (the server start does, once per process; wiring again replaces them). */
export function wirePorts(ports: Ports): void {
  wired = ports;
}

/** Whether the ports are wired. */
export function portsWired(): boolean {
  return wired !== null;
}

/**
 * One port's implementation. Throws an Error naming the port when nothing is wired yet: a platform
 * function called before the server start (or a test that builds no server without calling the wiring).
 */
export function port<K extends keyof Ports>(name: K): Ports[K] {
  if (!wired)
    throw new Error(
      `platform port "${name}" is not wired: call wireModules() (apps/server/src/wiring.ts) before using the kernel`,
    );
  return wired[name];
}
