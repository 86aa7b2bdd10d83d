import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import i18n from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSettings } from '../../lib/settings-store.ts';
import AuditConfigRoute from './AuditConfigPage.tsx';
import type { AuditStep } from './audit-api.ts';

/**
 * The approval configuration's organisation condition (issue #19): one search picker per organisation item
 * the flow offers, fed by the company's organisation master ("code name", enabled records offered, saved
 * codes named whatever their status); the save sends the codes per item. A step saved before the masters
 * shows its plain codes as a warning. The server calls are answered here as the server answers them.
 */
const server = {
  steps: [] as AuditStep[],
  saves: [] as Array<{ documentKind: string; steps: AuditStep[] }>,
  orgAsks: [] as Array<{ type: string; keyword?: string; codes?: string[] }>,
};
const ORGS = [
  { code: '1000', name: '华东采购组织', nameEn: 'East China purchasing', status: 'enabled' },
  { code: '2000', name: '华南采购组织', nameEn: 'South China purchasing', status: 'enabled' },
  { code: '3000', name: '旧采购组织', nameEn: 'Old purchasing', status: 'disabled' },
];
vi.mock('../../lib/master-api.ts', () => ({
  findOrgOptions: async (type: string, query: { keyword?: string; codes?: string[] }) => {
    server.orgAsks.push({ type, ...query });
    if (type !== 'purchaseOrganization') return [];
    if (query.codes) return ORGS.filter((o) => query.codes?.includes(o.code));
    return ORGS.filter(
      (o) =>
        o.status === 'enabled' &&
        (!query.keyword || o.code.includes(query.keyword) || o.name.includes(query.keyword)),
    );
  },
}));
vi.mock('./audit-api.ts', async (original) => ({
  ...(await original<typeof import('./audit-api.ts')>()),
  findConfig: async () => ({ documentKind: 'order', steps: server.steps, version: 3 }),
  saveConfig: async (body: { documentKind: string; steps: AuditStep[] }) => {
    server.saves.push(body);
    return { ...body, version: 4 };
  },
}));
vi.mock('./audit-conditions.ts', async (original) => ({
  ...(await original<typeof import('./audit-conditions.ts')>()),
  // The order's flow: its type field, no categories here, the purchase organisation item.
  findConditionOptions: async () => ({
    documentType: null,
    categories: false,
    organisations: [{ item: 'purchaseOrg', label: { zh_cn: '采购组织', en: 'Purchase organisation' } }],
  }),
}));

function renderPage() {
  useSettings.setState({ locale: 'zh_cn' });
  void i18n.changeLanguage('zh_cn');
  useAuth.setState({
    userInfo: {
      elsAccount: '100000',
      elsSubAccount: 'admin',
      station: 'purchase',
      permission: 'admin',
    } as never,
  });
  render(
    <App>
      <AuditConfigRoute />
    </App>,
  );
}

/** The tags the select of `label` shows. */
const tags = (label: string) =>
  Array.from(
    screen.getByLabelText(label).closest('.ant-select')?.querySelectorAll('.ant-select-selection-item') ?? [],
  ).map((el) => el.textContent);

beforeEach(() => {
  // The page keeps the portal's query client: each test reads its own configuration.
  queryClient.clear();
  server.saves = [];
  server.orgAsks = [];
});
afterEach(cleanup);

describe('approval configuration: organisation condition (issue #19)', () => {
  it('picks purchase organisations from the master as "code name" and saves their codes per item', async () => {
    server.steps = [
      {
        name: '经理审批',
        approverType: 'user',
        approvers: ['admin'],
        organisations: { purchaseOrg: ['3000'] },
      },
    ];
    renderPage();
    const box = await screen.findByLabelText('采购组织 1');
    // The saved (now disabled) organisation is named from the master.
    await waitFor(() => expect(tags('采购组织 1')).toEqual(['3000 旧采购组织']));
    expect(server.orgAsks).toContainEqual({ type: 'purchaseOrganization', codes: ['3000'] });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '华东' } });
    await waitFor(() =>
      expect(server.orgAsks).toContainEqual({ type: 'purchaseOrganization', keyword: '华东' }),
    );
    const option = await screen.findByRole('option', { name: '1000 华东采购组织' });
    // Only what matches the search, and never a disabled record.
    expect(screen.queryByRole('option', { name: /2000|3000/ })).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(tags('采购组织 1')).toEqual(['3000 旧采购组织', '1000 华东采购组织']));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].steps).toEqual([
      {
        name: '经理审批',
        approverType: 'user',
        approvers: ['admin'],
        organisations: { purchaseOrg: ['3000', '1000'] },
      },
    ]);
  });

  it('shows the plain codes of a step saved before the masters, and saves the picked ones instead', async () => {
    server.steps = [
      { name: '旧条件', approverType: 'user', approvers: ['admin'], organisations: ['ORG-EAST'] },
    ];
    renderPage();
    expect(await screen.findByText(/组织主数据之前保存的组织编码：ORG-EAST/)).toBeTruthy();
    expect(tags('采购组织 1')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].steps[0].organisations).toBeUndefined();
  });
});

describe('approval configuration: step names in both languages (issue #33)', () => {
  it('keeps a Chinese-only step, adds its English name, and needs one of the two', async () => {
    server.steps = [{ name: '部门经理审批', approverType: 'user', approvers: ['admin'] }];
    renderPage();
    const zh = (await screen.findByLabelText('步骤名称（中文） 1')) as HTMLInputElement;
    const en = screen.getByLabelText('步骤名称（英文） 1') as HTMLInputElement;
    expect(zh.value).toBe('部门经理审批');
    expect(en.value).toBe('');
    fireEvent.change(en, { target: { value: ' Department manager approval ' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect(server.saves[0].steps[0]).toEqual({
      name: '部门经理审批',
      nameEn: 'Department manager approval',
      approverType: 'user',
      approvers: ['admin'],
    });

    // Neither name: the rule shows on the row and nothing is sent.
    fireEvent.change(zh, { target: { value: '' } });
    fireEvent.change(en, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findAllByText('请填写中文或英文步骤名称')).length).toBeGreaterThan(0);
    expect(server.saves).toHaveLength(1);

    // The English name alone is enough.
    fireEvent.change(en, { target: { value: 'Manager approval' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.saves).toHaveLength(2));
    expect(server.saves[1].steps[0]).toMatchObject({ name: '', nameEn: 'Manager approval' });
  });
});
