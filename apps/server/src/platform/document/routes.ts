import { approvalTaskFields } from '@srm/contracts/approval-task';
import type { Locale } from '@srm/contracts/constants';
import { type KindActionCode, kindAction, kindActionsOf } from '@srm/contracts/document/actions';
import {
  actionBodySchema,
  bulkBodySchema,
  codeLabel,
  collectionsOf,
  customFieldKeys,
  type DocumentDefinition,
  type FieldDef,
  filterSchema,
  kindSides,
  type Side,
  saveSchema,
  servicePath,
  statusFieldsOf,
} from '@srm/contracts/document/define';
import { type BodyCode, envelopeSchema } from '@srm/contracts/envelope';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { registerAuditHandler } from '../approval.ts';
import { companyTimeZone } from '../clock.ts';
import { AppError } from '../errors.ts';
import { type Column, writeWorkbook, XLSX_TYPE } from '../excel.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../http.ts';
import { registerJobHandler } from '../jobs.ts';
import { afterActionJob, registerActionApproval } from './action-approval.ts';
import { registerDocumentAttachments } from './attachments.ts';
import { exportSheets } from './collection-sheets.ts';
import { registerImportRoutes } from './import.ts';
import { type ActionBody, type DocRow, type DocumentKind, serverActor } from './kind.ts';
import { printValue, renderDocumentPdf } from './print.ts';

/** Most rows one export writes (all pages of the filtered list, read by keyset). */
export const EXPORT_MAX_ROWS = 10_000;

const idParams = z.object({ id: z.uuid() });
const versionBody = z.object({ version: z.number().int().min(0) });

/** The answer schema of one value of a field (what fast-json-stringify writes). */
const outSchema = (field: FieldDef) =>
  field.type === 'integer' ? z.number().nullable() : z.string().nullable();

/**
 * The function permission a kind's hand-written route declares (issue #19), the same code the registrar
 * gives its own routes: `config: { action: ownRouteAction(def, 'confirm') }` → `{kind}.confirm`, checked
 * by app.ts's onRoute hook ('403' before the body is read unless the caller is a company admin or holds a
 * role granting it). `name` is a kernel operation (`read` for details, prints and lookups, `save`,
 * `export` …) or an action of the kind's transition table. Throws at registration, not per call, when the
 * kind's catalogue (`kindActionsOf`) has no such code, so a misspelt or removed action stops the server
 * from starting instead of refusing every caller.
 */
export function ownRouteAction(def: DocumentDefinition, name: string): KindActionCode {
  const code = kindAction(def, name);
  if (!kindActionsOf(def).some((entry) => entry.code === code))
    throw new Error(`${code} is not an action of kind ${def.kind} (kindActionsOf)`);
  return code;
}

/** The record schemas made so far, by kind (a module's constant): one per process, as saveSchema's (issue #35). */
const recordSchemas = new WeakMap<DocumentKind, ReturnType<typeof buildRecordSchema>>();

/**
 * The record (header) answer of a kind: standard fields, every stored field, custom fields; the same schema object
 * for the same kind, so a server built again in one process reuses its compiled serializer.
 */
export function recordSchemaOf(kind: DocumentKind): ReturnType<typeof buildRecordSchema> {
  const known = recordSchemas.get(kind);
  if (known) return known;
  const schema = buildRecordSchema(kind);
  recordSchemas.set(kind, schema);
  return schema;
}

function buildRecordSchema(kind: DocumentKind) {
  const { def, header } = kind;
  const fields = { ...def.header, ...statusFieldsOf(def) };
  return z.object({
    id: z.string(),
    elsAccount: z.string(),
    toElsAccount: z.string(),
    createUser: z.string(),
    createDate: z.string(),
    lastUpdateDate: z.string(),
    version: z.number(),
    ...Object.fromEntries(
      Object.entries(fields)
        .filter(([name]) => header[name])
        .map(([name, f]) => [name, outSchema(f)]),
    ),
    ...Object.fromEntries(customFieldKeys(def).map((k) => [k, z.string().optional()])),
  });
}

/** A line as answered: id, line number, every line field of the definition, custom fields. */
function lineSchemaOf(kind: DocumentKind) {
  const { def } = kind;
  return z.object({
    id: z.string(),
    lineNumber: z.number(),
    ...Object.fromEntries(
      Object.entries(def.lines.fields).map(([name, f]) => [name, outSchema(f).optional()]),
    ),
    ...Object.fromEntries(customFieldKeys(def).map((k) => [k, z.string().optional()])),
  });
}

/**
 * The detail's child collections a side reads (issue #34): name → rows with id, lineNumber and the
 * collection's fields; undefined for a kind without collections (its detail answers none).
 */
function collectionsSchemaOf(kind: DocumentKind, side: Side) {
  const named = collectionsOf(kind.def, side);
  if (!kind.def.collections) return undefined;
  return z.object(
    Object.fromEntries(
      named.map(([name, c]) => [
        name,
        z.array(
          z.object({
            id: z.string(),
            lineNumber: z.number(),
            ...Object.fromEntries(
              Object.entries(c.fields).map(([f, field]) => [f, outSchema(field).optional()]),
            ),
            // The row's custom fields, flat as a line's (issue #34).
            ...Object.fromEntries(customFieldKeys(kind.def).map((k) => [k, z.string().optional()])),
          }),
        ),
      ]),
    ),
  );
}

/** Excel columns of a kind's list: its list fields, statuses and codes written as labels. */
function exportColumns(kind: DocumentKind): Array<Column & { field: FieldDef }> {
  const fields = { ...kind.def.header, ...statusFieldsOf(kind.def) };
  return Object.entries(fields)
    .filter(([name, f]) => f.list && kind.header[name])
    .map(([name, f]) => ({
      key: name,
      zh_cn: f.label.zh_cn,
      en: f.label.en,
      // Date-times as the reader's company's wall clock (issue #35); date-only values stay 'YYYY-MM-DD' text.
      kind:
        f.type === 'decimal'
          ? ('decimal' as const)
          : f.type === 'datetime'
            ? ('date' as const)
            : ('text' as const),
      width: f.type === 'text' ? 20 : f.type === 'datetime' ? 20 : 14,
      field: f,
    }));
}

/**
 * The custom-field columns of an export, in fbk order: each one the buyer named (under its label), and
 * any other with a value in the exported rows (titled with its key), so no value is left out.
 */
function customFieldColumns(
  labels: ReadonlyArray<{ fieldKey: string; zh_cn: string; en: string }>,
  rows: readonly DocRow[],
): Column[] {
  const shown = new Set<string>(labels.map((l) => l.fieldKey));
  for (const row of rows)
    for (const [key, value] of Object.entries(row.customFields ?? {})) if (value) shown.add(key);
  const order = (key: string) => Number(key.slice(3));
  return [...shown]
    .filter((key) => /^fbk\d+$/.test(key))
    .sort((a, b) => order(a) - order(b))
    .map((key) => {
      const label = labels.find((l) => l.fieldKey === key);
      return {
        key,
        zh_cn: label ? label.zh_cn || label.en : key,
        en: label ? label.en || label.zh_cn : key,
        kind: 'text' as const,
        width: 16,
      };
    });
}

/**
 * Registers a kind's calls on both sides (DESIGN §3, §11, issue #12), under
 * `/apis/{module}/{Purchase|Sale}{Service}Service/…`:
 * - `findPageList` (both sides) — body filterSchema(def): { currentPage, pageSize, cursor?, filters };
 *   data { records, total, totalExact, nextCursor, currentPage, pageSize } (list-query.ts);
 * - `findDetail/{id}` (both) — { record, lines, trail, tasks, actions } ('404' for another company's or
 *   an invisible document);
 * - `export` (both) — the filtered list as .xlsx, labels in the caller's language (then a sheet per child
 *   collection the side reads: reference = the document's number, line, its fields; issue #34);
 * - `print/{id}` (both) — the document as a PDF (definition's print layout, then the kind's printSections);
 * - `save`, `copy/{id}`, `delete/{id}` (creator sides) and `submit/{id}`, `withdraw/{id}` (with approval);
 * - one `{action}/{id}` per action and side of the transition table, body actionBodySchema; and
 *   `{action}` with { items: [{ id, version }] } for bulk actions (a result per document; when every one
 *   is refused, the refusals' shared code — else '400' — `bulkAllRefused`, the results in `data`).
 * Each route declares its function permission `{kind}.{operation or action}` (document/actions.ts in
 * the contracts: read, export, save, delete, import, attach, submit, or the action's name).
 * Errors: '400' bad input or a status that does not allow the action (naming it), '403' the other
 * side's station (app.ts, before the body is read: `routeStation`) or an action the caller's roles do not grant, '404' not the caller's, '409' stale version.
 */
export function registerDocumentRoutes(app: App, deps: AppDeps, kind: DocumentKind): void {
  const r = zod(app);
  const { def } = kind;
  const env = deps.config.ENV_NAME;
  const kick = () => void deps.outbox.kick();
  const tags = [def.kind];
  const record = recordSchemaOf(kind);
  const recordAnswer = { 200: envelopeSchema(record) };
  const filter = filterSchema(def);
  const title = def.title.en;
  const translate = (locale: Locale) => (error: AppError) => error.messageIn(locale);
  const own = new Set(kind.options.ownRoutes ?? []);
  const generated = (name: string) => !own.has(name);
  // Each generated route's function permission (issue #19): `{kind}.{operation or action}`.
  const can = (name: string) => kindAction(def, name);

  if (def.approval) registerApprovalHandler(env, kind);
  // A generated action under an approval flow of its own (a statement's posting, task type "reconPost"):
  // the last approval applies it with the body it was asked with, as the requester.
  // An action applied at the end of its approval runs the kind's after-commit step from a job.
  const afterAction = kind.options.afterAction;
  if (afterAction && Object.values(def.actions).some((a) => a.approval))
    // The runner's database, broker and configuration (JobContext): the handler is registered once per process.
    registerJobHandler(afterActionJob(def.kind), async (tx, job, { afterCommit, db, broker, config }) => {
      const [row] = (await tx
        .select()
        .from(kind.header)
        .where(eq(kind.header.id, String(job.payload.id)))) as DocRow[];
      if (!row) return;
      afterCommit(() =>
        afterAction(
          { db, broker: broker ?? deps.broker, env, config: config ?? deps.config },
          String(job.payload.action),
          row,
        ),
      );
    });
  for (const [name, action] of Object.entries(def.actions))
    if (action.approval && generated(name))
      registerActionApproval<ActionBody, DocRow>(env, kind, {
        action: name,
        run: (tx, actor, row, body) => kind.applyAction(tx, env, actor, 'purchase', name, row, body),
        amount: (row) => kind.options.approvalAmount?.(row) ?? '0',
      });

  // Both sides, or only the kind's (a buyer-internal kind has no Sale…Service calls).
  for (const side of kindSides(def)) {
    const base = servicePath(def, side);
    const who = side === 'purchase' ? 'buyer' : 'supplier';
    registerDocumentAttachments(app, deps, kind, side);

    r.post(
      `${base}/findPageList`,
      {
        config: { action: can('read') },
        schema: {
          tags,
          summary: `${title}s (${who} side): a page, newest first`,
          description:
            'Body: { currentPage, pageSize (10–100), cursor? (nextCursor of the previous page), filters of the kind }. ' +
            'A number filter matches the start of the number. total is exact up to 1,000 (totalExact).',
          body: filter,
          response: {
            200: envelopeSchema(
              z.object({
                records: z.array(record),
                total: z.number(),
                totalExact: z.boolean(),
                nextCursor: z.string().nullable(),
                currentPage: z.number(),
                pageSize: z.number(),
              }),
            ),
          },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request.auth);
        const body = request.body as Record<string, unknown> & {
          currentPage: number;
          pageSize: number;
          cursor?: string;
        };
        const page = await kind.list.json(
          deps.db,
          auth.elsAccount,
          side,
          { currentPage: body.currentPage, pageSize: body.pageSize, cursor: body.cursor },
          kind.listFilter(body, auth, side),
        );
        const data = `{"records":${page.records},"total":${page.total},"totalExact":${page.totalExact},"nextCursor":${JSON.stringify(page.nextCursor)},"currentPage":${body.currentPage},"pageSize":${body.pageSize}}`;
        return reply
          .type('application/json; charset=utf-8')
          .send(`{"code":"200","message":"success","data":${data}}` as never);
      },
    );

    const collections = collectionsSchemaOf(kind, side);
    if (generated('findDetail'))
      r.get(
        `${base}/findDetail/:id`,
        {
          config: { action: can('read') },
          schema: {
            tags,
            summary: `One ${title} (${who} side) with lines, audit trail, approval tasks and the caller's actions`,
            params: idParams,
            response: {
              200: envelopeSchema(
                z.object({
                  record,
                  /** The creator's sub-account name; null when createUser names none (show the code). */
                  createUserName: z.string().nullable(),
                  lines: z.array(lineSchemaOf(kind)),
                  ...(collections ? { collections } : {}),
                  trail: z.array(
                    z.object({
                      action: z.string(),
                      fromStatus: z.string().nullable(),
                      toStatus: z.string().nullable(),
                      remark: z.string().nullable(),
                      createUser: z.string(),
                      /** The acting user's name; null when the actor is no sub-account (show createUser). */
                      createUserName: z.string().nullable(),
                      createDate: z.string(),
                    }),
                  ),
                  tasks: z.array(
                    z.object({
                      id: z.string(),
                      /** The approval flow: the edit approval's kind, or an action's (enquiryEnd …). */
                      documentKind: z.string(),
                      /** Issue #33: the step's name in both languages; who may approve it while it waits. */
                      ...approvalTaskFields,
                      status: z.string(),
                      handledBy: z.string().nullable(),
                      /** The handler's sub-account name (null: none, show handledBy). */
                      handledByName: z.string().nullable(),
                      /** Delegation (issue #19): whom the handler acted for; null: themselves. */
                      handledOnBehalfOf: z.string().nullable(),
                      handledOnBehalfOfName: z.string().nullable(),
                      remark: z.string().nullable(),
                    }),
                  ),
                  actions: z.array(z.string()),
                }),
              ),
            },
          },
        },
        async (request) => {
          const { answer } = await kind.detail(deps.db, requireAuth(request.auth), side, request.params.id);
          return ok(answer as never);
        },
      );

    r.post(
      `${base}/export`,
      {
        config: { action: can('export') },
        schema: {
          tags,
          summary: `Export the filtered ${title} list (${who} side) as .xlsx`,
          body: filter,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request.auth);
        const body = request.body as Record<string, unknown>;
        const columns = exportColumns(kind);
        const rows: DocRow[] = [];
        let cursor: string | undefined;
        do {
          const page = await kind.list.rows(
            deps.db,
            auth.elsAccount,
            side,
            { currentPage: 1, pageSize: 100, cursor },
            kind.listFilter(body, auth, side),
          );
          rows.push(...(page.rows as unknown as DocRow[]));
          cursor = page.nextCursor ?? undefined;
        } while (cursor && rows.length < EXPORT_MAX_ROWS);
        const exported = rows.slice(0, EXPORT_MAX_ROWS);
        const custom = await customFieldColumns(
          side === 'purchase' && kind.options.customFieldLabels
            ? await kind.options.customFieldLabels(deps.db, auth.elsAccount)
            : [],
          exported,
        );
        const values = exported.map((row) => ({
          ...Object.fromEntries(
            columns.map((c) => {
              const value = row[c.key];
              const text = value instanceof Date ? value.toISOString() : (value ?? null);
              return [c.key, c.field.codes ? codeLabel(c.field.codes, text as string, request.locale) : text];
            }),
          ),
          ...Object.fromEntries(custom.map((c) => [c.key, row.customFields?.[c.key] ?? null])),
        }));
        const bytes = await writeWorkbook(
          def.title[request.locale],
          [...columns, ...custom],
          values,
          request.locale,
          {
            timeZone: await companyTimeZone(deps.db, auth.elsAccount),
            // A sheet per child collection the side reads (issue #34), keyed by the document's number.
            sheets: await exportSheets(deps.db, kind, side, exported, request.locale),
          },
        );
        return reply
          .header('content-type', XLSX_TYPE)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${def.kind}.xlsx"`)
          .send(bytes);
      },
    );

    if (generated('print'))
      r.get(
        `${base}/print/:id`,
        {
          config: { action: can('read') },
          schema: {
            tags,
            summary: `Print a ${title} (${who} side) as PDF`,
            params: idParams,
            response: { 200: z.any() },
          },
        },
        async (request, reply) => {
          const auth = requireAuth(request.auth);
          const { row, answer } = await kind.detail(deps.db, auth, side, request.params.id);
          const sections = kind.options.printSections
            ? await kind.options.printSections(deps.db, auth, side, row, request.locale)
            : [];
          const pdf = await renderDocumentPdf(
            def,
            answer.record,
            answer.lines,
            request.locale,
            sections,
            await companyTimeZone(deps.db, auth.elsAccount),
            answer.collections,
          );
          return reply
            .header('content-type', 'application/pdf')
            .header(
              'content-disposition',
              `attachment; filename="${answer.record[def.numberField as keyof typeof answer.record]}.pdf"`,
            )
            .send(pdf);
        },
      );

    /**
     * GET …/exportLines/{id} — one document's lines as an xlsx workbook (issue #15 "printable statement
     * (PDF) and Excel"): the print layout's line fields, labelled in the caller's language, codes as their
     * labels, figures as the API answers them (money to the cent, the same strings as screen and PDF).
     * '404' for a document the caller may not see.
     */
    if (generated('exportLines'))
      r.get(
        `${base}/exportLines/:id`,
        {
          config: { action: can('export') },
          schema: {
            tags,
            summary: `Export the lines of a ${title} (${who} side) as Excel`,
            params: idParams,
            response: { 200: z.any() },
          },
        },
        async (request, reply) => {
          const auth = requireAuth(request.auth);
          const { answer } = await kind.detail(deps.db, auth, side, request.params.id);
          const timeZone = await companyTimeZone(deps.db, auth.elsAccount);
          const names = def.print.lines;
          const columns: Column[] = [
            { key: 'lineNumber', zh_cn: '行号', en: 'Line', kind: 'int', width: 8 },
            ...names.map((name) => {
              const f = def.lines.fields[name];
              return {
                key: name,
                zh_cn: f?.label.zh_cn ?? name,
                en: f?.label.en ?? name,
                width: f?.type === 'text' ? 28 : 14,
              } satisfies Column;
            }),
          ];
          const rows = answer.lines.map((line) => ({
            lineNumber: Number(line[(kind.options.lineNumber ?? 'lineNumber') as keyof typeof line] ?? 0),
            ...Object.fromEntries(
              names.map((name) => [
                name,
                printValue(def.lines.fields[name], line[name as keyof typeof line], request.locale, timeZone),
              ]),
            ),
          }));
          const number = String(answer.record[def.numberField as keyof typeof answer.record] ?? def.kind);
          const bytes = await writeWorkbook(number, columns, rows, request.locale);
          return reply
            .header('content-type', XLSX_TYPE)
            .header('cache-control', 'private, no-store')
            .header('content-disposition', `attachment; filename="${number}-lines.xlsx"`)
            .send(bytes);
        },
      );

    if (def.editable[side] && kind.options.save && generated('save')) {
      r.post(
        `${base}/save`,
        {
          config: { action: can('save') },
          schema: {
            tags,
            summary: `Create (no id) or edit (id + version) a ${title} (${who} side)`,
            body: saveSchema(def, side),
            response: recordAnswer,
          },
        },
        async (request) => {
          const row = await kind.save(deps.db, requireAuth(request.auth), side, request.body as never);
          return ok(kind.toRecord(row) as never);
        },
      );
      if (generated('copy'))
        r.post(
          `${base}/copy/:id`,
          {
            config: { action: can('save') },
            schema: {
              tags,
              summary: `Copy a ${title} into a new draft (${who} side)`,
              params: idParams,
              response: recordAnswer,
            },
          },
          async (request) => {
            const auth = requireAuth(request.auth);
            const source = await kind.find(deps.db, auth, side, request.params.id);
            const lines = await kind.findLines(deps.db, source.id);
            const collections = await kind.findCollections(deps.db, source, side);
            const body = kind.copyBody(source, lines, collections);
            const row = await kind.save(deps.db, auth, side, body as never);
            return ok(kind.toRecord(row) as never);
          },
        );
    }
    if (def.editable[side] && generated('delete')) {
      r.post(
        `${base}/delete/:id`,
        {
          config: { action: can('delete') },
          schema: {
            tags,
            summary: `Delete a ${title} that can still be edited (${who} side)`,
            params: idParams,
            body: versionBody,
            response: { 200: envelopeSchema(z.null()) },
          },
        },
        async (request) => {
          await kind.remove(
            deps.db,
            requireAuth(request.auth),
            side,
            request.params.id,
            request.body.version,
          );
          return ok(null);
        },
      );
    }
    if (def.editable[side] && def.approval) registerApprovalRoutes(r, deps, kind, side, recordAnswer);
    // Import creates documents through the kind's save (a kind saving through its own route has none).
    if (def.editable[side] && kind.options.save && generated('import'))
      registerImportRoutes(app, deps, kind, side);

    for (const [name, action] of Object.entries(def.actions)) {
      if (!action.sides[side] || !generated(name)) continue;
      r.post(
        `${base}/${name}/:id`,
        {
          config: { action: can(name) },
          schema: {
            tags,
            summary: `${action.label.en} a ${title} (${who} side)`,
            params: idParams,
            body: actionBodySchema(action),
            response: recordAnswer,
          },
        },
        async (request) => {
          const row = await kind.runAction(
            deps.db,
            env,
            requireAuth(request.auth),
            side,
            name,
            request.params.id,
            request.body as never,
          );
          kick();
          await kind.options
            .afterAction?.({ db: deps.db, broker: deps.broker, env, config: deps.config }, name, row)
            .catch((error) => request.log.warn({ err: error, action: name }, 'after-action step failed'));
          return ok(kind.toRecord(row) as never);
        },
      );
      if (action.bulk)
        r.post(
          `${base}/${name}`,
          {
            config: { action: can(name) },
            schema: {
              tags,
              summary: `${action.label.en} several ${title}s at once (${who} side): one result per document, in order`,
              body: bulkBodySchema(action),
              response: {
                200: envelopeSchema(
                  z.object({
                    results: z.array(z.object({ code: z.string(), message: z.string() })),
                  }),
                ),
              },
            },
          },
          async (request) => {
            const results = await kind.runBulk(
              deps.db,
              env,
              requireAuth(request.auth),
              side,
              name,
              request.body.items,
              request.body.remark,
              translate(request.locale),
            );
            kick();
            // Every item refused (issue #32): not a success. The refusals' code when they all share it
            // (e.g. '403', '404', '409'), else '400', with the per-item results in `data`; partial success
            // stays '200'.
            if (results.length > 0 && results.every((res) => res.code !== '200')) {
              const shared = results.every((res) => res.code === results[0].code);
              throw new AppError(
                shared ? (results[0].code as BodyCode) : '400',
                'bulkAllRefused',
                { count: results.length, first: results[0].message },
                { results },
              );
            }
            return ok({ results });
          },
        );
    }
  }
}

/** submit/{id} and withdraw/{id} of a kind with approval (CommonAuditService steps of `def.approval.kind`). */
function registerApprovalRoutes(
  r: ReturnType<typeof zod>,
  deps: AppDeps,
  kind: DocumentKind,
  side: Side,
  recordAnswer: Record<number, z.ZodType>,
) {
  const { def } = kind;
  const base = servicePath(def, side);
  const env = deps.config.ENV_NAME;
  r.post(
    `${base}/submit/:id`,
    {
      config: { action: kindAction(def, 'submit') },
      schema: {
        tags: [def.kind],
        summary: `Submit a ${def.title.en} for approval (approved at once without approval steps)`,
        params: idParams,
        body: versionBody,
        response: recordAnswer,
      },
    },
    async (request) => {
      const row = await kind.submit(
        deps.db,
        env,
        requireAuth(request.auth),
        side,
        request.params.id,
        request.body.version,
      );
      void deps.outbox.kick();
      return ok(kind.toRecord(row) as never);
    },
  );
  r.post(
    `${base}/withdraw/:id`,
    {
      config: { action: kindAction(def, 'submit') },
      schema: {
        tags: [def.kind],
        summary: `Withdraw a ${def.title.en} from approval`,
        params: idParams,
        body: versionBody,
        response: recordAnswer,
      },
    },
    async (request) => {
      const row = await kind.withdraw(
        deps.db,
        requireAuth(request.auth),
        side,
        request.params.id,
        request.body.version,
      );
      return ok(kind.toRecord(row) as never);
    },
  );
}

/**
 * The default approval handler of a kind: the last approval sets auditStatus 2 (approved), a rejection 3,
 * with an audit-trail row and a message to the document's creator in their language.
 */
export function registerApprovalHandler(env: string, kind: DocumentKind) {
  const { def } = kind;
  const finish = async (
    tx: Parameters<Parameters<typeof registerAuditHandler>[1]['onApproved']>[0],
    elsAccount: string,
    documentId: string,
    user: string,
    approved: boolean,
    remark?: string,
  ) => {
    const [row] = (await tx
      .select()
      .from(kind.header)
      .where(and(eq(kind.header.id, documentId), eq(kind.header.elsAccount, elsAccount)))
      .for('update')) as DocRow[];
    if (row?.auditStatus !== '1') return;
    const [userAccount, ...rest] = user.split('_');
    const actor = serverActor(userAccount, rest.join('_'));
    const updated = await kind.transition(
      tx,
      actor,
      row,
      { auditStatus: approved ? '2' : '3' },
      approved ? 'approve' : 'reject',
      remark,
      'auditStatus',
    );
    if (approved) await kind.options.onApproved?.(tx, updated);
    await kind.tell(
      tx,
      env,
      actor,
      'sale',
      row,
      updated,
      {
        label: def.title,
        sides: {},
        notify: {
          to: 'creator',
          title: approved
            ? {
                zh_cn: `审批通过：${def.title.zh_cn} {number}`,
                en: `Approved: ${def.title.en.toLowerCase()} {number}`,
              }
            : {
                zh_cn: `审批拒绝：${def.title.zh_cn} {number}`,
                en: `Rejected: ${def.title.en.toLowerCase()} {number}`,
              },
        },
      },
      remark,
    );
  };
  registerAuditHandler(def.approval?.kind ?? def.kind, {
    onApproved: (tx, elsAccount, documentId, user) => finish(tx, elsAccount, documentId, user, true),
    onRejected: (tx, elsAccount, documentId, user, remark) =>
      finish(tx, elsAccount, documentId, user, false, remark),
    // Each next step's approvers get the submit's notice (issue #33).
    notice: async (tx, elsAccount, documentId) => {
      const [row] = (await tx
        .select()
        .from(kind.header)
        .where(and(eq(kind.header.id, documentId), eq(kind.header.elsAccount, elsAccount)))) as DocRow[];
      return row ? kind.approverNotice(row) : null;
    },
  });
}
