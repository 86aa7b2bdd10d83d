import type { DocumentDefinition, Label } from './define.ts';
import { KERNEL_DEFINITIONS } from './registry.ts';

/**
 * Function permissions of the document kernel's generated routes (issue #19 "Roles and function
 * permissions"). Every generated route of a kind declares one action code `{kind}.{operation}` or
 * `{kind}.{action}` (an action of the kind's transition table), which the server checks like any other
 * route's `config.action`, and which the role screen lists under the kind's title:
 * - `read` — findPageList, findDetail, print, the attachment list;
 * - `export` — export (the filtered list) and exportLines (one document's lines);
 * - `save` — save (create or edit) and copy; `delete` — delete; `import` — importTemplate and import;
 * - `attach` — upload and remove attachments; `submit` — submit and withdraw an approval;
 * - `{action}` — the action's single and bulk calls (confirm, close …).
 */
export const KERNEL_OPERATIONS = ['read', 'export', 'save', 'delete', 'import', 'attach', 'submit'] as const;
export type KernelOperation = (typeof KERNEL_OPERATIONS)[number];

/** Labels of the operations in both languages (the role screen shows them after the kind's title). */
export const OPERATION_LABELS: Record<KernelOperation, Label> = {
  read: { zh_cn: '查看', en: 'View' },
  export: { zh_cn: '导出', en: 'Export' },
  save: { zh_cn: '新建/编辑', en: 'Create and edit' },
  delete: { zh_cn: '删除', en: 'Delete' },
  import: { zh_cn: '导入', en: 'Import' },
  attach: { zh_cn: '上传/删除附件', en: 'Attach files' },
  submit: { zh_cn: '提交/撤回审批', en: 'Submit and withdraw' },
};

/**
 * Every kind whose routes the kernel generates: the manifest's kernel kinds (kinds.ts, `standing: 'kernel'`),
 * the purchase order and the supplier admission request among them.
 */
export const KERNEL_ROUTE_DEFINITIONS: readonly DocumentDefinition[] = KERNEL_DEFINITIONS;

/** A document kind's action code: `{kind}.{operation or action}`. */
export type KindActionCode = `${string}.${string}`;

/** The action code of an operation or a transition-table action of a kind: `{kind}.{name}`. */
export function kindAction(def: Pick<DocumentDefinition, 'kind'>, name: string): KindActionCode {
  return `${def.kind}.${name}` as KindActionCode;
}

/** One action of a kind in the catalogue: its code and its label in both languages. */
export type KindActionEntry = { code: KindActionCode; label: Label };

/**
 * The action codes a kind's generated routes may declare, in role-screen order: read, export, attach; save,
 * delete, import when a side may edit; submit with an approval; then each action of the transition table.
 */
export function kindActionsOf(def: DocumentDefinition): KindActionEntry[] {
  const editable = Object.keys(def.editable).length > 0;
  const operations = KERNEL_OPERATIONS.filter(
    (op) =>
      op === 'read' ||
      op === 'export' ||
      op === 'attach' ||
      ((op === 'save' || op === 'delete' || op === 'import') && editable) ||
      (op === 'submit' && editable && Boolean(def.approval)),
  );
  const entries = new Map<string, KindActionEntry>();
  for (const op of operations)
    entries.set(kindAction(def, op), { code: kindAction(def, op), label: OPERATION_LABELS[op] });
  for (const [name, action] of Object.entries(def.actions))
    if (!entries.has(kindAction(def, name)))
      entries.set(kindAction(def, name), { code: kindAction(def, name), label: action.label });
  return [...entries.values()];
}

/** The catalogue's groups: one per kind, with its title and its actions. */
export const KIND_ACTION_GROUPS: ReadonlyArray<{ kind: string; title: Label; actions: KindActionEntry[] }> =
  KERNEL_ROUTE_DEFINITIONS.map((def) => ({ kind: def.kind, title: def.title, actions: kindActionsOf(def) }));

/**
 * Address prefixes of the menu entries that open a kind (the upgrade grants a kind's actions to the roles
 * that had one of them): the folder of the kind's detail page, unless its list lives elsewhere.
 */
const MENU_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  supplierAccess: ['/admission/#/v2/access/', '/admission/#/v2/auditAdmission/'],
  facIns: ['/admission/#/v2/inspectTable/', '/admission/#/v2/inspectTableAudit/'],
  sampleNumber: ['/admission/#/v2/sample/', '/admission/#/v2/sampleAudit/'],
};

/** Whether a menu entry's address opens the kind's pages (see MENU_PREFIXES). */
export function menuOpensKind(def: DocumentDefinition, appUrl: string): boolean {
  const prefixes = MENU_PREFIXES[def.kind] ?? [def.detailPath.slice(0, def.detailPath.lastIndexOf('/') + 1)];
  return prefixes.some((prefix) => appUrl.startsWith(prefix));
}
