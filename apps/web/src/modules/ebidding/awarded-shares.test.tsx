import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AwardedShares } from './AwardedShares.tsx';

/** The bidding room's awarded share (issue #33): per line won, the quota, the quantity and the price. */
afterEach(() => cleanup());

describe('the winner’s awarded share in the bidding room (issue #33)', () => {
  it('lists each line won with its quota, quantity and unit price', () => {
    render(
      <AwardedShares
        currency="CNY"
        awarded={[
          {
            lineNumber: 10,
            materialNumber: 'BOX-5L',
            unit: 'PCS',
            quota: '100.00',
            quantity: '10.000',
            price: '5.500000',
          },
        ]}
      />,
    );
    expect(screen.getByText('BOX-5L')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
    expect(screen.getByText('10 PCS')).toBeTruthy();
    expect(screen.getByText('5.500000 CNY')).toBeTruthy();
  });

  it('shows nothing without a line won', () => {
    const { container } = render(<AwardedShares currency="CNY" awarded={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
