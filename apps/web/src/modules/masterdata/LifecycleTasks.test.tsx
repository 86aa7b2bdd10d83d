import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { LifecycleTasks } from './LifecycleRequestPage.tsx';
import './i18n-masterdata.ts';

/** Issue #19: the status-conversion request's approval tasks say on whose behalf a delegate approved. */
const tasks = [
  {
    id: 't1',
    stepName: 'Qualification approval',
    status: 'approved',
    handledBy: '100000_buyer2',
    handledByName: 'Wang Wei',
    handledOnBehalfOf: 'admin',
    handledOnBehalfOfName: 'Li Na',
    remark: 'OK',
  },
  {
    id: 't2',
    stepName: 'Purchasing approval',
    status: 'approved',
    handledBy: '100000_admin',
    handledOnBehalfOf: null,
    remark: null,
  },
];

afterEach(cleanup);

const rowOf = (step: string) => screen.getByText(step).closest('tr') as HTMLElement;

describe('LifecycleTasks', () => {
  it('shows "on behalf of {name}" in the handler cell of a delegate approval only', async () => {
    await i18n.changeLanguage('en');
    render(<LifecycleTasks tasks={tasks} />);
    expect(
      within(rowOf('Qualification approval')).getByText(
        'Wang Wei (100000_buyer2) · on behalf of Li Na (admin)',
      ),
    ).toBeTruthy();
    const normal = rowOf('Purchasing approval');
    expect(within(normal).getByText('100000_admin')).toBeTruthy();
    expect(normal.textContent).not.toMatch(/on behalf of/);
  });

  it('says it in Chinese: 代 {name} 审批', async () => {
    await i18n.changeLanguage('zh_cn');
    render(<LifecycleTasks tasks={tasks} />);
    expect(
      within(rowOf('Qualification approval')).getByText('Wang Wei (100000_buyer2) · 代 Li Na (admin) 审批'),
    ).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});

/** Issue #33: a waiting step names who may approve it; the step's name is the reader's language. */
describe('LifecycleTasks: waiting steps (issue #33)', () => {
  const candidates = Array.from({ length: 10 }, (_, i) => ({
    elsSubAccount: `u${i + 1}`,
    name: `User ${i + 1}`,
  }));
  const waiting = [
    {
      id: 'w1',
      stepName: '采购经理审批',
      stepNameEn: 'Purchasing manager approval',
      status: 'pending',
      handledBy: null,
      candidates: candidates.slice(0, 2),
      candidateCount: 2,
      remark: null,
    },
    {
      id: 'w2',
      stepName: '财务审批',
      stepNameEn: null,
      status: 'pending',
      handledBy: null,
      candidates,
      candidateCount: 12,
      remark: null,
    },
    {
      id: 'w3',
      stepName: '',
      stepNameEn: 'Quality check',
      status: 'pending',
      handledBy: null,
      candidates: [],
      candidateCount: 0,
      remark: null,
    },
  ];

  it('lists the approvers of a waiting step, ten at most and "and N more", in English', async () => {
    await i18n.changeLanguage('en');
    render(<LifecycleTasks tasks={waiting} />);
    expect(
      within(rowOf('Purchasing manager approval')).getByText('Can approve: User 1 (u1), User 2 (u2)'),
    ).toBeTruthy();
    // No English name: the Chinese one.
    const cells = rowOf('财务审批').textContent ?? '';
    expect(cells).toContain('Can approve: User 1 (u1), User 2 (u2)');
    expect(cells).toContain('User 10 (u10) and 2 more');
    expect(within(rowOf('Quality check')).getByText(/^Nobody can approve this step/)).toBeTruthy();
  });

  it('in Chinese: the Chinese step name, "待审批人：…等 N 人", the English name when there is no Chinese one', async () => {
    await i18n.changeLanguage('zh_cn');
    render(<LifecycleTasks tasks={waiting} />);
    expect(within(rowOf('采购经理审批')).getByText('待审批人：User 1 (u1)、User 2 (u2)')).toBeTruthy();
    expect(rowOf('财务审批').textContent).toContain('User 10 (u10) 等 12 人');
    expect(within(rowOf('Quality check')).getByText(/^无人可审批此步骤/)).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
