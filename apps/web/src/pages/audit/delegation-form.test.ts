import { describe, expect, it } from 'vitest';
import { behalfLabel, delegationBody } from './delegation-rules.ts';

const at = (iso: string) => ({ toISOString: () => new Date(iso).toISOString() });
const NOW = Date.parse('2026-11-28T10:00:00Z');

describe('approval delegation form', () => {
  it('names the field and the rule of a bad entry', () => {
    expect(delegationBody({}, 'admin', NOW)).toEqual({ ok: false, field: 'delegate', error: 'required' });
    expect(delegationBody({ delegate: ' admin ' }, 'admin', NOW)).toEqual({
      ok: false,
      field: 'delegate',
      error: 'self',
    });
    expect(
      delegationBody({ delegate: 'buyer1', period: [at('2026-11-29T00:00:00Z'), null] }, 'admin', NOW),
    ).toEqual({ ok: false, field: 'period', error: 'required' });
    expect(
      delegationBody(
        { delegate: 'buyer1', period: [at('2026-11-30T00:00:00Z'), at('2026-11-29T00:00:00Z')] },
        'admin',
        NOW,
      ),
    ).toEqual({ ok: false, field: 'period', error: 'endBeforeStart' });
    expect(
      delegationBody(
        { delegate: 'buyer1', period: [at('2026-11-20T00:00:00Z'), at('2026-11-27T00:00:00Z')] },
        'admin',
        NOW,
      ),
    ).toEqual({ ok: false, field: 'period', error: 'endPast' });
  });

  it('builds the request body of a good entry', () => {
    expect(
      delegationBody(
        {
          delegate: 'buyer1',
          period: [at('2026-11-28T09:00:00Z'), at('2026-12-05T18:00:00Z')],
          remark: ' 年假 ',
        },
        'admin',
        NOW,
      ),
    ).toEqual({
      ok: true,
      body: {
        delegate: 'buyer1',
        startDate: '2026-11-28T09:00:00.000Z',
        endDate: '2026-12-05T18:00:00.000Z',
        remark: '年假',
      },
    });
    const noRemark = delegationBody(
      { delegate: 'buyer1', period: [at('2026-11-28T09:00:00Z'), at('2026-12-05T18:00:00Z')], remark: '  ' },
      'admin',
      NOW,
    );
    expect(noRemark.ok && 'remark' in noRemark.body).toBe(false);
  });

  it('labels a task acted on behalf of someone', () => {
    const t = (key: string, o: { name: string }) => `${key}:${o.name}`;
    expect(behalfLabel({ onBehalfOf: 'admin', onBehalfOfName: '王经理' }, t)).toBe(
      'audit:delegation.onBehalfOf:王经理',
    );
    expect(behalfLabel({ onBehalfOf: null, onBehalfOfName: null }, t)).toBeNull();
  });
});
