import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Issue #13 / #19: GET /apis/inquiry/PurchaseEnquiryService/formSettings gives the RFQ form the caller's
 * company minimum of suppliers per line (preset parameter Enquiry_Group/minSuppliersPerLine), so the
 * browser checks the same figure the save enforces. Tenant-scoped; buyers only.
 */
let server: TestServer;
const s: Record<string, Session> = {};
const { post, get } = callsOf(() => server);
const URL = '/apis/inquiry/PurchaseEnquiryService/formSettings';

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.admin = await login(server, '100000', 'admin');
  s.buyer1 = await login(server, '100000', 'buyer1');
  s.otherAdmin = await login(server, '100002', 'admin');
  s.supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const minimum = async (session: Session) => {
  const res = await get(URL, session);
  expect(res.json().code, res.body).toBe('200');
  return res.json().data;
};

describe('RFQ form settings (minimum suppliers per line)', () => {
  it('answers the default 3, then the figure the admin saves, for that company only', async () => {
    expect(await minimum(s.buyer1)).toEqual({ minSuppliersPerLine: 3 });

    const saved = await post('/apis/ParameterService/save', s.admin, {
      group: 'Enquiry_Group',
      code: 'minSuppliersPerLine',
      value: 5,
      stored: null,
    });
    expect(saved.json().code, saved.json().message).toBe('200');

    expect(await minimum(s.buyer1)).toEqual({ minSuppliersPerLine: 5 });
    expect(await minimum(s.admin)).toEqual({ minSuppliersPerLine: 5 });
    // Another buying company keeps the default.
    expect(await minimum(s.otherAdmin)).toEqual({ minSuppliersPerLine: 3 });

    // Setting it back is seen at once (no stale cache on the server).
    const back = await post('/apis/ParameterService/save', s.admin, {
      group: 'Enquiry_Group',
      code: 'minSuppliersPerLine',
      value: 3,
      stored: '5',
    });
    expect(back.json().code).toBe('200');
    expect(await minimum(s.buyer1)).toEqual({ minSuppliersPerLine: 3 });
  });

  it('refuses a supplier-side user with 403 and an anonymous caller with 401', async () => {
    const res = await get(URL, s.supplier);
    expect(res.json().code).toBe('403');
    expect(res.json().data ?? null).toBeNull();
    const anonymous = await server.app.inject({ method: 'GET', url: URL });
    expect(anonymous.json().code).toBe('401');
  });
});
