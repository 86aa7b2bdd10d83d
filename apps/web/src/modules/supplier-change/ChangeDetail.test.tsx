import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { ApprovalSteps } from './ChangeDetail.tsx';
import './i18n-supplier-change.ts';

/** Issue #19: the information change's approval steps say on whose behalf a delegate approved. */
const tasks = [
  {
    id: 't1',
    stepName: 'Master data approval',
    status: 'approved',
    handledBy: '100000_buyer2',
    handledByName: 'Wang Wei',
    handledOnBehalfOf: 'admin',
    handledOnBehalfOfName: 'Li Na',
    remark: 'OK',
  },
  {
    id: 't2',
    stepName: 'Finance approval',
    status: 'approved',
    handledBy: '100000_finance',
    handledOnBehalfOf: null,
    remark: null,
  },
];

afterEach(cleanup);

describe('ApprovalSteps', () => {
  it('shows "on behalf of {name}" next to a delegate handler, and nothing of the kind for a normal one', async () => {
    await i18n.changeLanguage('en');
    render(<ApprovalSteps tasks={tasks} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0].textContent).toBe(
      'Master data approval · Approved · Wang Wei (100000_buyer2) · on behalf of Li Na (admin) · OK',
    );
    expect(items[1].textContent).toBe('Finance approval · Approved · 100000_finance');
  });

  it('says it in Chinese: 代 {name} 审批', async () => {
    await i18n.changeLanguage('zh_cn');
    render(<ApprovalSteps tasks={tasks} />);
    expect(screen.getAllByRole('listitem')[0].textContent).toContain(
      'Wang Wei (100000_buyer2) · 代 Li Na (admin) 审批',
    );
    await i18n.changeLanguage('en');
  });

  it('renders nothing without steps', () => {
    const { container } = render(<ApprovalSteps tasks={[]} />);
    expect(container.textContent).toBe('');
  });
});

/** Issue #33: a waiting step names who may approve it for the buyer; the supplier is not told (null). */
describe('ApprovalSteps: waiting steps (issue #33)', () => {
  const waiting = {
    id: 'w1',
    stepName: '主数据审批',
    stepNameEn: 'Master data approval',
    status: 'pending',
    handledBy: null,
    remark: null,
  };

  it('shows the buyer who may approve, in the reader’s language', async () => {
    await i18n.changeLanguage('en');
    render(
      <ApprovalSteps
        tasks={[
          { ...waiting, candidates: [{ elsSubAccount: 'admin', name: 'Zhang Ming' }], candidateCount: 1 },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem')[0].textContent).toBe(
      'Master data approval · Waiting · Can approve: Zhang Ming (admin)',
    );
  });

  it('shows no approvers to the supplier (candidates null)', async () => {
    await i18n.changeLanguage('zh_cn');
    render(<ApprovalSteps tasks={[{ ...waiting, candidates: null, candidateCount: 0 }]} />);
    expect(screen.getAllByRole('listitem')[0].textContent).toMatch(/^主数据审批 · [^·]+$/);
    await i18n.changeLanguage('en');
  });
});
