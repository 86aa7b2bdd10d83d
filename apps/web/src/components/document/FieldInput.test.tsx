import { DOCUMENT_DEFINITIONS } from '@srm/contracts/document/registry';
import { purchaseRequestDefinition as request } from '@srm/contracts/purchase-request';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { FieldInput, fieldControl } from './FieldInput.tsx';

/** The company's factories as the server's findOptions answers them (enabled and disabled records). */
const FACTORIES = [
  { code: '1000', name: '上海工厂', nameEn: 'Shanghai plant', status: 'enabled' },
  { code: '2000', name: '苏州工厂', nameEn: 'Suzhou plant', status: 'enabled' },
  { code: '3000', name: '苏州旧厂', nameEn: null, status: 'disabled' },
];
const asked: Array<{ type: string; query: { keyword?: string; codes?: string[] } }> = [];
vi.mock('../../lib/master-api.ts', () => ({
  findOrgOptions: async (type: string, query: { keyword?: string; codes?: string[] }) => {
    asked.push({ type, query });
    return FACTORIES.filter(
      (f) =>
        (!query.codes || query.codes.includes(f.code)) &&
        (!query.keyword || f.code.includes(query.keyword) || f.name.includes(query.keyword)),
    );
  },
}));

afterEach(() => {
  cleanup();
  asked.length = 0;
});

describe('fieldControl: organisation fields are master pickers (issue #19)', () => {
  it("maps the requisition's factory and cost centre to the picker, its other texts to inputs", () => {
    expect(fieldControl(request.header.purchaseFactory)).toBe('org');
    expect(fieldControl(request.header.costCenter)).toBe('org');
    expect(fieldControl(request.header.applicant)).toBe('text');
    expect(fieldControl(request.header.remark)).toBe('textarea');
    expect(fieldControl(request.header.requestType)).toBe('code');
  });

  it('every kernel field that declares an organisation type gets the picker, no other does', () => {
    const fields = DOCUMENT_DEFINITIONS.flatMap((def) => [
      ...Object.values(def.header),
      ...Object.values(def.lines.fields),
    ]);
    const org = fields.filter((f) => f.org);
    expect(org.length).toBeGreaterThanOrEqual(3);
    for (const f of fields) expect(fieldControl(f) === 'org').toBe(Boolean(f.org));
  });
});

function renderField(initial: { purchaseFactory?: string }) {
  useSettings.setState({ locale: 'zh_cn' });
  void i18n.changeLanguage('zh_cn');
  const submitted: Array<{ purchaseFactory?: string }> = [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <Form initialValues={initial} onFinish={(v) => submitted.push(v)}>
          <Form.Item name="purchaseFactory" label="工厂">
            <FieldInput field={request.header.purchaseFactory} locale="zh_cn" ariaLabel="工厂" />
          </Form.Item>
          <Button htmlType="submit">Submit</Button>
        </Form>
      </App>
    </QueryClientProvider>,
  );
  return submitted;
}

describe('FieldInput of an organisation field', () => {
  it('searches the enabled factories by part of the name and keeps the code', async () => {
    const submitted = renderField({});
    const box = screen.getByRole('combobox', { name: '工厂' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '苏州' } });
    const option = await screen.findByRole('option', { name: '2000 苏州工厂' }, { timeout: 5000 });
    // The disabled factory matches the name but is not offered.
    expect(screen.queryByRole('option', { name: /3000/ })).toBeNull();
    expect(asked.some((a) => a.type === 'factory' && a.query.keyword === '苏州')).toBe(true);
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toEqual([{ purchaseFactory: '2000' }]));
  });

  it('names a code already held, and shows a code the masters lack as it is', async () => {
    renderField({ purchaseFactory: '1000' });
    expect(await screen.findByText('1000 上海工厂')).toBeTruthy();
    cleanup();
    renderField({ purchaseFactory: 'OLD9' });
    await waitFor(() => expect(asked.some((a) => a.query.codes?.includes('OLD9'))).toBe(true));
    expect(await screen.findByText('OLD9')).toBeTruthy();
  });
});
