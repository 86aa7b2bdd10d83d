import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { CarOutlined, PrinterOutlined, ReloadOutlined } from './page-icons.tsx';

describe('decorative icons (issue #12)', () => {
  it('leave a labelled button named by its text alone, not "car Ship"', () => {
    render(
      <>
        <Button icon={<CarOutlined />}>Ship</Button>
        <Button icon={<PrinterOutlined />}>Print</Button>
        <Button icon={<ReloadOutlined />} aria-label="Reload" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Ship' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it('still let an icon speak when asked to', () => {
    render(<CarOutlined aria-hidden={false} aria-label="Shipment" />);
    expect(screen.getByRole('img', { name: 'Shipment' })).toBeTruthy();
  });
});
