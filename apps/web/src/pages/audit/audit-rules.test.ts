import { describe, expect, it } from 'vitest';
import { auditQuery, parseApprovers, remarkOk, toRows, toSteps } from './audit-rules.ts';

describe('approval rules', () => {
  it('builds the /audit query of a task', () => {
    expect(auditQuery({ id: 't1', documentKind: 'order', documentId: 'd1' })).toEqual({
      taskId: 't1',
      documentKind: 'order',
      id: 'd1',
    });
  });
  it('parses approvers and round-trips steps', () => {
    expect(parseApprovers(' admin，buyer1; admin ')).toEqual(['admin', 'buyer1']);
    const steps = toSteps([
      { name: ' 主管 ', approverType: 'user', approvers: 'admin' },
      { name: '总经理', approverType: 'role', approvers: 'admin', minAmount: '100000' },
    ]);
    expect(steps).toEqual([
      { name: '主管', approverType: 'user', approvers: ['admin'] },
      { name: '总经理', approverType: 'role', approvers: ['admin'], minAmount: 100000 },
    ]);
    expect(toSteps(toRows(steps))).toEqual(steps);
  });
  it('a rejection needs a remark', () => {
    expect(remarkOk('approve', '')).toBe(true);
    expect(remarkOk('reject', '  ')).toBe(false);
    expect(remarkOk('reject', '价格过高')).toBe(true);
  });
});
