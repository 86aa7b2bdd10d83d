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
