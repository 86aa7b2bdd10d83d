import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { elsAccountSchema, elsSubAccountSchema } from '@srm/contracts/auth';
import { INDEX_PAGE_CODES, LOGIN_PAGE_CODES, LOGIN_PAGE_GROUP } from '@srm/contracts/constants';
import { DICTIONARIES } from '@srm/contracts/dictionaries';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { type App, type AppDeps, type AuthContext, ok, requireAuth, zod } from '../../platform/http.ts';
import { findSubaccountInCompany } from '../account/repository.ts';
import { actingAccountOf } from '../account/service.ts';
import {
  findPortalOwner,
  findSettings,
  findTableConfigs,
  saveTableConfig,
  upsertSettings,
} from './repository.ts';

export const INDEX_PAGE_GROUP = 'IndexPage_Group';

const overridesSchema = z.record(z.string(), z.record(z.string(), z.string()));

/** Which codes each setting group allows and what a value may be. */
const SETTING_GROUPS: Record<string, { codes: readonly string[]; value: z.ZodType<string> }> = {
  [LOGIN_PAGE_GROUP]: { codes: LOGIN_PAGE_CODES, value: z.string().max(500) },
  [INDEX_PAGE_GROUP]: { codes: INDEX_PAGE_CODES, value: z.enum(['0', '1']) },
};

const settingRow = z.object({ setGroupCode: z.string(), setCode: z.string(), setValue: z.string() });
const groupSchema = z.enum([LOGIN_PAGE_GROUP, INDEX_PAGE_GROUP]);

const tableConfigSchema = z.object({
  uuid: z.string(),
  elsAccount: z.string(),
  elsSubAccount: z.string(),
  toElsAccount: z.string(),
  configType: z.string(),
  configJson: z.unknown(),
  version: z.number(),
});

function userKey(auth: AuthContext) {
  return `${auth.elsAccount}_${auth.elsSubAccount}`;
}

/** Settings rows, personal table config, dictionaries and the QR code: spec 000 §2, §3, §7. */
export function registerSystemRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * POST /apis/SystemSettingService/findListByLoginEls — public (the login page reads it before login).
   * Body { elsAccount? (default: the portal owner, the oldest buying company), setGroupCode:
   * 'LoginPage_Group' }. data: [{ setGroupCode, setCode, setValue }]. Only the login-page group is public.
   */
  r.post(
    '/apis/SystemSettingService/findListByLoginEls',
    {
      config: { public: true },
      schema: {
        tags: ['settings'],
        summary: 'Login-page settings, before login',
        security: [],
        body: z.object({
          elsAccount: elsAccountSchema.optional(),
          setGroupCode: z.literal(LOGIN_PAGE_GROUP),
        }),
        response: { 200: envelopeSchema(z.array(settingRow)) },
      },
    },
    async (request) => {
      const owner = request.body.elsAccount ?? (await findPortalOwner(deps.db));
      return ok(owner ? await findSettings(deps.db, owner, LOGIN_PAGE_GROUP) : []);
    },
  );

  /**
   * POST /apis/SystemSettingService/findList — settings rows of the company the caller acts as
   * (spec 000 §4: a supplier with one buyer sees that buyer's settings). Body { setGroupCode?, setCode? }.
   */
  r.post(
    '/apis/SystemSettingService/findList',
    {
      schema: {
        tags: ['settings'],
        summary: 'Settings rows of the acting company',
        body: z.object({ setGroupCode: groupSchema.optional(), setCode: z.string().max(64).optional() }),
        response: { 200: envelopeSchema(z.array(settingRow)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const acting = await actingAccountOf(deps.db, { station: auth.station, elsAccount: auth.elsAccount });
      return ok(await findSettings(deps.db, acting, request.body.setGroupCode, request.body.setCode));
    },
  );

  /**
   * POST /apis/SystemSettingService/save — a buying company's admin sets rows of one group.
   * Body { setGroupCode, rows: [{ setCode, setValue }] }; codes must belong to the group; IndexPage values
   * are '0' or '1'; login-page values (titles, file paths or http(s) URLs) up to 500 characters.
   * '403' for suppliers and non-admins.
   */
  r.post(
    '/apis/SystemSettingService/save',
    {
      schema: {
        tags: ['settings'],
        summary: 'Save setting rows of a group (buyer admin)',
        body: z.object({
          setGroupCode: groupSchema,
          rows: z
            .array(z.object({ setCode: z.string().min(1).max(64), setValue: z.string().max(500) }))
            .min(1)
            .max(20),
        }),
        response: { 200: envelopeSchema(z.array(settingRow)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (auth.station !== 'purchase' || auth.permission !== 'admin') throw forbidden();
      const group = SETTING_GROUPS[request.body.setGroupCode];
      for (const [i, row] of request.body.rows.entries()) {
        if (!group.codes.includes(row.setCode))
          throw badRequest('rule.enum', { field: `body.rows.${i}.setCode`, values: group.codes.join(', ') });
        if (!group.value.safeParse(row.setValue).success)
          throw badRequest('rule.invalid', { field: `body.rows.${i}.setValue` });
      }
      await deps.db.transaction((tx) =>
        upsertSettings(tx, auth.elsAccount, request.body.setGroupCode, request.body.rows, userKey(auth)),
      );
      return ok(await findSettings(deps.db, auth.elsAccount, request.body.setGroupCode));
    },
  );

  /**
   * POST /apis/ElsLayoutConfigService/findPageList (spec 000 §7) — the caller's personal table configs.
   * Body { elsAccount, elsSubAccount (must be the caller), toElsAccount?, configType? }.
   */
  r.post(
    '/apis/ElsLayoutConfigService/findPageList',
    {
      schema: {
        tags: ['settings'],
        summary: 'Personal table configuration rows',
        body: z.object({
          elsAccount: elsAccountSchema,
          elsSubAccount: elsSubAccountSchema,
          toElsAccount: z.string().max(32).optional(),
          configType: z.string().min(1).max(100).optional(),
        }),
        response: { 200: envelopeSchema(z.array(tableConfigSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (request.body.elsAccount !== auth.elsAccount || request.body.elsSubAccount !== auth.elsSubAccount)
        throw new AppError('403', 'notYourAccount');
      const rows = await findTableConfigs(deps.db, {
        elsAccount: auth.elsAccount,
        elsSubAccount: auth.elsSubAccount,
        toElsAccount: request.body.toElsAccount ?? '',
        configType: request.body.configType,
      });
      return ok(rows.map(({ lastUpdateDate: _d, ...row }) => row));
    },
  );

  /**
   * POST /apis/ElsLayoutConfigService/save (spec 000 §7) — saves one personal table config row, keyed by
   * elsAccount, elsSubAccount, toElsAccount and configType. configJson ≤ 64 KiB of JSON. An update names
   * the version it read ('409' when stale).
   */
  r.post(
    '/apis/ElsLayoutConfigService/save',
    {
      schema: {
        tags: ['settings'],
        summary: 'Save a personal table configuration row',
        body: z.object({
          elsAccount: elsAccountSchema,
          elsSubAccount: elsSubAccountSchema,
          toElsAccount: z.string().max(32).optional(),
          configType: z.string().min(1).max(100),
          configJson: z.unknown().refine((v) => v !== undefined && JSON.stringify(v).length <= 65_536, {
            message: 'configJson must be JSON of at most 64 KiB',
          }),
          version: z.number().int().min(0).optional(),
        }),
        response: { 200: envelopeSchema(tableConfigSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (request.body.elsAccount !== auth.elsAccount || request.body.elsSubAccount !== auth.elsSubAccount)
        throw new AppError('403', 'notYourAccount');
      const row = await saveTableConfig(
        deps.db,
        {
          elsAccount: auth.elsAccount,
          elsSubAccount: auth.elsSubAccount,
          toElsAccount: request.body.toElsAccount ?? '',
          configType: request.body.configType,
        },
        request.body.configJson,
        request.body.version,
      );
      if (!row) throw conflict();
      const { lastUpdateDate: _d, ...rest } = row;
      return ok(rest);
    },
  );

  /**
   * GET /apis/i18n/{tenant}/{lang} — public: a tenant's text overrides (spec 000 §7 "language JSON files
   * by tenant id and language; the default tenant's file when the tenant's is missing"). Files live in
   * DATA_DIR/i18n/{tenant}/{lang}.json as { namespace: { key: text } }; the browser merges them over its
   * bundled texts. data { tenant (the one used), overrides }.
   */
  r.get(
    '/apis/i18n/:tenant/:lang',
    {
      config: { public: true },
      schema: {
        tags: ['settings'],
        summary: "A tenant's interface-text overrides",
        security: [],
        params: z.object({
          tenant: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
          lang: z.enum(['zh_cn', 'en']),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              tenant: z.string().nullable(),
              overrides: z.record(z.string(), z.record(z.string(), z.string())),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { tenant, lang } = request.params;
      for (const candidate of [tenant, 'default']) {
        const file = resolve(deps.config.DATA_DIR, 'i18n', candidate, `${lang}.json`);
        const text = await readFile(file, 'utf8').catch(() => null);
        if (text === null) continue;
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
        const parsed = overridesSchema.safeParse(json);
        if (!parsed.success) {
          request.log.warn({ file }, 'ignoring a malformed language file');
          continue;
        }
        reply.header('cache-control', 'public, max-age=300');
        return ok({ tenant: candidate, overrides: parsed.data });
      }
      return ok({ tenant: null, overrides: {} });
    },
  );

  /** GET /apis/DictService/findAll — every dictionary (code → { zh_cn, en }), spec 000 §3 and seed 001 §3. */
  r.get(
    '/apis/DictService/findAll',
    {
      schema: {
        tags: ['settings'],
        summary: 'All dictionaries in both languages',
        response: {
          200: envelopeSchema(z.record(z.string(), z.record(z.string(), z.record(z.string(), z.string())))),
        },
      },
    },
    async () => ok(DICTIONARIES),
  );

  /**
   * GET /apis/ElsAccountService/getPrCode (spec 000 §7) — data { data: PNG data URL }: a QR code that
   * opens the WeChat binding page (/portal/#/wxAuth) for the caller's account.
   */
  r.get(
    '/apis/ElsAccountService/getPrCode',
    {
      schema: {
        tags: ['account'],
        summary: 'QR code for following on WeChat',
        response: { 200: envelopeSchema(z.object({ data: z.string(), url: z.string() })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const me = await findSubaccountInCompany(deps.db, auth.subaccountId, auth.elsAccount);
      const origin = `${request.protocol}://${request.host}`;
      const url = `${origin}/portal/#/wxAuth?elsAccount=${encodeURIComponent(auth.elsAccount)}&elsSubAccount=${encodeURIComponent(me?.elsSubAccount ?? auth.elsSubAccount)}`;
      const { default: QRCode } = await import('qrcode'); // loaded on first use (issue #7: memory)
      const data = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return ok({ data, url });
    },
  );
}
