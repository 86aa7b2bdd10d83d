import { envelopeSchema } from '@srm/contracts/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { nowDate } from '../../platform/clock.ts';
import { uploadedFile } from '../../platform/document/import.ts';
import { forbidden } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { XLSX_TYPE } from './excel.ts';
import {
  categorySaveSchema,
  effectivePriceSchema,
  materialFilterSchema,
  materialPageSchema,
  materialSaveSchema,
  priceFilterSchema,
  pricePageSchema,
  priceSaveSchema,
  SUPPLIER_STATUS_VALUES,
  SUPPLIER_STATUSES,
  supplierFilterSchema,
  supplierPageSchema,
  supplierSaveSchema,
} from './schemas.ts';
import {
  categoryTree,
  effectivePrice,
  exportMaterials,
  exportPrices,
  exportSuppliers,
  getMaterial,
  getPrice,
  getSupplier,
  importMaterials,
  importPrices,
  importSuppliers,
  listMaterials,
  listPrices,
  listSuppliers,
  removeCategory,
  removeMaterial,
  removePrice,
  saveCategory,
  saveMaterial,
  savePrice,
  saveSupplier,
} from './service.ts';

const BASE = '/apis/masterdata';
const idParams = z.object({ id: z.uuid() });

const auditFields = {
  createUser: z.string(),
  createDate: z.string(),
  lastUpdateUser: z.string(),
  lastUpdateDate: z.string(),
  version: z.number(),
};

const categorySchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  cateLevel: z.number(),
  cateCode: z.string(),
  cateName: z.string(),
  sortOrder: z.number(),
  version: z.number(),
  createDate: z.string(),
  lastUpdateDate: z.string(),
});
// The tree is at most 3 levels deep (seed 001 §9), so its schema is spelled out level by level.
const level3Node = categorySchema.extend({ children: z.array(z.never()) });
const level2Node = categorySchema.extend({ children: z.array(level3Node) });
const level1Node = categorySchema.extend({ children: z.array(level2Node) });

const text = z.string().nullable();
const materialSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  materialNumber: z.string(),
  materialName: z.string(),
  materialDesc: z.string(),
  materialType: z.string(),
  brand: text,
  cateId: z.string(),
  cateCode1: text,
  cateName1: text,
  cateCode2: text,
  cateName2: text,
  cateCode3: text,
  cateName3: text,
  baseUnit: z.string(),
  orderUnit: text,
  purchaseUnit: text,
  conversionNumerator: z.string(),
  conversionDenominator: z.string(),
  grossWeight: text,
  netWeight: text,
  weightUnit: text,
  overTolerance: z.string(),
  lackTolerance: z.string(),
  minOrderQuantity: z.string(),
  minPackingQuantity: z.string(),
  minShelfLife: z.number().nullable(),
  totalShelfLife: z.number().nullable(),
  isCheckQuality: z.enum(['Y', 'N']),
  isFreeze: z.enum(['Y', 'N']),
  auditStatus: z.string(),
  extendFields: z.record(z.string(), z.unknown()),
  ...auditFields,
});

const supplierSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  toElsAccount: z.string(),
  supplierCode: z.string(),
  fullName: z.string(),
  shortName: text,
  socialCreditCode: text,
  supplierType: text,
  supplierStatus: z.string(),
  currency: z.string(),
  paymentClause: text,
  contacts: z.array(
    z.object({ name: z.string(), telphone: z.string().optional(), wxNo: z.string().optional() }),
  ),
  banks: z.array(
    z.object({
      bankCode: z.string().optional(),
      bankBranchName: z.string().optional(),
      bankAccount: z.string(),
    }),
  ),
  addresses: z.array(z.object({ country: z.string().optional(), address: z.string() })),
  /** Issue #16: frozen (orthogonal to the stage), admission status, certifications. */
  frozen: z.boolean(),
  accessStatus: z.string().nullable(),
  certifications: z.array(
    z.object({
      type: z.string(),
      org: z.string(),
      date: z.string(),
      effectiveDate: z.string().optional(),
      expiryDate: z.string(),
      mandatory: z.boolean().optional(),
      attachmentId: z.string().optional(),
    }),
  ),
  extendFields: z.record(z.string(), z.unknown()),
  ...auditFields,
});

const priceSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  toElsAccount: z.string(),
  materialId: z.string(),
  materialNumber: z.string(),
  materialName: text,
  supplierName: text,
  priceExcludingTax: z.string(),
  taxRate: z.string(),
  priceIncludingTax: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  priceBase: z.string(),
  validStartDate: z.string(),
  priceExpiryDate: z.string(),
  quota: z.string(),
  /** The award that wrote it (issue #33): 'enquiry' an RFQ, 'ebidding' an e-auction; null entered or imported. */
  sourceType: z.enum(['enquiry', 'ebidding']).nullable(),
  /** That document's number and line number. */
  sourceNumber: text,
  sourceItemNumber: text,
  /** A ladder quote's steps: from `quantity` up, `price` excl. tax per unit in `currency`; null one price. */
  ladderJson: z.array(z.object({ quantity: z.string(), price: z.string() })).nullable(),
  ...auditFields,
});

const page = <T extends z.ZodType>(record: T) =>
  envelopeSchema(
    z.object({
      records: z.array(record),
      total: z.number(),
      totalExact: z.boolean(),
      currentPage: z.number(),
      pageSize: z.number(),
    }),
  );

const importResult = envelopeSchema(z.object({ created: z.number(), updated: z.number() }));

/** Export: the .xlsx bytes on request, else (the default) the file base64-encoded in the envelope. */
const exportQuery = z.object({ format: z.enum(['json', 'xlsx']).default('json') });
const importQuery = z.object({ dryRun: z.enum(['Y', 'N']).default('N') });

/**
 * Sends an export: with `?format=xlsx` (or an Accept header naming the .xlsx type) the raw workbook
 * with content-disposition: attachment; otherwise the envelope { fileName, contentType, content
 * (base64) } so JSON clients and the generated suites get an envelope.
 */
function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  format: 'json' | 'xlsx',
  name: string,
  bytes: Buffer,
) {
  const stamp = nowDate().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const fileName = `${name}-${stamp}.xlsx`;
  const accept = String(request.headers.accept ?? '');
  if (format === 'xlsx' || accept.includes(XLSX_TYPE)) {
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-length', String(bytes.length))
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(bytes);
  }
  return reply.send(ok({ fileName, contentType: XLSX_TYPE, content: bytes.toString('base64') }));
}

/** Reads the `file` part of a multipart upload (an .xlsx workbook; the kernel's reader). Buyers only. */
async function uploadedWorkbook(request: FastifyRequest, maxMb: number): Promise<Buffer> {
  const auth = requireAuth(request.auth);
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
  return uploadedFile(request, maxMb);
}

/**
 * Master data calls (issue #5, seed 001 §3 and §5), buyer side (station purchase; a supplier gets
 * '403'): material categories, materials, the supplier master and the price master. Every call works on
 * the caller's company only; another company's id answers '404'. Money and quantities are exact decimal
 * strings. Saves take { id, version } to edit ('409' when the version is stale) and leave one
 * audit-trail row; bad input is '400' naming the field or the rule of seed 001 §5.
 */
export function registerMasterdataRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const maxMb = deps.config.UPLOAD_MAX_MB;

  // ------------------------------------------------------------ categories

  /**
   * POST /apis/masterdata/PurchaseMaterialCateService/tree — all categories of the company as a tree:
   * data [{ id, parentId, cateLevel (1–3), cateCode, cateName, sortOrder, version, createDate,
   * lastUpdateDate, children: [ … ] }], roots first, children by sortOrder then cateCode.
   */
  r.post(
    `${BASE}/PurchaseMaterialCateService/tree`,
    {
      config: { keyScope: 'materialCate.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'Material categories as a tree',
        body: z.object({}).optional(),
        response: { 200: envelopeSchema(z.array(level1Node)) },
      },
    },
    async (request) => ok(await categoryTree(deps.db, requireAuth(request.auth))),
  );

  /**
   * POST /apis/masterdata/PurchaseMaterialCateService/save — create (no id) or rename (id + version).
   * Body { id?, version?, parentId? (absent = level 1; fixed on an edit), cateCode (1–30 of
   * A–Z a–z 0–9 _ -, unique in the company), cateName (1–50, unique among siblings), sortOrder? }.
   * Level = parent level + 1; below level 3 is refused ("categories cannot be created below level 3",
   * seed 001 §5). A rename also renames the category on its materials. '404' unknown parent or id,
   * '409' stale version. data: the category.
   */
  r.post(
    `${BASE}/PurchaseMaterialCateService/save`,
    {
      config: { action: 'materialCate.save' },
      schema: {
        tags: ['masterdata'],
        summary: 'Create or rename a material category',
        body: categorySaveSchema,
        response: { 200: envelopeSchema(categorySchema) },
      },
    },
    async (request) => ok(await saveCategory(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/masterdata/PurchaseMaterialCateService/delete/{id} — deletes a category. '400' "delete
   * child nodes first" when it has sub-categories (seed 001 §5), '400' when materials use it.
   */
  r.post(
    `${BASE}/PurchaseMaterialCateService/delete/:id`,
    {
      config: { action: 'materialCate.delete' },
      schema: {
        tags: ['masterdata'],
        summary: 'Delete a material category',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removeCategory(deps.db, requireAuth(request.auth), request.params.id);
      return ok(null);
    },
  );

  // ------------------------------------------------------------ materials

  /**
   * POST /apis/masterdata/PurchaseMaterialService/findPageList — materials, newest first. Body
   * { currentPage, pageSize (10/20/30/40/50/100), keyword? (number prefix or name part), cateId? (any
   * level: its materials and its sub-categories'), isFreeze? (Y/N), ids? (only these material ids, 1–100:
   * the RFQ / auction edit pages name the materials on their lines, issue #13) }. data { records, total, totalExact, currentPage,
   * pageSize } (total exact up to 1,000, else an estimate: capped-total.ts); quantities in the base unit, tolerances in percent, shelf lives in days.
   */
  r.post(
    `${BASE}/PurchaseMaterialService/findPageList`,
    {
      config: { keyScope: 'material.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'Materials, newest first',
        body: materialPageSchema,
        response: { 200: page(materialSchema) },
      },
    },
    async (request) => ok(await listMaterials(deps.db, requireAuth(request.auth), request.body)),
  );

  /** GET /apis/masterdata/PurchaseMaterialService/findDetail/{id} — one material ('404' otherwise). */
  r.get(
    `${BASE}/PurchaseMaterialService/findDetail/:id`,
    {
      config: { keyScope: 'material.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'One material',
        params: idParams,
        response: { 200: envelopeSchema(materialSchema) },
      },
    },
    async (request) => ok(await getMaterial(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST /apis/masterdata/PurchaseMaterialService/save — create (no id) or edit (id + version). Body:
   * materialNumber (1–40 of A–Z a–z 0–9 . _ -, unique in the company), materialName (1–100),
   * materialDesc?, materialType? ('ROH'), brand?, cateId (a level-3 category for a new material: "new
   * materials must be under a level 3 class", seed 001 §5), baseUnit (required), orderUnit?,
   * purchaseUnit?, conversionNumerator/Denominator (decimal > 0, default '1'), grossWeight?, netWeight?
   * (≤ gross), weightUnit?, overTolerance/lackTolerance (percent 0–100, 2 decimals), minOrderQuantity /
   * minPackingQuantity (≥ 0, 3 decimals, base unit), minShelfLife/totalShelfLife (days, integers ≥ 0,
   * min ≤ total), isCheckQuality/isFreeze (Y/N), extendFields?. cateCode1..3/cateName1..3 are copied
   * from the category path. '404' unknown id or category, '409' stale version. data: the material.
   */
  r.post(
    `${BASE}/PurchaseMaterialService/save`,
    {
      config: { action: 'material.save' },
      schema: {
        tags: ['masterdata'],
        summary: 'Create or edit a material',
        body: materialSaveSchema,
        response: { 200: envelopeSchema(materialSchema) },
      },
    },
    async (request) => ok(await saveMaterial(deps.db, requireAuth(request.auth), request.body)),
  );

  /** POST /apis/masterdata/PurchaseMaterialService/delete/{id} — deletes a material; '400' while prices use it. */
  r.post(
    `${BASE}/PurchaseMaterialService/delete/:id`,
    {
      config: { action: 'material.delete' },
      schema: {
        tags: ['masterdata'],
        summary: 'Delete a material',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removeMaterial(deps.db, requireAuth(request.auth), request.params.id);
      return ok(null);
    },
  );

  /**
   * POST /apis/masterdata/PurchaseMaterialService/export[?format=xlsx] — every material matching the
   * findPageList filters (paging ignored, ≤ 50,000 rows) as an .xlsx with headers in the caller's
   * language, in the import layout (level-3 category by code; decimals as text). `format=xlsx` (or
   * Accept: the .xlsx type) answers the file itself with content-disposition; otherwise data
   * { fileName, contentType, content (base64) }.
   */
  r.post(
    `${BASE}/PurchaseMaterialService/export`,
    {
      config: { action: 'material.export' },
      schema: {
        tags: ['masterdata'],
        summary: 'Export materials to Excel',
        querystring: exportQuery,
        body: materialFilterSchema,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const bytes = await exportMaterials(deps.db, requireAuth(request.auth), request.body, request.locale);
      return sendWorkbook(request, reply, request.query.format, 'materials', bytes);
    },
  );

  /**
   * POST /apis/masterdata/PurchaseMaterialService/import[?dryRun=Y] — multipart/form-data, field `file`:
   * an .xlsx in the export layout (headers in either language; ≤ 5,000 rows). Rows are matched by
   * materialNumber (new → created, known → updated). Every row is checked first; if any is bad nothing is
   * imported and the answer is '400' with data { errors: [{ row (1-based sheet row), field, message }] }.
   * Otherwise all rows are written in one transaction: data { created, updated } (dryRun=Y: counts only).
   */
  r.post(
    `${BASE}/PurchaseMaterialService/import`,
    {
      config: { action: 'material.import' },
      schema: {
        tags: ['masterdata'],
        summary: 'Import materials from Excel',
        querystring: importQuery,
        response: { 200: importResult },
      },
    },
    async (request) => {
      const bytes = await uploadedWorkbook(request, maxMb);
      return ok(
        await importMaterials(
          deps.db,
          requireAuth(request.auth),
          bytes,
          request.locale,
          request.query.dryRun === 'Y',
        ),
      );
    },
  );

  // ------------------------------------------------------------ suppliers

  /**
   * POST /apis/masterdata/PurchaseSupplierService/findPageList — the buyer's supplier records, newest
   * first. Body { currentPage, pageSize, keyword? (code, account, full or short name), supplierStatus?,
   * toElsAccounts? (only these ELS accounts, ≤ 200: the data-permission dialog, issue #19) }. data
   * { records, total, totalExact, currentPage, pageSize } (total exact up to 1,000: capped-total.ts).
   */
  r.post(
    `${BASE}/PurchaseSupplierService/findPageList`,
    {
      config: { keyScope: 'supplier.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'Supplier master records',
        body: supplierPageSchema,
        response: { 200: page(supplierSchema) },
      },
    },
    async (request) => ok(await listSuppliers(deps.db, requireAuth(request.auth), request.body)),
  );

  /** GET /apis/masterdata/PurchaseSupplierService/findDetail/{id} — one supplier record ('404' otherwise). */
  r.get(
    `${BASE}/PurchaseSupplierService/findDetail/:id`,
    {
      config: { keyScope: 'supplier.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'One supplier record',
        params: idParams,
        response: { 200: envelopeSchema(supplierSchema) },
      },
    },
    async (request) => ok(await getSupplier(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST /apis/masterdata/PurchaseSupplierService/save — create (no id) or edit (id + version). Body:
   * toElsAccount (a company linked to the buyer, else '400' "… is not one of your suppliers"; one
   * record per supplier; fixed on an edit), supplierCode (1–30, unique in the company), fullName (3–40:
   * "name length 3 to 40", seed 001 §5), shortName?, socialCreditCode? (18 of 0–9 A–Z), supplierType?,
   * supplierStatus (the initial stage of a new record: stranger | potential | qualified | unqualified | good |
   * excellent | cooperating | eliminated | blacklist; on an edit it must stay the current stage, else '400'
   * "the supplier status changes only through a status change request" — issue #16), currency
   * (3 capitals), paymentClause?, contacts [{ name, telphone? (mobile 1xxxxxxxxxx or fixed line
   * 0xx(x)-xxxxxxx(x)), wxNo? }], banks [{ bankCode?, bankBranchName?, bankAccount (8–30 digits) }],
   * addresses [{ country?, address }], extendFields?. '409' stale version. data: the record.
   */
  r.post(
    `${BASE}/PurchaseSupplierService/save`,
    {
      config: { action: 'supplier.save' },
      schema: {
        tags: ['masterdata'],
        summary: 'Create or edit a supplier record',
        body: supplierSaveSchema,
        response: { 200: envelopeSchema(supplierSchema) },
      },
    },
    async (request) => ok(await saveSupplier(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/masterdata/PurchaseSupplierService/export[?format=xlsx] — matching supplier records as
   * an .xlsx (first contact, bank and address in columns; status label in the caller's language).
   * Answer as for the material export.
   */
  r.post(
    `${BASE}/PurchaseSupplierService/export`,
    {
      config: { action: 'supplier.export' },
      schema: {
        tags: ['masterdata'],
        summary: 'Export supplier records to Excel',
        querystring: exportQuery,
        body: supplierFilterSchema,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const bytes = await exportSuppliers(deps.db, requireAuth(request.auth), request.body, request.locale);
      return sendWorkbook(request, reply, request.query.format, 'suppliers', bytes);
    },
  );

  /**
   * POST /apis/masterdata/PurchaseSupplierService/import[?dryRun=Y] — multipart, field `file`, export
   * layout; matched by supplier account. Status as value or label. Contact/bank/address columns replace
   * the first entry of each list. All-or-nothing as for materials: '400' data { errors } or
   * data { created, updated }.
   */
  r.post(
    `${BASE}/PurchaseSupplierService/import`,
    {
      config: { action: 'supplier.import' },
      schema: {
        tags: ['masterdata'],
        summary: 'Import supplier records from Excel',
        querystring: importQuery,
        response: { 200: importResult },
      },
    },
    async (request) => {
      const bytes = await uploadedWorkbook(request, maxMb);
      return ok(
        await importSuppliers(
          deps.db,
          requireAuth(request.auth),
          bytes,
          request.locale,
          request.query.dryRun === 'Y',
        ),
      );
    },
  );

  /**
   * POST /apis/masterdata/PurchaseSupplierService/statusDict — the supplierStatus dictionary:
   * data [{ value, label (caller's language), labelI18n: { zh_cn, en } }].
   */
  r.post(
    `${BASE}/PurchaseSupplierService/statusDict`,
    {
      config: { keyScope: 'supplier.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'Supplier status dictionary',
        body: z.object({}).optional(),
        response: {
          200: envelopeSchema(
            z.array(
              z.object({
                value: z.enum(SUPPLIER_STATUS_VALUES),
                label: z.string(),
                labelI18n: z.object({ zh_cn: z.string(), en: z.string() }),
              }),
            ),
          ),
        },
      },
    },
    async (request) =>
      ok(
        SUPPLIER_STATUS_VALUES.map((value) => ({
          value,
          label: SUPPLIER_STATUSES[value][request.locale],
          labelI18n: { ...SUPPLIER_STATUSES[value] },
        })),
      ),
  );

  // ------------------------------------------------------------ prices

  /**
   * POST /apis/masterdata/PurchasePriceService/findPageList — prices, newest first, with materialName
   * and supplierName. Body { currentPage, pageSize, materialId?, keyword? (material number prefix or
   * name part), toElsAccount?, validAt? (ISO-8601: validStartDate ≤ validAt < priceExpiryDate) }. data
   * { records, total, totalExact, currentPage, pageSize } (total exact up to 1,000: capped-total.ts).
   */
  r.post(
    `${BASE}/PurchasePriceService/findPageList`,
    {
      config: { keyScope: 'price.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'Price master records',
        body: pricePageSchema,
        response: { 200: page(priceSchema) },
      },
    },
    async (request) => ok(await listPrices(deps.db, requireAuth(request.auth), request.body)),
  );

  /** GET /apis/masterdata/PurchasePriceService/findDetail/{id} — one price record ('404' otherwise). */
  r.get(
    `${BASE}/PurchasePriceService/findDetail/:id`,
    {
      config: { keyScope: 'price.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'One price record',
        params: idParams,
        response: { 200: envelopeSchema(priceSchema) },
      },
    },
    async (request) => ok(await getPrice(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST /apis/masterdata/PurchasePriceService/save — create (no id) or edit (id + version). Body:
   * toElsAccount (linked supplier), materialId (a material of the company), priceExcludingTax (> 0,
   * ≤ 6 decimals, in `currency` per `priceBase` units), taxRate (percent 0–100, 2 decimals),
   * priceIncludingTax? (computed exactly as excl × (1 + taxRate/100) rounded half up to 6 decimals; when
   * given it must match), currency (3 capitals), exchangeRate (format 10.6: ≤ 4 integer digits, ≤ 6
   * decimals, > 0), priceBase (> 0), validStartDate < priceExpiryDate (ISO-8601; "price start time
   * before price end time"), priceExpiryDate later than now, quota (percent 0–100). '409' stale version.
   */
  r.post(
    `${BASE}/PurchasePriceService/save`,
    {
      config: { action: 'price.save' },
      schema: {
        tags: ['masterdata'],
        summary: 'Create or edit a price',
        body: priceSaveSchema,
        response: { 200: envelopeSchema(priceSchema) },
      },
    },
    async (request) => ok(await savePrice(deps.db, requireAuth(request.auth), request.body)),
  );

  /** POST /apis/masterdata/PurchasePriceService/delete/{id} — deletes a price record. */
  r.post(
    `${BASE}/PurchasePriceService/delete/:id`,
    {
      config: { action: 'price.delete' },
      schema: {
        tags: ['masterdata'],
        summary: 'Delete a price',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await removePrice(deps.db, requireAuth(request.auth), request.params.id);
      return ok(null);
    },
  );

  /**
   * POST /apis/masterdata/PurchasePriceService/findEffectivePrice — the price of a material from a
   * supplier valid at `at`: body { toElsAccount, materialId, at? (ISO-8601, default now) }; data the
   * price record (latest validStartDate among the valid ones) or null. Orders default line prices from it.
   */
  r.post(
    `${BASE}/PurchasePriceService/findEffectivePrice`,
    {
      config: { keyScope: 'price.read' },
      schema: {
        tags: ['masterdata'],
        summary: 'The price valid at an instant',
        body: effectivePriceSchema,
        response: { 200: envelopeSchema(priceSchema.nullable()) },
      },
    },
    async (request) => ok(await effectivePrice(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/masterdata/PurchasePriceService/export[?format=xlsx] — matching prices as an .xlsx
   * (dates as ISO-8601 text, decimals as text). Answer as for the material export.
   */
  r.post(
    `${BASE}/PurchasePriceService/export`,
    {
      config: { action: 'price.export' },
      schema: {
        tags: ['masterdata'],
        summary: 'Export prices to Excel',
        querystring: exportQuery,
        body: priceFilterSchema,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const bytes = await exportPrices(deps.db, requireAuth(request.auth), request.body, request.locale);
      return sendWorkbook(request, reply, request.query.format, 'prices', bytes);
    },
  );

  /**
   * POST /apis/masterdata/PurchasePriceService/import[?dryRun=Y] — multipart, field `file`, export
   * layout; matched by supplier + material number + validStartDate (known → updated). Every rule of
   * the save applies per row. All-or-nothing: '400' data { errors } or data { created, updated }.
   */
  r.post(
    `${BASE}/PurchasePriceService/import`,
    {
      config: { action: 'price.import' },
      schema: {
        tags: ['masterdata'],
        summary: 'Import prices from Excel',
        querystring: importQuery,
        response: { 200: importResult },
      },
    },
    async (request) => {
      const bytes = await uploadedWorkbook(request, maxMb);
      return ok(
        await importPrices(
          deps.db,
          requireAuth(request.auth),
          bytes,
          request.locale,
          request.query.dryRun === 'Y',
        ),
      );
    },
  );
}
