import { createCipheriv } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers.ts';

type Envelope<T> = { code: string; message: string; data: T };

/** The spec's fixed-key cipher (AES-ECB, PKCS7, base64) with the server's key. */
function encrypt(plain: string, key: string): string {
  const cipher = createCipheriv(`aes-${key.length * 8}-ecb`, Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** A logged-in API client (for arranging and restoring test data, not for what the test checks). */
export async function apiLogin(request: APIRequestContext, elsAccount: string, elsSubAccount: string) {
  const config = (await (await request.get('/apis/ElsAuthService/clientConfig')).json()) as Envelope<{
    cipherKey: string;
  }>;
  const res = (await (
    await request.post('/apis/ElsAuthService/login', {
      data: { elsAccount, elsSubAccount, password: encrypt(DEMO_PASSWORD, config.data.cipherKey) },
    })
  ).json()) as Envelope<{ token: string }>;
  if (res.code !== '200') throw new Error(`login ${elsAccount}_${elsSubAccount}: ${res.message}`);
  const headers = { token: res.data.token, account: `${elsAccount}_${elsSubAccount}` };
  return {
    async post<T>(url: string, data: unknown): Promise<Envelope<T>> {
      return (await (await request.post(url, { data, headers })).json()) as Envelope<T>;
    },
    async get<T>(url: string): Promise<Envelope<T>> {
      return (await (await request.get(url, { headers })).json()) as Envelope<T>;
    },
  };
}

/** A material of the demo world's buyer by its number (id and number), through a logged-in buyer client. */
export async function demoMaterial(
  buyer: Awaited<ReturnType<typeof apiLogin>>,
  materialNumber: string,
): Promise<{ id: string; materialNumber: string }> {
  const found = await buyer.post<{ records: Array<{ id: string; materialNumber: string }> }>(
    '/apis/masterdata/PurchaseMaterialService/findPageList',
    { currentPage: 1, pageSize: 10, keyword: materialNumber },
  );
  const material = found.data?.records.find((m) => m.materialNumber === materialNumber);
  if (found.code !== '200' || !material) throw new Error(`material ${materialNumber} not in the demo world`);
  return material;
}

/**
 * A factory of buyer 100000's organisation masters, kept by its admin through the API when it is not there yet
 * (issue #19: documents may name only factories the masters hold). Journeys use their own factory code to find
 * their own lines in shared lists such as the demand pool.
 */
export async function ensureFactory(request: APIRequestContext, code: string): Promise<void> {
  const admin = await apiLogin(request, '100000', 'admin');
  const url = '/apis/masterdata/PurchaseFactoryService';
  const known = await admin.post<Array<{ code: string }>>(`${url}/findOptions`, { codes: [code] });
  if (known.code === '200' && known.data.some((option) => option.code === code)) return;
  // Under the demo's purchase organisation 1000 (华东采购组织): a factory belongs to one.
  const saved = await admin.post(`${url}/save`, { code, name: `E2E 工厂 ${code}`, parentCode: '1000' });
  if (saved.code !== '200') throw new Error(`factory ${code}: ${saved.message}`);
}

/** The latest SMS code sent to a mobile number, read from the outbox as the platform admin. */
export async function latestSmsCode(request: APIRequestContext, mobile: string): Promise<string> {
  const admin = await apiLogin(request, '100000', 'admin');
  const res = await admin.post<{ records: { content: string }[] }>('/apis/SmsOutboxService/findPageList', {
    currentPage: 1,
    pageSize: 10,
    mobile,
  });
  const match = res.data.records[0]?.content.match(/(\d{4})/);
  if (!match) throw new Error(`no SMS for ${mobile}`);
  return match[1];
}

/** The access token the browser stored at login (stored-item wrapper of spec 000 §3). */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('srm-auth');
    return raw ? (JSON.parse(raw).content.state.token as string) : '';
  });
}

/** A valid RGB PNG of w × h red pixels (for upload tests). */
export function makePng(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw[y * (w * 3 + 1) + 1 + x * 3] = 255;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Registers a fresh supplier through the API (invite code, SMS code, encrypted password). */
export async function registerSupplierViaApi(request: APIRequestContext): Promise<{ elsAccount: string }> {
  const admin = await apiLogin(request, '100000', 'admin');
  const [invite] = (await admin.post<{ code: string }[]>('/apis/InvitationCodeService/create', { count: 1 }))
    .data;
  const mobile = `136${String(Date.now()).slice(-8)}`;
  await request.post('/apis/ElsAccountService/sendNoteCode', { data: { mobile, purpose: 'register' } });
  const noteCode = await latestSmsCode(request, mobile);
  const config = (await (await request.get('/apis/ElsAuthService/clientConfig')).json()) as Envelope<{
    cipherKey: string;
  }>;
  const res = (await (
    await request.post('/apis/ElsAccountService/register', {
      data: {
        inviteCode: invite.code,
        companyName: `E2E 公司 ${Date.now()}`,
        name: 'E2E 用户',
        mobile,
        noteCode,
        password: encrypt(DEMO_PASSWORD, config.data.cipherKey),
        agreement: true,
      },
    })
  ).json()) as Envelope<{ elsAccount: string }>;
  if (res.code !== '200') throw new Error(`register: ${res.message}`);
  return res.data;
}

/**
 * An English reverse auction by total price for BOX-5L-600 that buyer1 made (`name`), that 200001 (8,900,
 * best) and 200003 (9,000) bid on and that buyer1 ended, arranged through the API (issue #14: the bargain
 * round and the award need an ended auction with offers; the demo world's own auctions stay as they are).
 * Throws naming the step that did not answer '200' (or an approval step that held it). Answers its number.
 */
export async function arrangeEndedAuction(request: APIRequestContext, name: string): Promise<string> {
  const P = '/apis/ebidding/PurchaseEbiddingService';
  const S = '/apis/ebidding/SaleEbiddingService';
  type Row = {
    id: string;
    version: number;
    ebiddingNumber: string;
    ebiddingStatus: string;
    auditStatus: string;
  };
  const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
  const buyer = await apiLogin(request, '100000', 'buyer1');
  const check = <T>(what: string, answer: { code: string; message: string; data: T }): T => {
    if (answer.code !== '200') throw new Error(`${what}: ${answer.code} ${answer.message}`);
    return answer.data;
  };
  const material = await demoMaterial(buyer, 'BOX-5L-600');
  let row = check(
    'save',
    await buyer.post<Row>(`${P}/save`, {
      ebiddingName: name,
      ebiddingType: '1',
      ebiddingMethod: '1',
      startMethod: '1',
      startTime: minutes(60),
      endTime: minutes(120),
      startingPrice: '10000',
      priceReviseType: '1',
      priceReviseExtent: '10',
      suppliers: ['200001', '200003'],
      lines: [
        {
          materialId: material.id,
          quantity: '1000',
          deliveryDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        },
      ],
    }),
  );
  row = check('submit', await buyer.post<Row>(`${P}/submit/${row.id}`, { version: row.version }));
  if (row.auditStatus !== '2')
    throw new Error(`submit: audit status ${row.auditStatus}, approval steps set?`);
  row = check('publish', await buyer.post<Row>(`${P}/publish/${row.id}`, { version: row.version }));
  row = check('start', await buyer.post<Row>(`${P}/start/${row.id}`, { version: row.version }));
  for (const [account, price] of [
    ['200003', '9000'],
    ['200001', '8900'],
  ]) {
    const supplier = await apiLogin(request, account, 'admin');
    check(`bid of ${account}`, await supplier.post(`${S}/bid/${row.id}`, { price }));
  }
  const current = check('detail', await buyer.get<{ record: Row }>(`${P}/findDetail/${row.id}`)).record;
  row = check('finish', await buyer.post<Row>(`${P}/finish/${row.id}`, { version: current.version }));
  if (row.ebiddingStatus !== '3')
    throw new Error(`finish: status ${row.ebiddingStatus}, approval steps set?`);
  return row.ebiddingNumber;
}
