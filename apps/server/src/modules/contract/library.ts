// Over 400 lines: the three masters (types, clauses, templates) share one set of ownership, version and code checks; splitting is issue #36 follow-up.
import {
  type BuiltClause,
  type ClauseSave,
  type ClauseStanding,
  type ContractTemplate,
  type ContractType,
  type ContractTypeSave,
  clauseSaveSchema,
  contractTypeSaveSchema,
  followsTemplate,
  type LibraryClause,
  type TemplateSave,
  templateSaveSchema,
} from '@srm/contracts/contract-library';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { companyToday, nowDate } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { userKey } from '../../platform/document/kind.ts';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { contractClauseLibrary, contractTemplate, contractType } from './library-tables.ts';
import { trailLibrary } from './library-trail.ts';
import { contract, contractClauses } from './tables.ts';

/**
 * The buyer's contract administration (issue #36, second slice; contracts contract-library.ts): contract
 * types, the clause library in versions, templates. Every query is scoped by the caller's elsAccount (another
 * company's id: '404'); edits check the version read ('409' when stale, nothing written); refusals are '400'
 * naming the field (`AppError.at`). Buyer side only ('403' for a supplier).
 */

function assertBuyer(auth: AuthContext) {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
}

/** '400' with the message `key` about the body field at `segments`. */
const refuse = (key: ConstructorParameters<typeof AppError>[1], segments: (string | number)[], params = {}) =>
  badRequest(key, params).at(segments);

/** The row of `table` with this id in the caller's company, locked for update, or '404' (`key`). */
async function own<T extends typeof contractType | typeof contractClauseLibrary | typeof contractTemplate>(
  tx: Queryable,
  table: T,
  auth: AuthContext,
  id: string,
  key: 'contractTypeNotFound' | 'clauseNotFound' | 'contractTemplateNotFound',
  version?: number,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as typeof contractType)
    .where(and(eq(table.id, id), eq(table.elsAccount, auth.elsAccount)))
    .for('update');
  if (!row) throw notFound(key);
  if (version !== undefined && row.version !== version) throw conflict();
  return row as T['$inferSelect'];
}

const stamp = (auth: AuthContext) => ({ lastUpdateUser: userKey(auth), lastUpdateDate: nowDate() });
const created = (auth: AuthContext) => ({
  elsAccount: auth.elsAccount,
  createUser: userKey(auth),
  ...stamp(auth),
});

const toType = ({
  elsAccount: _e,
  createUser: _c,
  createDate: _d,
  lastUpdateUser: _u,
  lastUpdateDate: _l,
  ...r
}: typeof contractType.$inferSelect): ContractType => r;

/** The company's contract types by code (at most 500). */
export async function listContractTypes(db: Queryable, auth: AuthContext): Promise<ContractType[]> {
  assertBuyer(auth);
  const rows = await db
    .select()
    .from(contractType)
    .where(eq(contractType.elsAccount, auth.elsAccount))
    .orderBy(asc(contractType.code))
    .limit(500);
  return rows.map(toType);
}

/**
 * Creates (no id; the code unique in the company) or edits (id + version; the code is fixed) a contract type.
 * The default template must be one of the company's templates. '400' naming the field, '404', '409'.
 */
export async function saveContractType(
  db: Db,
  auth: AuthContext,
  input: ContractTypeSave,
): Promise<ContractType> {
  assertBuyer(auth);
  const body = contractTypeSaveSchema.parse(input);
  return db.transaction(async (tx) => {
    if (body.defaultTemplate) {
      const [t] = await tx
        .select({ id: contractTemplate.id })
        .from(contractTemplate)
        .where(
          and(
            eq(contractTemplate.elsAccount, auth.elsAccount),
            eq(contractTemplate.code, body.defaultTemplate),
          ),
        );
      if (!t) throw refuse('contractTemplateUnknown', ['defaultTemplate'], { code: body.defaultTemplate });
    }
    const { id, version, ...fields } = body;
    const values = {
      ...fields,
      defaultTemplate: fields.defaultTemplate ?? null,
      numberPrefix: fields.numberPrefix ?? null,
    };
    if (!id) {
      const [taken] = await tx
        .select({ id: contractType.id })
        .from(contractType)
        .where(and(eq(contractType.elsAccount, auth.elsAccount), eq(contractType.code, body.code)));
      if (taken) throw refuse('contractTypeCodeTaken', ['code'], { code: body.code });
      const [row] = await tx
        .insert(contractType)
        .values({ ...values, ...created(auth) })
        .returning();
      await trailLibrary(tx, auth, 'contractType', row, 'create', null);
      return toType(row as typeof contractType.$inferSelect);
    }
    const row = await own(tx, contractType, auth, id, 'contractTypeNotFound', version ?? -1);
    if (row.code !== body.code) throw refuse('libraryCodeFixed', ['code'], { code: row.code });
    const [saved] = await tx
      .update(contractType)
      .set({ ...values, ...stamp(auth), version: row.version + 1 })
      .where(eq(contractType.id, id))
      .returning();
    await trailLibrary(tx, auth, 'contractType', saved, 'update', row.status);
    return toType(saved as typeof contractType.$inferSelect);
  });
}

/** The enabled type `code` of the buyer, or '400' naming the contract's type field (the contract's save). */
export async function enabledContractType(db: Queryable, elsAccount: string, code: string) {
  const [row] = await db
    .select()
    .from(contractType)
    .where(and(eq(contractType.elsAccount, elsAccount), eq(contractType.code, code)));
  if (row?.status !== 'enabled') throw refuse('contractTypeUnknown', ['contractType'], { code });
  return row;
}

const toClause = (r: typeof contractClauseLibrary.$inferSelect): LibraryClause => ({
  id: r.id,
  code: r.code,
  clauseVersion: r.clauseVersion,
  title: r.title,
  body: r.body,
  category: r.category,
  status: r.status,
  locked: r.locked,
  version: r.version,
});

/** Every version of the company's clauses, by code and version (newest first), at most 1,000. */
export async function listClauses(db: Queryable, auth: AuthContext): Promise<LibraryClause[]> {
  assertBuyer(auth);
  const rows = await db
    .select()
    .from(contractClauseLibrary)
    .where(eq(contractClauseLibrary.elsAccount, auth.elsAccount))
    .orderBy(asc(contractClauseLibrary.code), desc(contractClauseLibrary.clauseVersion))
    .limit(1000);
  return rows.map(toClause);
}

/**
 * A new clause (no id: version 1 as a draft; '400' when the code exists — publish a new version of it
 * instead) or an edit of a draft version (id + version; the code is fixed; '400' when it is published or
 * retired: published text never changes).
 */
export async function saveClause(db: Db, auth: AuthContext, input: ClauseSave): Promise<LibraryClause> {
  assertBuyer(auth);
  const { id, version, ...fields } = clauseSaveSchema.parse(input);
  return db.transaction(async (tx) => {
    if (!id) {
      const [taken] = await tx
        .select({ id: contractClauseLibrary.id })
        .from(contractClauseLibrary)
        .where(
          and(
            eq(contractClauseLibrary.elsAccount, auth.elsAccount),
            eq(contractClauseLibrary.code, fields.code),
          ),
        )
        .limit(1);
      if (taken) throw refuse('clauseCodeTaken', ['code'], { code: fields.code });
      const [row] = await tx
        .insert(contractClauseLibrary)
        .values({ ...fields, clauseVersion: 1, ...created(auth) })
        .returning();
      await trailLibrary(tx, auth, 'contractClause', row, 'create', null);
      return toClause(row as typeof contractClauseLibrary.$inferSelect);
    }
    const row = await own(tx, contractClauseLibrary, auth, id, 'clauseNotFound', version ?? -1);
    if (row.code !== fields.code) throw refuse('libraryCodeFixed', ['code'], { code: row.code });
    if (row.status !== 'draft')
      throw badRequest('clausePublishedFixed', { code: row.code, v: row.clauseVersion });
    const [saved] = await tx
      .update(contractClauseLibrary)
      .set({ ...fields, ...stamp(auth), version: row.version + 1 })
      .where(eq(contractClauseLibrary.id, id))
      .returning();
    await trailLibrary(tx, auth, 'contractClause', saved, 'update', row.status);
    return toClause(saved as typeof contractClauseLibrary.$inferSelect);
  });
}

/**
 * `publish`: a draft version becomes published and the version published before it retired. `newVersion`:
 * a published or retired version is copied as the next draft version (refused while a draft of the code
 * exists). `retire`: a published version leaves the templates' offer. Contracts keep their text and version.
 */
export async function changeClause(
  db: Db,
  auth: AuthContext,
  id: string,
  version: number,
  change: 'publish' | 'newVersion' | 'retire',
): Promise<LibraryClause> {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const row = await own(tx, contractClauseLibrary, auth, id, 'clauseNotFound', version);
    const sameCode = and(
      eq(contractClauseLibrary.elsAccount, auth.elsAccount),
      eq(contractClauseLibrary.code, row.code),
    );
    const wrong = () => badRequest('clauseWrongStatus', { code: row.code, v: row.clauseVersion });
    if (change === 'publish') {
      if (row.status !== 'draft') throw wrong();
      await tx
        .update(contractClauseLibrary)
        .set({ status: 'retired', ...stamp(auth) })
        .where(and(sameCode, eq(contractClauseLibrary.status, 'published')));
    } else if (change === 'retire') {
      if (row.status !== 'published') throw wrong();
    } else {
      const versions = await tx.select().from(contractClauseLibrary).where(sameCode);
      if (versions.some((v) => v.status === 'draft'))
        throw badRequest('clauseDraftExists', { code: row.code });
      const next = Math.max(...versions.map((v) => v.clauseVersion)) + 1;
      const { id: _id, createDate: _d, version: _v, ...copy } = row;
      const [draft] = await tx
        .insert(contractClauseLibrary)
        .values({ ...copy, clauseVersion: next, status: 'draft', ...created(auth) })
        .returning();
      await trailLibrary(tx, auth, 'contractClause', draft, 'newVersion', null);
      return toClause(draft as typeof contractClauseLibrary.$inferSelect);
    }
    const [saved] = await tx
      .update(contractClauseLibrary)
      .set({
        status: change === 'publish' ? 'published' : 'retired',
        ...stamp(auth),
        version: row.version + 1,
      })
      .where(eq(contractClauseLibrary.id, id))
      .returning();
    await trailLibrary(tx, auth, 'contractClause', saved, change, row.status);
    return toClause(saved as typeof contractClauseLibrary.$inferSelect);
  });
}

/** The published version of each code among `codes` in the buyer's library. */
async function publishedClauses(db: Queryable, elsAccount: string, codes: string[]) {
  if (codes.length === 0) return new Map<string, typeof contractClauseLibrary.$inferSelect>();
  const rows = await db
    .select()
    .from(contractClauseLibrary)
    .where(
      and(
        eq(contractClauseLibrary.elsAccount, elsAccount),
        inArray(contractClauseLibrary.code, codes),
        eq(contractClauseLibrary.status, 'published'),
      ),
    );
  return new Map(rows.map((r) => [r.code, r]));
}

const toTemplate = (r: typeof contractTemplate.$inferSelect): ContractTemplate => ({
  id: r.id,
  code: r.code,
  name: r.name,
  items: r.items,
  headerText: r.headerText,
  footerText: r.footerText,
  endContent: r.endContent,
  validFrom: r.validFrom,
  validTo: r.validTo,
  version: r.version,
});

/** The company's templates by code (at most 500). */
export async function listTemplates(db: Queryable, auth: AuthContext): Promise<ContractTemplate[]> {
  assertBuyer(auth);
  const rows = await db
    .select()
    .from(contractTemplate)
    .where(eq(contractTemplate.elsAccount, auth.elsAccount))
    .orderBy(asc(contractTemplate.code))
    .limit(500);
  return rows.map(toTemplate);
}

/**
 * Creates (code unique in the company) or edits (id + version; code fixed) a template. Each clause entry
 * names a published clause of the library ('400' naming the entry); the end of validity is not before its
 * start; the texts within TEMPLATE_LIMITS (the schema).
 */
export async function saveTemplate(
  db: Db,
  auth: AuthContext,
  input: TemplateSave,
): Promise<ContractTemplate> {
  assertBuyer(auth);
  const { id, version, ...fields } = templateSaveSchema.parse(input);
  if (fields.validTo && fields.validTo < fields.validFrom)
    throw refuse('templateValidity', ['validTo'], { from: fields.validFrom, to: fields.validTo });
  return db.transaction(async (tx) => {
    const codes = fields.items.flatMap((i) => (i.type === 'clause' ? [i.code] : []));
    const published = await publishedClauses(tx, auth.elsAccount, codes);
    fields.items.forEach((item, index) => {
      if (item.type === 'clause' && !published.has(item.code))
        throw refuse('templateClauseUnknown', ['items', index, 'code'], { code: item.code, line: index + 1 });
    });
    const values = {
      ...fields,
      headerText: fields.headerText ?? null,
      footerText: fields.footerText ?? null,
      endContent: fields.endContent ?? null,
      validTo: fields.validTo ?? null,
    };
    if (!id) {
      const [taken] = await tx
        .select({ id: contractTemplate.id })
        .from(contractTemplate)
        .where(and(eq(contractTemplate.elsAccount, auth.elsAccount), eq(contractTemplate.code, fields.code)));
      if (taken) throw refuse('contractTemplateCodeTaken', ['code'], { code: fields.code });
      const [row] = await tx
        .insert(contractTemplate)
        .values({ ...values, ...created(auth) })
        .returning();
      await trailLibrary(tx, auth, 'contractTemplate', row, 'create', null);
      return toTemplate(row as typeof contractTemplate.$inferSelect);
    }
    const row = await own(tx, contractTemplate, auth, id, 'contractTemplateNotFound', version ?? -1);
    if (row.code !== fields.code) throw refuse('libraryCodeFixed', ['code'], { code: row.code });
    const [saved] = await tx
      .update(contractTemplate)
      .set({ ...values, ...stamp(auth), version: row.version + 1 })
      .where(eq(contractTemplate.id, id))
      .returning();
    await trailLibrary(tx, auth, 'contractTemplate', saved, 'update', null);
    return toTemplate(saved as typeof contractTemplate.$inferSelect);
  });
}

/**
 * A new contract's clauses from template `id` (the caller's, valid today in the company's clock; '400'
 * otherwise): headings as clauses with a title only, clause entries as the latest published version's
 * title and text with its `{{variables}}` (the contract's save fills those its sources know).
 */
export async function buildFromTemplate(db: Queryable, auth: AuthContext, id: string) {
  assertBuyer(auth);
  const [row] = await db
    .select()
    .from(contractTemplate)
    .where(and(eq(contractTemplate.id, id), eq(contractTemplate.elsAccount, auth.elsAccount)));
  if (!row) throw notFound('contractTemplateNotFound');
  const today = await companyToday(db, auth.elsAccount);
  if (row.validFrom > today || (row.validTo && row.validTo < today))
    throw badRequest('templateNotValid', { code: row.code, from: row.validFrom, to: row.validTo ?? '' });
  const codes = row.items.flatMap((i) => (i.type === 'clause' ? [i.code] : []));
  const published = await publishedClauses(db, auth.elsAccount, codes);
  const clauses: BuiltClause[] = row.items.map((item) => {
    if (item.type === 'heading') return { clauseTitle: item.text };
    const c = published.get(item.code);
    if (!c) throw badRequest('templateClauseUnknown', { code: item.code, line: 0 });
    return { clauseTitle: c.title, clauseBody: c.body, clauseCode: c.code, clauseVersion: c.clauseVersion };
  });
  return { templateCode: row.code, clauses };
}

/**
 * Each library clause of contract `contractId` (the caller's as buyer: '404' otherwise) against the
 * library: the newest published version when above the contract's, its version's text, and whether the
 * contract's text differs from it beyond its variables (what the approver looks at).
 */
export async function clauseStandings(
  db: Queryable,
  auth: AuthContext,
  contractId: string,
): Promise<ClauseStanding[]> {
  assertBuyer(auth);
  const [head] = await db
    .select({ id: contract.id })
    .from(contract)
    .where(and(eq(contract.id, contractId), eq(contract.elsAccount, auth.elsAccount)));
  if (!head) throw notFound();
  const rows = await db
    .select()
    .from(contractClauses)
    .where(eq(contractClauses.documentId, contractId))
    .orderBy(asc(contractClauses.lineNumber));
  return standingsOf(db, auth.elsAccount, rows);
}

/** The standings of clause rows (code, version, body) of a buyer's contract; rows without a code are left out. */
export async function standingsOf(
  db: Queryable,
  elsAccount: string,
  rows: Array<{
    lineNumber: number;
    clauseCode: string | null;
    clauseVersion: number | null;
    clauseBody: string | null;
  }>,
): Promise<ClauseStanding[]> {
  const linked = rows.filter((r) => r.clauseCode && r.clauseVersion);
  if (linked.length === 0) return [];
  const library = await db
    .select()
    .from(contractClauseLibrary)
    .where(
      and(
        eq(contractClauseLibrary.elsAccount, elsAccount),
        inArray(contractClauseLibrary.code, [...new Set(linked.map((r) => r.clauseCode as string))]),
      ),
    );
  return linked.flatMap((r) => {
    const versions = library.filter((l) => l.code === r.clauseCode);
    const own = versions.find((l) => l.clauseVersion === r.clauseVersion);
    if (!own) return [];
    const newest = Math.max(
      0,
      ...versions.filter((l) => l.status === 'published').map((l) => l.clauseVersion),
    );
    return [
      {
        lineNumber: r.lineNumber,
        clauseCode: own.code,
        clauseVersion: own.clauseVersion,
        newerVersion: newest > own.clauseVersion ? newest : null,
        libraryBody: own.body,
        changed: !followsTemplate(own.body, r.clauseBody ?? ''),
        locked: own.locked,
      },
    ];
  });
}
