import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n.ts';
import { useSettings } from '../lib/settings-store.ts';
import { MASTER_SEARCH_LIMIT, MasterSelect, materialSource, supplierSource } from './MasterSelect.tsx';

/**
 * A master of 5,000 materials and 300 suppliers, filtered like the server does (material: number prefix or
 * name part; supplier: account or name part; first pageSize newest only; ids / toElsAccounts naming).
 */
const MATERIALS = Array.from({ length: 5000 }, (_, i) => ({
  id: `m-${i + 1}`,
  materialNumber: `MAT${String(i + 1).padStart(5, '0')}`,
  materialName: `物料${i + 1}`,
}));
const SUPPLIERS = Array.from({ length: 300 }, (_, i) => ({
  toElsAccount: String(300001 + i),
  fullName: `供应商${i + 1}号`,
}));
const calls = {
  materials: [] as Array<Record<string, unknown>>,
  suppliers: [] as Array<Record<string, unknown>>,
};
vi.mock('../lib/master-api.ts', () => ({
  findMaterials: async (body: { pageSize: number; keyword?: string; ids?: string[] }) => {
    calls.materials.push(body);
    const hits = MATERIALS.filter(
      (m) =>
        (!body.ids || body.ids.includes(m.id)) &&
        (!body.keyword || m.materialNumber.startsWith(body.keyword) || m.materialName.includes(body.keyword)),
    );
    return { records: hits.slice(0, body.pageSize), total: hits.length };
  },
  findSuppliers: async (body: { pageSize: number; keyword?: string; toElsAccounts?: string[] }) => {
    calls.suppliers.push(body);
    const hits = SUPPLIERS.filter(
      (s) =>
        (!body.toElsAccounts || body.toElsAccounts.includes(s.toElsAccount)) &&
        (!body.keyword || s.toElsAccount.includes(body.keyword) || s.fullName.includes(body.keyword)),
    );
    return { records: hits.slice(0, body.pageSize), total: hits.length };
  },
}));

type Values = { materialId?: string; suppliers?: string[] };

function renderForm(initial: Values, labels?: Record<string, string>) {
  useSettings.setState({ locale: 'zh_cn' });
  void i18n.changeLanguage('zh_cn');
  const submitted: Values[] = [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <Form<Values> initialValues={initial} onFinish={(v) => submitted.push(v)}>
          <Form.Item name="materialId" label="物料">
            <MasterSelect source={materialSource} />
          </Form.Item>
          <Form.Item name="suppliers" label="供应商">
            <MasterSelect source={supplierSource} mode="multiple" labels={labels} />
          </Form.Item>
          <button type="submit">提交</button>
        </Form>
      </App>
    </QueryClientProvider>,
  );
  return submitted;
}

/** The texts the select labelled `label` shows as chosen (tags in 'multiple' mode, else the one value). */
const chosen = (label: string) =>
  Array.from(
    screen
      .getByLabelText(label)
      .closest('.ant-select')
      ?.querySelectorAll('.ant-select-selection-item, .ant-select-content-has-value') ?? [],
  ).map((el) => el.textContent);

beforeEach(() => {
  calls.materials = [];
  calls.suppliers = [];
});
afterEach(cleanup);

describe('MasterSelect (issue #13: pickers search the server)', () => {
  it('searches the server for what is typed and picks a material far beyond the first page', async () => {
    const submitted = renderForm({});
    const box = screen.getByLabelText('物料');
    fireEvent.mouseDown(box);
    // Opening asks for the first page only (no list of everything).
    await waitFor(() => expect(calls.materials).toHaveLength(1));
    expect(calls.materials[0]).toMatchObject({ pageSize: MASTER_SEARCH_LIMIT });
    expect(calls.materials[0]).not.toHaveProperty('keyword');
    expect(await screen.findAllByRole('option')).toHaveLength(MASTER_SEARCH_LIMIT);
    fireEvent.change(box, { target: { value: 'MAT04321' } });
    await waitFor(() => expect(calls.materials.map((c) => c.keyword)).toContain('MAT04321'));
    const option = await screen.findByRole('option', { name: 'MAT04321 物料4321' });
    fireEvent.click(option);
    await waitFor(() => expect(chosen('物料').join()).toContain('MAT04321 物料4321'));
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].materialId).toBe('m-4321');
  });

  it('keeps the labels of existing values that no first page holds, naming unknown ones in one call', async () => {
    // Supplier 300250 is named by the page (e.g. from the RFQ); 300299 only by the naming call; the
    // material m-4999 likewise.
    renderForm({ materialId: 'm-4999', suppliers: ['300250', '300299'] }, { '300250': '300250 供应商250号' });
    await waitFor(() => expect(chosen('物料')).toEqual(['MAT04999 物料4999']));
    await waitFor(() => expect(chosen('供应商')).toEqual(['300250 供应商250号', '300299 供应商299号']));
    // One naming call each, for the values not named yet; no search before the select is opened.
    expect(calls.suppliers).toEqual([{ currentPage: 1, pageSize: 100, toElsAccounts: ['300299'] }]);
    expect(calls.materials).toEqual([{ currentPage: 1, pageSize: 100, ids: ['m-4999'] }]);

    // Adding a supplier found by a search keeps the others' labels.
    const box = screen.getByLabelText('供应商');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '供应商17号' } });
    fireEvent.click(await screen.findByRole('option', { name: '300017 供应商17号' }));
    await waitFor(() =>
      expect(chosen('供应商')).toEqual(['300250 供应商250号', '300299 供应商299号', '300017 供应商17号']),
    );
  });

  it('says when nothing matches', async () => {
    renderForm({});
    const box = screen.getByLabelText('供应商');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '不存在的供应商' } });
    expect(await screen.findByText('无匹配项')).toBeTruthy();
    expect(calls.suppliers.map((c) => c.keyword)).toContain('不存在的供应商');
  });
});
