import { act, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomFieldLabel } from '../../lib/custom-field-api.ts';
import '../../modules/order/i18n-order.ts';

/** Every `options` array the drawer's "add field" select was rendered with, in order. */
const seen = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  const Select = ((props: { options?: unknown }) => {
    seen.options.push(props.options);
    return <antd.Select {...(props as object)} />;
  }) as unknown as typeof antd.Select;
  return { ...antd, Select };
});

const { LineCustomFieldsDrawer } = await import('./LineCustomFields.tsx');

const LABELS: CustomFieldLabel[] = [{ fieldKey: 'fbk1', zh_cn: '批次', en: 'Batch' }];

/** The order form around the drawer of line 1; `tick` re-renders it as the form does while it settles. */
function OrderForm({ tick, onForm }: { tick: number; onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  const [, setErrors] = useState({});
  onForm(form);
  return (
    <Form form={form} initialValues={{ items: [{ materialNumber: 'M-1' }] }} data-tick={tick}>
      {/* As OrderEdit passes them: a fresh errors object and fresh callbacks on every render. */}
      <LineCustomFieldsDrawer
        index={0}
        labels={LABELS}
        errors={{}}
        onClose={() => setErrors({})}
        onEdited={() => setErrors({})}
      />
    </Form>
  );
}

describe('the line custom fields drawer', () => {
  it('keeps the "add field" options while the order form re-renders, and renews them when a field is added', async () => {
    let form: FormInstance | undefined;
    const onForm = (f: FormInstance) => {
      form = f;
    };
    const view = render(<OrderForm tick={0} onForm={onForm} />);
    const first = seen.options.at(-1) as Array<{ value: string; label: string }>;
    expect(first).toHaveLength(50);
    // Named fields with their label in the UI language (en in jsdom), the others as fbkN.
    expect(first[0]).toEqual({ value: 'fbk1', label: 'Batch (fbk1)' });
    expect(first[2]).toEqual({ value: 'fbk3', label: 'fbk3' });
    const before = seen.options.length;
    // The form re-renders (labels, supplier suggestions, a watched value elsewhere): same options.
    for (let tick = 1; tick <= 3; tick++) view.rerender(<OrderForm tick={tick} onForm={onForm} />);
    expect(seen.options.length).toBeGreaterThan(before);
    for (const options of seen.options.slice(before)) expect(options).toBe(first);
    // A field added to the line leaves the list: new options without it.
    await act(async () => form?.setFieldValue(['items', 0, 'fbk3'], ''));
    // Form.useWatch hears of changes one macrotask later.
    await waitFor(() => expect(seen.options.at(-1)).not.toBe(first));
    const after = seen.options.at(-1) as Array<{ value: string }>;
    expect(after.map((o) => o.value)).not.toContain('fbk3');
    expect(after).toHaveLength(49);
  });

  it("shows the server's refusal of a field under that field's input, also one the line does not hold (issue #33)", () => {
    const message = 'Line 20, Batch must be at most 100 characters';
    render(
      <Form initialValues={{ items: [{ materialNumber: 'M-1' }, { materialNumber: 'M-2' }] }}>
        <LineCustomFieldsDrawer
          index={1}
          labels={LABELS}
          errors={{ fbk1: message }}
          onClose={() => {}}
          onEdited={() => {}}
        />
      </Form>,
    );
    // Line 2 is line 20; its named field fbk1 is listed by its name, with the error under it.
    const input = screen.getByLabelText('Batch (fbk1) of line 20');
    const item = input.closest('.ant-form-item');
    expect(item?.querySelector('.ant-form-item-explain-error')?.textContent).toBe(message);
  });
});
