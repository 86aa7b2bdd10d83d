import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELD_DOCUMENT_KINDS } from '../src/custom-field.ts';
import { KIND_ACTION_GROUPS } from '../src/document/actions.ts';
import { DOCUMENT_DEFINITIONS, KERNEL_DEFINITIONS, kernelDefinitionOf } from '../src/document/registry.ts';
import { KIND_MANIFEST, type KindEntry } from '../src/kinds.ts';
import { APPROVAL_KIND_CODES, APPROVAL_KINDS, TASK_LINKS } from '../src/task-links.ts';

const ENTRIES = KIND_MANIFEST as readonly KindEntry[];
const kernel = ENTRIES.filter((entry) => entry.standing === 'kernel');

/** The approval task types a definition starts: its own approval and its actions' (DESIGN §11). */
function approvalTypesOf(code: string): string[] {
  const def = kernelDefinitionOf(code);
  if (!def) return [];
  return [
    ...(def.approval ? [def.approval.kind] : []),
    ...Object.values(def.actions).flatMap((action) => (action.approval ? [action.approval.kind] : [])),
  ];
}

describe('the manifest of kinds (issue #34)', () => {
  it('names every kind once, and every task type once across kinds', () => {
    const codes = ENTRIES.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    const types = ENTRIES.flatMap((entry) => [
      ...Object.keys(entry.approvals),
      ...Object.keys(entry.links ?? {}),
    ]);
    expect(new Set(types).size).toBe(types.length);
  });

  it('says why a kind is off the kernel (the path of an ADR), and only then', () => {
    // That the ADR exists is checked by apps/server/test/kind-manifest.test.ts (this package has no node types).
    for (const entry of ENTRIES) {
      expect([entry.code, Boolean(entry.offKernel?.trim())]).toEqual([entry.code, entry.standing === 'off']);
      if (entry.offKernel) expect(entry.offKernel).toMatch(/^docs\/adr\/\d{4}-[a-z0-9-]+\.md$/);
    }
  });

  it.each(kernel.map((entry) => [entry.code, entry] as const))(
    'kernel kind %s: its definition agrees (code, API module, web app, approvals)',
    (code, entry) => {
      const def = kernelDefinitionOf(code);
      expect(def?.kind).toBe(code);
      expect(def?.module).toBe(entry.apiModule);
      expect(def?.detailPath.startsWith(`/${entry.webApp}/#/`)).toBe(true);
      // Every flow the definition starts is in the manifest, and the manifest lists none the kind never starts.
      expect(new Set(approvalTypesOf(code))).toEqual(new Set(Object.keys(entry.approvals)));
      if (def?.approval) expect(entry.approvals[def.approval.kind]?.link).toBe(def.approval.link);
    },
  );

  it('has a definition for every kernel kind and none for a kind off it', () => {
    expect(KERNEL_DEFINITIONS.map((def) => def.kind)).toEqual(kernel.map((entry) => entry.code));
    for (const entry of ENTRIES.filter((e) => e.standing === 'off'))
      expect(kernelDefinitionOf(entry.code)).toBeUndefined();
  });

  it('derives the task links and the approval flows of every kind, each opening its own web app', () => {
    for (const entry of ENTRIES) {
      for (const [type, approval] of Object.entries(entry.approvals)) {
        expect(TASK_LINKS[type]).toBe(approval.link);
        expect(APPROVAL_KINDS).toHaveProperty(type, approval.name);
        expect(approval.link.startsWith(`/${entry.webApp}/#/`)).toBe(true);
        expect(approval.name.zh_cn && approval.name.en).toBeTruthy();
      }
      for (const [type, link] of Object.entries(entry.links ?? {})) {
        expect(TASK_LINKS[type]).toBe(link);
        expect(APPROVAL_KIND_CODES).not.toContain(type);
      }
    }
    const linked = ENTRIES.flatMap((entry) => [
      ...Object.keys(entry.approvals),
      ...Object.keys(entry.links ?? {}),
    ]);
    expect(Object.keys(TASK_LINKS).sort()).toEqual(linked.sort());
  });

  it('derives the role screen groups and the custom field label kinds', () => {
    expect(KIND_ACTION_GROUPS.map((group) => group.kind)).toEqual(kernel.map((entry) => entry.code));
    const labelled = kernel.filter((entry) => entry.customFieldLabels === 'kind').map((entry) => entry.code);
    expect(DOCUMENT_DEFINITIONS.map((def) => def.kind)).toEqual(labelled);
    expect(CUSTOM_FIELD_DOCUMENT_KINDS).toEqual([
      'purchaseOrder',
      'purchaseOrderItem',
      ...labelled.flatMap((code) => [code, `${code}Item`]),
    ]);
  });
});
