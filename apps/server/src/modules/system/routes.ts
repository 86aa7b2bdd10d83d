import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { elsAccountSchema, elsSubAccountSchema } from '@srm/contracts/auth';
import { INDEX_PAGE_CODES, LOGIN_PAGE_CODES, LOGIN_PAGE_GROUP } from '@srm/contracts/constants';
import { envelopeSchema } from '@srm/contracts/envelope';
import {
  findPresetParameter,
  PRESET_PARAMETERS,
  presetParameterValue,
} from '@srm/contracts/preset-parameters';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import {
  type App,
  type AppDeps,
  type AuthContext,
  ok,
  requireAdmin,
  requireAuth,
  zod,
} from '../../platform/http.ts';
import { findInboxBuyer, findSubaccountInCompany } from '../account/repository.ts';
import { actingAccountOf } from '../account/service.ts';
import {
  DICT_LABEL_MAX,
  DICTIONARY_CODES,
  dictionaryAdminRows,
  dictionaryValues,
  invalidateDictionaries,
  isKnownEntry,
  mergedDictionaries,
  saveOverride,
} from './dictionaries.ts';
import {
  findPortalOwner,
  findSettings,
  findTableConfigs,
  saveTableConfig,
  upsertSettings,
} from './repository.ts';
import { languageOverride } from './tables.ts';

export const INDEX_PAGE_GROUP = 'IndexPage_Group';

const overridesSchema = z.record(z.string(), z.record(z.string(), z.string()));
/**
 * Cache-Control of GET /apis/i18n/{tenant}/{lang}: stored by browsers (the module apps reuse the shell's
 * copy) but revalidated at every use, so a saved override shows at the next page load.
 */
export const TEXTS_CACHE = 'public, no-cache';

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
  // A new server starts with no cached dictionaries of an earlier one in this process (its database's).
  invalidateDictionaries();
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
   * (spec 000 §4: a supplier with one buyer sees that buyer's settings; with several, the buyer chosen in
   * its inbox, else its own — the defaults; issue #16). Body { setGroupCode?, setCode? }.
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
      const acting = await actingAccountOf(deps.db, {
        station: auth.station,
        elsAccount: auth.elsAccount,
        inboxElsAccount: auth.station === 'sale' ? await findInboxBuyer(deps.db, auth.subaccountId) : null,
      });
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
      requireAdmin(auth, 'purchase');
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
   * by tenant id and language; the default tenant's file when the tenant's is missing"): what the tenant's
   * admin saved (SystemSettingService/saveLanguage, in the database), else the file
   * DATA_DIR/i18n/{tenant}/{lang}.json, as { namespace: { key: text } }; the browser merges them over its
   * bundled texts. data { tenant (the one used), overrides }. Every process reads the database on each
   * call (no server-side cache, so a save reaches all processes at once); browsers may keep the answer but
   * must revalidate it (`no-cache`), so a save shows at the next page load — it was `max-age=300`, and
   * other users' browsers showed the old texts for up to 5 minutes (issue #18/#19). Module apps in the
   * shell's iframes reuse the copy the shell loaded (lib/module-texts.ts).
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
        // The database first (what the tenant's admin saved: every process serves it), then the file.
        const [saved] = await deps.db
          .select({ overrides: languageOverride.overrides })
          .from(languageOverride)
          .where(and(eq(languageOverride.tenant, candidate), eq(languageOverride.lang, lang)));
        if (saved) {
          reply.header('cache-control', TEXTS_CACHE);
          return ok({ tenant: candidate, overrides: saved.overrides });
        }
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
        reply.header('cache-control', TEXTS_CACHE);
        return ok({ tenant: candidate, overrides: parsed.data });
      }
      reply.header('cache-control', TEXTS_CACHE);
      return ok({ tenant: null, overrides: {} });
    },
  );

  const languageBody = z.object({ lang: z.enum(['zh_cn', 'en']) });

  /**
   * POST /apis/SystemSettingService/findLanguage — the caller's company's saved overrides of one language:
   * body { lang }; data { overrides, version } (version null when none is saved). Buyer admin ('403').
   */
  r.post(
    '/apis/SystemSettingService/findLanguage',
    {
      schema: {
        tags: ['settings'],
        summary: "The company's saved interface-text overrides",
        body: languageBody,
        response: {
          200: envelopeSchema(z.object({ overrides: overridesSchema, version: z.number().nullable() })),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      // Buyer admins keep their tenant's texts (the tenant is the company: the login page's elsAccount).
      requireAdmin(auth, 'purchase');
      const [row] = await deps.db
        .select()
        .from(languageOverride)
        .where(
          and(eq(languageOverride.tenant, auth.elsAccount), eq(languageOverride.lang, request.body.lang)),
        );
      return ok({ overrides: row?.overrides ?? {}, version: row?.version ?? null });
    },
  );

  /**
   * POST /apis/SystemSettingService/saveLanguage — replaces the caller's company's overrides of one language
   * (issue #18: kept in the database, so every process serves them): body { lang, overrides: { namespace:
   * { key: text ≤ 500 } } (≤ 2,000 texts), version (the one read; absent for the first save) }. '409' when
   * someone saved meanwhile; '403' for anyone but a buyer admin. data { overrides, version }.
   */
  r.post(
    '/apis/SystemSettingService/saveLanguage',
    {
      schema: {
        tags: ['settings'],
        summary: "Save the company's interface-text overrides",
        body: languageBody.extend({
          overrides: z
            .record(z.string().max(50), z.record(z.string().max(100), z.string().max(500)))
            .refine((o) => Object.values(o).reduce((n, ns) => n + Object.keys(ns).length, 0) <= 2000, {
              message: 'at most 2,000 texts',
            }),
          version: z.number().int().min(0).max(2_000_000_000).optional(),
        }),
        response: { 200: envelopeSchema(z.object({ overrides: overridesSchema, version: z.number() })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      // Buyer admins keep their tenant's texts (the tenant is the company: the login page's elsAccount).
      requireAdmin(auth, 'purchase');
      const { lang, overrides, version } = request.body;
      const key = and(eq(languageOverride.tenant, auth.elsAccount), eq(languageOverride.lang, lang));
      const saved = await deps.db.transaction(async (tx) => {
        if (version === undefined) {
          const [row] = await tx
            .insert(languageOverride)
            .values({ tenant: auth.elsAccount, lang, overrides, lastUpdateUser: userKey(auth) })
            .onConflictDoNothing()
            .returning();
          if (!row) throw conflict();
          return row;
        }
        const [row] = await tx
          .update(languageOverride)
          .set({
            overrides,
            lastUpdateUser: userKey(auth),
            lastUpdateDate: sql`now()`,
            version: sql`${languageOverride.version} + 1`,
          })
          .where(and(key, eq(languageOverride.version, version)))
          .returning();
        if (!row) throw conflict();
        return row;
      });
      return ok({ overrides: saved.overrides, version: saved.version });
    },
  );

  const servedEntry = z.object({ zh_cn: z.string(), en: z.string(), disabled: z.literal('Y').optional() });

  /**
   * GET /apis/DictService/findAll — every dictionary, code → value → { zh_cn, en, disabled? } (spec 000 §3,
   * seed 001 §3), for the caller's company: a buyer's user gets the platform labels with the company's
   * overrides (issue #19 business dictionary management) and `disabled: 'Y'` on the entries its admin
   * disabled (pickers hide them; labels still show); a supplier's user, who deals with many buyers, gets
   * the platform defaults. Same shape as before the overrides (the flag is an extra key). Cached per
   * company (modules/system/dictionaries.ts: dropped on save, at most 10 s on other processes).
   */
  r.get(
    '/apis/DictService/findAll',
    {
      config: { keyScope: 'dict.read' },
      schema: {
        tags: ['settings'],
        summary: "All dictionaries in both languages, with the company's overrides",
        response: { 200: envelopeSchema(z.record(z.string(), z.record(z.string(), servedEntry))) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return ok(await mergedDictionaries(deps.db, auth.station === 'purchase' ? auth.elsAccount : null));
    },
  );

  const adminRow = z.object({
    code: z.string(),
    value: z.string(),
    defaultZhCn: z.string(),
    defaultEn: z.string(),
    zhCn: z.string().nullable(),
    en: z.string().nullable(),
    enabled: z.boolean(),
    version: z.number().nullable(),
  });
  const overrideLabel = z
    .string()
    .max(DICT_LABEL_MAX)
    .refine((v) => v.trim() !== '', 'rule.required')
    .nullable();

  /**
   * POST /apis/DictService/findOverrides — the admin page of the business dictionaries (issue #19): every
   * entry of every platform dictionary with the company's overrides. Body { code? } filters one code.
   * data: [{ code, value, defaultZhCn, defaultEn, zhCn|null, en|null, enabled, version|null }].
   * '403' for anyone but a buyer admin.
   */
  r.post(
    '/apis/DictService/findOverrides',
    {
      schema: {
        tags: ['settings'],
        summary: "The company's dictionary overrides (buyer admin)",
        body: z.object({ code: z.string().max(64).optional() }),
        response: { 200: envelopeSchema(z.array(adminRow)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth, 'purchase');
      const rows = await dictionaryAdminRows(deps.db, auth.elsAccount);
      const code = request.body.code;
      return ok(code ? rows.filter((row) => row.code === code) : rows);
    },
  );

  /**
   * POST /apis/DictService/saveOverride — a buyer admin overrides one dictionary entry (issue #19): body
   * { code (a platform dictionary), value (one of its values), zhCn, en (labels ≤ 50 characters, not blank;
   * null keeps the platform label), enabled (false: hidden from pickers), version (the one read; absent for
   * an entry without an override) }. Values cannot be added or removed: codes drive logic. Back to the
   * defaults (null labels, enabled) removes the override. '400' naming the field and rule, '409' when
   * someone saved meanwhile, '403' for anyone but a buyer admin. data: the entry as findOverrides lists it.
   */
  r.post(
    '/apis/DictService/saveOverride',
    {
      schema: {
        tags: ['settings'],
        summary: 'Override the labels or the enabled flag of one dictionary entry (buyer admin)',
        body: z.object({
          code: z.enum(DICTIONARY_CODES as [string, ...string[]]),
          value: z.string().max(64),
          zhCn: overrideLabel,
          en: overrideLabel,
          enabled: z.boolean(),
          version: z.number().int().min(0).max(2_000_000_000).optional(),
        }),
        response: { 200: envelopeSchema(adminRow) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth, 'purchase');
      const body = request.body;
      if (!isKnownEntry(body.code, body.value))
        throw badRequest('rule.enum', {
          field: 'body.value',
          values: dictionaryValues(body.code).join(', '),
        });
      const row = await deps.db.transaction((tx) =>
        saveOverride(
          tx,
          auth.elsAccount,
          { ...body, zhCn: body.zhCn?.trim() ?? null, en: body.en?.trim() ?? null },
          userKey(auth),
        ),
      );
      if (!row) throw conflict();
      invalidateDictionaries(auth.elsAccount);
      return ok(row);
    },
  );

  const parameterRow = z.object({
    group: z.string(),
    code: z.string(),
    type: z.literal('integer'),
    unit: z.string(),
    min: z.number(),
    max: z.number(),
    defaultValue: z.number(),
    value: z.number(),
    /** The stored text (null: none saved); the save names it back for optimistic locking. */
    stored: z.string().nullable(),
  });

  async function parameterRows(elsAccount: string) {
    const saved = await findSettings(deps.db, elsAccount);
    return PRESET_PARAMETERS.map((p) => {
      const stored =
        saved.find((row) => row.setGroupCode === p.group && row.setCode === p.code)?.setValue ?? null;
      return { ...p, value: presetParameterValue(p, stored), stored };
    });
  }

  /**
   * POST /apis/ParameterService/findList — the buying company's preset parameters (issue #19): each
   * { group, code, type 'integer', unit, min, max, defaultValue, value (in effect), stored (text or null) }.
   * Only parameters the server reads (packages/contracts/src/preset-parameters.ts). '403' unless buyer admin.
   */
  r.post(
    '/apis/ParameterService/findList',
    {
      schema: {
        tags: ['settings'],
        summary: "The company's preset parameters (buyer admin)",
        body: z.object({}).optional(),
        response: { 200: envelopeSchema(z.array(parameterRow)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth, 'purchase');
      return ok(await parameterRows(auth.elsAccount));
    },
  );

  /**
   * POST /apis/ParameterService/save — a buyer admin sets one preset parameter: body { group, code, value
   * (an integer in the parameter's [min, max]), stored (the stored text read, null when none: '409' when
   * it changed meanwhile) }. '400' naming the field and rule; '403' unless buyer admin. data: all rows.
   */
  r.post(
    '/apis/ParameterService/save',
    {
      schema: {
        tags: ['settings'],
        summary: 'Set one preset parameter (buyer admin)',
        body: z.object({
          group: z.string().max(64),
          code: z.string().max(64),
          value: z.number().int(),
          stored: z.string().max(500).nullable(),
        }),
        response: { 200: envelopeSchema(z.array(parameterRow)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth, 'purchase');
      const { group, code, value, stored } = request.body;
      const parameter = findPresetParameter(group, code);
      if (!parameter)
        throw badRequest('rule.enum', {
          field: 'body.code',
          values: PRESET_PARAMETERS.map((p) => `${p.group}/${p.code}`).join(', '),
        });
      if (value < parameter.min)
        throw badRequest('rule.tooSmall', { field: 'body.value', min: parameter.min });
      if (value > parameter.max) throw badRequest('rule.tooBig', { field: 'body.value', max: parameter.max });
      await deps.db.transaction(async (tx) => {
        // Compare-and-set on the stored text: a row someone saved meanwhile makes this save stale.
        const [current] = await findSettings(tx, auth.elsAccount, group, code);
        if ((current?.setValue ?? null) !== stored) throw conflict();
        await upsertSettings(
          tx,
          auth.elsAccount,
          group,
          [{ setCode: code, setValue: String(value) }],
          userKey(auth),
        );
      });
      return ok(await parameterRows(auth.elsAccount));
    },
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
      const origin = `${request.protocol}://${request.host}${deps.config.BASE_PATH}`;
      const url = `${origin}/portal/#/wxAuth?elsAccount=${encodeURIComponent(auth.elsAccount)}&elsSubAccount=${encodeURIComponent(me?.elsSubAccount ?? auth.elsSubAccount)}`;
      const { default: QRCode } = await import('qrcode'); // loaded on first use (issue #7: memory)
      const data = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return ok({ data, url });
    },
  );
}
