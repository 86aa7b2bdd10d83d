import { API_KEY_HEADER } from '@srm/contracts/api-key';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { material } from '../src/modules/masterdata/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Machine-facing language and field errors (issues #32, #33): a call made with an API key and no `lang`
 * header is answered in the key's language; validation messages name the rule (the page sizes allowed,
 * "greater than 0") and the field by its label and line number (10, 20 …), and the envelope's
 * `data.errors` carries each field's path, rule and message for forms.
 */
let server: TestServer;
let admin: Session;
let buyer1: Session;
const { post } = callsOf(() => server);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  admin = await login(server, '100000', 'admin');
  buyer1 = await login(server, '100000', 'buyer1');
});
afterAll(async () => {
  await server?.close();
});

async function createKey(extra: object = {}): Promise<{ key: string; lang: string }> {
  const res = await post('/apis/ApiKeyService/create', admin, {
    elsSubAccount: 'buyer1',
    name: 'ERP',
    scopes: [{ kind: 'material', access: 'read' }],
    ...extra,
  });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data;
}
/** A material list call with a page size the pager does not offer, made with a key and no `lang` header. */
const badPageSize = (key: string) =>
  server.app.inject({
    method: 'POST',
    url: '/apis/masterdata/PurchaseMaterialService/findPageList',
    headers: { [API_KEY_HEADER]: key },
    payload: { currentPage: 1, pageSize: 7 },
  });

describe('the language of machine-facing answers (issue #32)', () => {
  it("answers a key's call without a lang header in the key's language, naming the rule", async () => {
    const english = await createKey({ lang: 'en' });
    expect(english.lang).toBe('en');
    const res = await badPageSize(english.key);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid input: body.pageSize must be one of 10, 20, 30, 40, 50, 100');
    expect(res.json().data.errors).toEqual([
      expect.objectContaining({ path: 'body.pageSize', segments: ['pageSize'], rule: 'enum' }),
    ]);
  });

  it('defaults a key to zh_cn, and a lang header still wins over the key', async () => {
    const plain = await createKey();
    expect(plain.lang).toBe('zh_cn');
    expect((await badPageSize(plain.key)).json().message).toBe(
      '参数错误：body.pageSize 取值应为 10, 20, 30, 40, 50, 100',
    );
    const english = await createKey({ lang: 'en' });
    const zh = await server.app.inject({
      method: 'POST',
      url: '/apis/masterdata/PurchaseMaterialService/findPageList',
      headers: { [API_KEY_HEADER]: english.key, lang: 'zh_cn' },
      payload: { currentPage: 1, pageSize: 7 },
    });
    expect(zh.json().message).toMatch(/^参数错误：/);
  });

  it('refuses a key language that is not an interface language, naming the values', async () => {
    const res = await post('/apis/ApiKeyService/create', admin, {
      elsSubAccount: 'buyer1',
      name: 'ERP',
      scopes: [{ kind: 'material', access: 'read' }],
      lang: 'fr',
    });
    expect(res.json().message).toBe('Invalid input: body.lang must be one of zh_cn, en');
  });
});

describe('field errors name the field by its label and the line by its number (issue #33)', () => {
  const rfq = async (quantities: string[], lang: string) => {
    const [m] = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
    return post(
      '/apis/inquiry/PurchaseEnquiryService/save',
      buyer1,
      {
        enquiryDesc: 'field errors',
        quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
        priceValidDate: '2027-12-31',
        lines: quantities.map((quantity) => ({
          materialId: m.id,
          quantity,
          deliveryDate: '2027-01-31',
          suppliers: ['200001', '200003', '200004'],
        })),
      },
      lang,
    );
  };

  it('names a negative quantity on the second line as line 20 with the rule', async () => {
    const en = await rfq(['5', '-1'], 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Invalid input: Line 20, Quantity must be greater than 0');
    expect(en.json().data.errors).toEqual([
      {
        path: 'body.lines.1.quantity',
        segments: ['lines', 1, 'quantity'],
        field: 'Line 20, Quantity',
        rule: 'positive',
        message: 'Line 20, Quantity must be greater than 0',
      },
    ]);
    const zh = await rfq(['5', '-1'], 'zh_cn');
    expect(zh.json().message).toBe('参数错误：第 20 行 需求数量 必须大于 0');
  });

  it('names a non-numeric quantity by the number rule, not "invalid format"', async () => {
    const en = await rfq(['abc'], 'en');
    expect(en.json().message).toBe(
      'Invalid input: Line 10, Quantity must be a number with at most 12 integer digits and 3 decimals',
    );
    expect(en.json().data.errors[0].rule).toBe('decimal');
  });
});
