import {
  APPRAISAL_GRADES,
  type AppraisalGrade,
  type ComputedMetric,
  checkTemplate,
  computedScore,
  gradeFor,
  manualScore,
  RANK_BANDS,
  RATING_STATUS,
  type RunCreate,
  rankBand,
  ratingStatus,
  type ScoreSave,
  type TemplateSave,
  totalScore,
} from '@srm/contracts/appraisal';
import type { Locale } from '@srm/contracts/constants';
import { GRADE_STAGES, type SupplierStage } from '@srm/contracts/supplier-lifecycle';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { companyTimeZone } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { type Column, writeWorkbook } from '../../platform/excel.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { accountRelation, company, subaccount } from '../account/tables.ts';
import { sheetsFromAppraisal } from '../improvement/source.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { saveRequest } from '../supplier-lifecycle/service.ts';
import { supplierStatusChange } from '../supplier-lifecycle/tables.ts';
import { computeMetrics } from './metrics.ts';
import { cappedCount, type KeysetPaging, pageOf, pagePosition } from './paging.ts';
import {
  appraisalResult,
  appraisalRun,
  appraisalScore,
  appraisalTemplate,
  type SavedItem,
} from './tables.ts';

/**
 * Supplier performance appraisal (issue #17): templates, runs with computed figures and expert scores,
 * finishing (total, grade, rank, the grade proposed as a lifecycle `supplierGrade` request) and the
 * supplier's own scorecards. Every query is scoped: the buyer by `els_account`, the supplier by
 * `to_els_account` (and finished runs only).
 */

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;
const num = (v: string | null) => (v === null ? null : Number(v));

function assertBuyer(auth: AuthContext) {
  if (auth.station !== 'purchase') throw forbidden();
}
function assertSupplier(auth: AuthContext) {
  if (auth.station !== 'sale') throw forbidden();
}

// ---------------------------------------------------------------- templates

type TemplateRow = typeof appraisalTemplate.$inferSelect;

function toTemplate(row: TemplateRow) {
  return {
    id: row.id,
    templateNumber: row.templateNumber,
    templateName: row.templateName,
    templateStatus: row.templateStatus,
    excellentMin: Number(row.excellentMin),
    goodMin: Number(row.goodMin),
    qualifiedMin: Number(row.qualifiedMin),
    items: row.items,
    remark: row.remark,
    createUser: row.createUser,
    createDate: row.createDate.toISOString(),
    version: row.version,
  };
}

function templateError(issue: NonNullable<ReturnType<typeof checkTemplate>>): AppError {
  switch (issue.rule) {
    case 'weightSum':
      return badRequest('appraisalWeightSum', { sum: issue.sum });
    case 'duplicateName':
      return badRequest('appraisalDuplicateName', { name: issue.name });
    case 'metricMissing':
      return badRequest('appraisalMetricMissing', { name: issue.name });
    case 'bandsOrder':
      return badRequest('appraisalBandsOrder');
  }
}

/**
 * The buyer's templates, newest first (create date, then id; optionally one status), by page number within
 * the first 10,000 rows or by keyset (`cursor` = the previous page's nextCursor). data: { records (template),
 * total (exact up to 1,000: totalExact), nextCursor, currentPage, pageSize }. '400' a cursor of another list
 * or forged (body.cursor), a page past the window (body.currentPage).
 */
export async function listTemplates(
  db: Queryable,
  auth: AuthContext,
  q: KeysetPaging & { templateStatus?: string },
) {
  assertBuyer(auth);
  const where = and(
    eq(appraisalTemplate.elsAccount, auth.elsAccount),
    q.templateStatus ? eq(appraisalTemplate.templateStatus, q.templateStatus) : undefined,
  );
  const { after, offset } = pagePosition(
    'template',
    q,
    appraisalTemplate.createDate,
    appraisalTemplate.id,
    'timestamptz',
  );
  const [rows, counted] = await Promise.all([
    db
      .select({ row: appraisalTemplate, key: sql<string>`${appraisalTemplate.createDate}::text` })
      .from(appraisalTemplate)
      .where(and(where, after))
      .orderBy(desc(appraisalTemplate.createDate), desc(appraisalTemplate.id))
      .limit(q.pageSize)
      .offset(offset),
    cappedCount(db, db.select({ one: sql`1` }).from(appraisalTemplate).where(where)),
  ]);
  return pageOf(
    'template',
    q,
    rows.map((r) => ({ record: toTemplate(r.row), key: r.key, id: r.row.id })),
    counted,
  );
}

async function findTemplate(db: Queryable, auth: AuthContext, id: string, lock = false) {
  const q = db
    .select()
    .from(appraisalTemplate)
    .where(and(eq(appraisalTemplate.id, id), eq(appraisalTemplate.elsAccount, auth.elsAccount)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('404', 'appraisalTemplateNotFound');
  return row;
}

/** One template of the buyer ('404' for another company's). */
export async function templateDetail(db: Queryable, auth: AuthContext, id: string) {
  assertBuyer(auth);
  return toTemplate(await findTemplate(db, auth, id));
}

/**
 * Creates or edits (id + version) a draft template. '400' when weights do not total 100, item names repeat,
 * a computed item has no metric or the bands do not descend; '409' stale version; only drafts are edited.
 */
export async function saveTemplate(db: Queryable, auth: AuthContext, body: TemplateSave) {
  assertBuyer(auth);
  const issue = checkTemplate(body);
  if (issue) throw templateError(issue);
  const items: SavedItem[] = body.items.map((item, i) => ({
    ...item,
    itemName: item.itemName.trim(),
    itemId: item.itemId || `i${i + 1}`,
    metric: item.kind === 'computed' ? item.metric : undefined,
    scaleMax: item.kind === 'manual' ? (item.scaleMax ?? 100) : undefined,
  }));
  if (new Set(items.map((i) => i.itemId)).size !== items.length)
    throw badRequest('appraisalDuplicateName', { name: 'itemId' });
  const values = {
    templateName: body.templateName,
    remark: body.remark ?? null,
    excellentMin: String(body.excellentMin),
    goodMin: String(body.goodMin),
    qualifiedMin: String(body.qualifiedMin),
    items,
    lastUpdateUser: userKey(auth),
  };
  return db.transaction(async (tx) => {
    if (!body.id) {
      const [row] = await tx
        .insert(appraisalTemplate)
        .values({
          ...values,
          elsAccount: auth.elsAccount,
          templateNumber: await nextDocumentNumber(tx, auth.elsAccount, 'AT'),
          createUser: userKey(auth),
        })
        .returning();
      return toTemplate(row);
    }
    const current = await findTemplate(tx, auth, body.id, true);
    if (current.version !== body.version) throw conflict();
    if (current.templateStatus !== '0') throw badRequest('appraisalTemplateStatus');
    const [row] = await tx
      .update(appraisalTemplate)
      .set({ ...values, lastUpdateDate: sql`now()`, version: current.version + 1 })
      .where(eq(appraisalTemplate.id, current.id))
      .returning();
    return toTemplate(row);
  });
}

/** Releases (→ 1) or disables (→ 2) a template at its version ('409' stale, '400' from a wrong status). */
export async function setTemplateStatus(
  db: Queryable,
  auth: AuthContext,
  id: string,
  version: number,
  to: '1' | '2',
) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const current = await findTemplate(tx, auth, id, true);
    if (current.version !== version) throw conflict();
    const from = to === '1' ? ['0', '2'] : ['1'];
    if (!from.includes(current.templateStatus)) throw badRequest('appraisalTemplateStatus');
    const [row] = await tx
      .update(appraisalTemplate)
      .set({
        templateStatus: to,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
        version: current.version + 1,
      })
      .where(eq(appraisalTemplate.id, id))
      .returning();
    return toTemplate(row);
  });
}

// ---------------------------------------------------------------- runs

type RunRow = typeof appraisalRun.$inferSelect;
type ScoreRow = typeof appraisalScore.$inferSelect;
type ResultRow = typeof appraisalResult.$inferSelect;

function toRun(row: RunRow) {
  return {
    id: row.id,
    appraisalNumber: row.appraisalNumber,
    templateId: row.templateId,
    templateName: row.templateName,
    items: row.items,
    excellentMin: Number(row.excellentMin),
    goodMin: Number(row.goodMin),
    qualifiedMin: Number(row.qualifiedMin),
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    supplierType: row.supplierType,
    experts: row.experts,
    runStatus: row.runStatus,
    finishDate: row.finishDate?.toISOString() ?? null,
    remark: row.remark,
    createUser: row.createUser,
    createDate: row.createDate.toISOString(),
    version: row.version,
  };
}

function toResult(row: ResultRow) {
  return {
    id: row.id,
    toElsAccount: row.toElsAccount,
    supplierName: row.supplierName,
    ratingStatus: row.ratingStatus,
    totalScore: num(row.totalScore),
    grade: row.grade,
    rankNo: row.rankNo,
    rankBand: row.rankBand,
    proposalNumber: row.proposalNumber,
    proposalNote: row.proposalNote,
    supplierComment: row.supplierComment,
    commentDate: row.commentDate?.toISOString() ?? null,
    version: row.version,
  };
}

/**
 * A score as answered. `evidence` only when the row carries it (the supplier's own scorecard); the buyer's run
 * detail carries `evidenceCount` alone and loads a figure's evidence when it is opened (runEvidence).
 */
function toScore(
  row: Omit<ScoreRow, 'evidence'> & { evidence?: ScoreRow['evidence']; evidenceCount?: number },
  withScorer: boolean,
) {
  return {
    toElsAccount: row.toElsAccount,
    itemId: row.itemId,
    rate: num(row.rate),
    value: num(row.value),
    amount: row.amount,
    given: num(row.given),
    score: num(row.score),
    ...(row.evidence ? { evidence: row.evidence } : {}),
    evidenceCount: row.evidenceCount ?? row.evidence?.length ?? 0,
    remark: row.remark,
    ...(withScorer ? { scorer: row.scorer } : {}),
  };
}

/** The score columns without the evidence (up to 500 rows of JSON per figure), with its length instead. */
function scoreColumnsWithoutEvidence() {
  const { evidence: _evidence, ...columns } = getTableColumns(appraisalScore);
  return { ...columns, evidenceCount: sql<number>`jsonb_array_length(${appraisalScore.evidence})::int` };
}

/**
 * The buyer's runs, newest first (create date, then id; optionally one status), paged as listTemplates:
 * page numbers within the first 10,000 rows, `cursor` beyond. data: { records (run without results and
 * scores), total, totalExact, nextCursor, currentPage, pageSize }.
 */
export async function listRuns(db: Queryable, auth: AuthContext, q: KeysetPaging & { runStatus?: string }) {
  assertBuyer(auth);
  const where = and(
    eq(appraisalRun.elsAccount, auth.elsAccount),
    q.runStatus ? eq(appraisalRun.runStatus, q.runStatus) : undefined,
  );
  const { after, offset } = pagePosition('run', q, appraisalRun.createDate, appraisalRun.id, 'timestamptz');
  const [rows, counted] = await Promise.all([
    db
      .select({ row: appraisalRun, key: sql<string>`${appraisalRun.createDate}::text` })
      .from(appraisalRun)
      .where(and(where, after))
      .orderBy(desc(appraisalRun.createDate), desc(appraisalRun.id))
      .limit(q.pageSize)
      .offset(offset),
    cappedCount(db, db.select({ one: sql`1` }).from(appraisalRun).where(where)),
  ]);
  return pageOf(
    'run',
    q,
    rows.map((r) => ({ record: toRun(r.row), key: r.key, id: r.row.id })),
    counted,
  );
}

async function findRun(db: Queryable, auth: AuthContext, id: string, lock = false) {
  const q = db
    .select()
    .from(appraisalRun)
    .where(and(eq(appraisalRun.id, id), eq(appraisalRun.elsAccount, auth.elsAccount)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('404', 'appraisalRunNotFound');
  return row;
}

/**
 * A run with every supplier's result and item scores (evidenceCount, not the evidence: runEvidence) — the buyer's view — and the improvement
 * sheets issued from it (`improvements`: id, improvementNumber, toElsAccount, subject, improvementStatus,
 * improvementDate; drafts included).
 */
export async function runDetail(db: Queryable, auth: AuthContext, id: string) {
  assertBuyer(auth);
  const run = await findRun(db, auth, id);
  const [results, scores, improvements] = await Promise.all([
    db
      .select()
      .from(appraisalResult)
      .where(eq(appraisalResult.runId, id))
      .orderBy(asc(appraisalResult.rankNo), asc(appraisalResult.toElsAccount)),
    // Without the evidence: at 1,000 suppliers it made the answer 183 MB (BENCHMARKS.md "Appraisal").
    db.select(scoreColumnsWithoutEvidence()).from(appraisalScore).where(eq(appraisalScore.runId, id)),
    sheetsFromAppraisal(db, auth.elsAccount, run.appraisalNumber),
  ]);
  return {
    run: toRun(run),
    results: results.map(toResult),
    scores: scores.map((s) => toScore(s, true)),
    improvements,
  };
}

/**
 * The evidence behind one computed figure of a run (the buyer's view; issue #17 "a click shows the documents
 * behind a figure"): [{ number, line, ok, values }] as computed, at most 500 rows. '404' another company's run,
 * or no such supplier × item in it.
 */
export async function runEvidence(
  db: Queryable,
  auth: AuthContext,
  id: string,
  q: { toElsAccount: string; itemId: string },
) {
  assertBuyer(auth);
  await findRun(db, auth, id);
  const [row] = await db
    .select({ evidence: appraisalScore.evidence })
    .from(appraisalScore)
    .where(
      and(
        eq(appraisalScore.runId, id),
        eq(appraisalScore.toElsAccount, q.toElsAccount),
        eq(appraisalScore.itemId, q.itemId),
      ),
    );
  if (!row) throw new AppError('404', 'appraisalRunNotFound');
  return row.evidence;
}

/** The buyer's active sub-accounts that may be invited as experts ("rater" / "expert", seed 001 §6). */
export async function findExperts(db: Queryable, auth: AuthContext) {
  assertBuyer(auth);
  return db
    .select({ elsSubAccount: subaccount.elsSubAccount, name: subaccount.name })
    .from(subaccount)
    .where(and(eq(subaccount.elsAccount, auth.elsAccount), eq(subaccount.status, 'active')))
    .orderBy(asc(subaccount.elsSubAccount));
}

/** The suppliers a run covers: the explicit list, else the linked suppliers (of the type) not eliminated or blacklisted. */
async function runSuppliers(tx: Queryable, auth: AuthContext, body: RunCreate) {
  const rows = await tx
    .select({
      account: accountRelation.toElsAccount,
      fullName: supplierMaster.fullName,
      companyName: company.companyName,
      stage: supplierMaster.supplierStatus,
      supplierType: supplierMaster.supplierType,
    })
    .from(accountRelation)
    .leftJoin(
      supplierMaster,
      and(
        eq(supplierMaster.elsAccount, accountRelation.elsAccount),
        eq(supplierMaster.toElsAccount, accountRelation.toElsAccount),
      ),
    )
    .leftJoin(company, eq(company.elsAccount, accountRelation.toElsAccount))
    .where(eq(accountRelation.elsAccount, auth.elsAccount))
    .orderBy(asc(accountRelation.toElsAccount));
  const chosen = body.suppliers?.length
    ? rows.filter((r) => body.suppliers?.includes(r.account))
    : rows.filter(
        (r) =>
          r.stage !== null &&
          !['eliminated', 'blacklist'].includes(r.stage) &&
          (!body.supplierType || r.supplierType === body.supplierType),
      );
  if (body.suppliers?.length && chosen.length !== new Set(body.suppliers).size) {
    const missing = body.suppliers.find((s) => !rows.some((r) => r.account === s)) ?? '';
    throw badRequest('supplierNotLinked', { account: missing });
  }
  if (chosen.length === 0) throw badRequest('appraisalNoSuppliers');
  return chosen.map((r) => ({ account: r.account, name: r.fullName ?? r.companyName ?? r.account }));
}

async function checkExperts(
  tx: Queryable,
  auth: AuthContext,
  items: SavedItem[],
  experts: Array<{ itemId: string; elsSubAccount: string }>,
) {
  for (const e of experts) {
    const item = items.find((i) => i.itemId === e.itemId);
    if (item?.kind !== 'manual') throw badRequest('appraisalItemNotManual', { item: e.itemId });
  }
  const names = [...new Set(experts.map((e) => e.elsSubAccount))];
  if (names.length === 0) return;
  const found = await tx
    .select({ name: subaccount.elsSubAccount })
    .from(subaccount)
    .where(and(eq(subaccount.elsAccount, auth.elsAccount), inArray(subaccount.elsSubAccount, names)));
  const missing = names.find((n) => !found.some((f) => f.name === n));
  if (missing) throw badRequest('appraisalExpertUnknown', { name: missing });
}

/**
 * Creates a run (AR…) from a released template for the period [periodFrom, periodTo) and its suppliers,
 * in one transaction: the run, one result per supplier, one score row per supplier × item with the
 * computed figures and their evidence filled in (six set-based statements, metrics.ts). Experts per
 * manual item must be sub-accounts of the buyer. '400' template not released, empty period, no
 * supplier, an unknown expert or item.
 */
export async function createRun(db: Queryable, auth: AuthContext, body: RunCreate) {
  assertBuyer(auth);
  if (body.periodFrom >= body.periodTo) throw badRequest('appraisalPeriod');
  const runId = await db.transaction(async (tx) => {
    const template = await findTemplate(tx, auth, body.templateId);
    if (template.templateStatus !== '1') throw badRequest('appraisalTemplateNotReleased');
    await checkExperts(tx, auth, template.items, body.experts);
    const suppliers = await runSuppliers(tx, auth, body);
    const [run] = await tx
      .insert(appraisalRun)
      .values({
        elsAccount: auth.elsAccount,
        appraisalNumber: await nextDocumentNumber(tx, auth.elsAccount, 'AR'),
        templateId: template.id,
        templateName: template.templateName,
        items: template.items,
        excellentMin: template.excellentMin,
        goodMin: template.goodMin,
        qualifiedMin: template.qualifiedMin,
        periodFrom: body.periodFrom,
        periodTo: body.periodTo,
        supplierType: body.supplierType ?? null,
        experts: body.experts,
        remark: body.remark ?? null,
        createUser: userKey(auth),
        lastUpdateUser: userKey(auth),
      })
      .returning();
    const accounts = suppliers.map((s) => s.account);
    const computed = template.items.filter((i) => i.kind === 'computed');
    const figures = await computeMetrics(
      tx,
      auth.elsAccount,
      accounts,
      body.periodFrom,
      body.periodTo,
      computed.map((i) => i.metric as ComputedMetric),
      await companyTimeZone(tx, auth.elsAccount),
    );
    const manualCount = template.items.length - computed.length;
    const CHUNK = 1000;
    const results = suppliers.map((s) => ({
      runId: run.id,
      elsAccount: auth.elsAccount,
      toElsAccount: s.account,
      supplierName: s.name,
      ratingStatus: ratingStatus(manualCount, 0),
    }));
    for (let i = 0; i < results.length; i += CHUNK)
      await tx.insert(appraisalResult).values(results.slice(i, i + CHUNK));
    const scores = suppliers.flatMap((s) =>
      template.items.map((item) => {
        const f =
          item.kind === 'computed' ? figures.get(item.metric as ComputedMetric)?.get(s.account) : undefined;
        return {
          runId: run.id,
          elsAccount: auth.elsAccount,
          toElsAccount: s.account,
          itemId: item.itemId,
          rate: f?.rate == null ? null : f.rate.toFixed(6),
          value: f?.value == null ? null : f.value.toFixed(4),
          amount: f?.amount ?? null,
          score: f?.rate == null ? null : computedScore(f.rate, item.weight).toFixed(2),
          evidence: f?.evidence ?? [],
        };
      }),
    );
    for (let i = 0; i < scores.length; i += CHUNK)
      await tx.insert(appraisalScore).values(scores.slice(i, i + CHUNK));
    return run.id;
  });
  return runDetail(db, auth, runId);
}

/**
 * Runs waiting for scores in which the caller is an expert: per run, its items assigned to the caller,
 * the suppliers and the caller's scores so far (seed 001 §2 expert scoring).
 */
export async function myScoring(db: Queryable, auth: AuthContext) {
  assertBuyer(auth);
  const runs = await db
    .select()
    .from(appraisalRun)
    .where(
      and(
        eq(appraisalRun.elsAccount, auth.elsAccount),
        eq(appraisalRun.runStatus, '0'),
        sql`${appraisalRun.experts} @> ${JSON.stringify([{ elsSubAccount: auth.elsSubAccount }])}::jsonb`,
      ),
    )
    .orderBy(desc(appraisalRun.createDate));
  const out = [];
  for (const run of runs) {
    const mine = run.experts.filter((e) => e.elsSubAccount === auth.elsSubAccount).map((e) => e.itemId);
    const [results, scores] = await Promise.all([
      db
        .select()
        .from(appraisalResult)
        .where(eq(appraisalResult.runId, run.id))
        .orderBy(asc(appraisalResult.toElsAccount)),
      db
        .select()
        .from(appraisalScore)
        .where(and(eq(appraisalScore.runId, run.id), inArray(appraisalScore.itemId, mine))),
    ]);
    out.push({
      id: run.id,
      appraisalNumber: run.appraisalNumber,
      templateName: run.templateName,
      periodFrom: run.periodFrom,
      periodTo: run.periodTo,
      items: run.items.filter((i) => mine.includes(i.itemId)),
      suppliers: results.map((r) => ({ toElsAccount: r.toElsAccount, supplierName: r.supplierName })),
      scores: scores.map((s) => ({ toElsAccount: s.toElsAccount, itemId: s.itemId, given: num(s.given) })),
    });
  }
  return out;
}

/**
 * An expert's scores for items assigned to them (the run waiting for scores). '403' an item not assigned
 * to the caller; '400' a supplier not in the run, a score above the item's scale, a finished run.
 * Updates the suppliers' rating statuses (rated / partially rated / not rated).
 */
export async function saveScores(db: Queryable, auth: AuthContext, runId: string, body: ScoreSave) {
  assertBuyer(auth);
  await db.transaction(async (tx) => {
    const run = await findRun(tx, auth, runId, true);
    if (run.runStatus !== '0') throw badRequest('appraisalRunFinished');
    const accounts = [...new Set(body.scores.map((s) => s.toElsAccount))];
    const inRun = await tx
      .select({ account: appraisalResult.toElsAccount })
      .from(appraisalResult)
      .where(and(eq(appraisalResult.runId, runId), inArray(appraisalResult.toElsAccount, accounts)));
    const rows = body.scores.map((s) => {
      const item = run.items.find((i) => i.itemId === s.itemId);
      if (item?.kind !== 'manual') throw badRequest('appraisalItemNotManual', { item: s.itemId });
      if (!run.experts.some((e) => e.itemId === s.itemId && e.elsSubAccount === auth.elsSubAccount))
        throw forbidden('appraisalNotYourItem');
      if (!inRun.some((r) => r.account === s.toElsAccount))
        throw badRequest('appraisalSupplierNotInRun', { account: s.toElsAccount });
      const scaleMax = item.scaleMax ?? 100;
      if (s.score > scaleMax)
        throw badRequest('appraisalScoreOverScale', { item: item.itemName, max: scaleMax });
      return {
        account: s.toElsAccount,
        item: s.itemId,
        given: s.score,
        score: manualScore(s.score, scaleMax, item.weight),
        remark: s.remark ?? null,
      };
    });
    // Every score in one statement (an expert may score a thousand suppliers at once).
    await tx.execute(sql`
      update appraisal_score a set given = x.given, score = x.score, remark = x.remark,
        scorer = ${userKey(auth)}, score_date = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(account text, item text, given numeric, score numeric, remark text)
      where a.run_id = ${runId}::uuid and a.to_els_account = x.account and a.item_id = x.item`);
    const manualIds = run.items.filter((i) => i.kind === 'manual').map((i) => i.itemId);
    if (manualIds.length > 0)
      await tx.execute(sql`
        update appraisal_result r set rating_status = case
            when c.scored >= ${manualIds.length} then '2' when c.scored = 0 then '0' else '1' end,
          version = r.version + 1
        from (select to_els_account, count(given) as scored from appraisal_score
              where run_id = ${runId}::uuid and item_id = any(string_to_array(${manualIds.join(',')}, ','))
              group by to_els_account) c
        where r.run_id = ${runId}::uuid and r.to_els_account = c.to_els_account`);
  });
  return runDetail(db, auth, runId);
}

/** Why a grade was not proposed, or 'proposed'. */
type ProposalNote = 'proposed' | 'unchanged' | 'stageNotGraded' | 'pending';

/**
 * Finishes a run (version): every supplier must be rated ('400' naming how many are not). Totals
 * (contracts totalScore), grades by the run's bands, ranks and rank bands are written in one statement;
 * then each grade that differs from the supplier's stage is proposed as a lifecycle `supplierGrade`
 * request, submitted to its own approval, in the same transaction (supplier-lifecycle saveRequest).
 */
export async function finishRun(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  version: number,
  /** false: no lifecycle request (the demo seed, which must not move the demo suppliers' stages). */
  propose = true,
) {
  assertBuyer(auth);
  await db.transaction(async (tx) => {
    const run = await findRun(tx, auth, id, true);
    if (run.version !== version) throw conflict();
    if (run.runStatus !== '0') throw badRequest('appraisalRunFinished');
    const results = await tx.select().from(appraisalResult).where(eq(appraisalResult.runId, id));
    const unrated = results.filter((r) => r.ratingStatus !== '2').length;
    if (unrated > 0) throw badRequest('appraisalNotRated', { count: unrated });
    const scores = await tx.select().from(appraisalScore).where(eq(appraisalScore.runId, id));
    const weight = new Map(run.items.map((i) => [i.itemId, i.weight]));
    const bands = {
      excellentMin: Number(run.excellentMin),
      goodMin: Number(run.goodMin),
      qualifiedMin: Number(run.qualifiedMin),
    };
    const totals = results.map((r) => {
      const total = totalScore(
        scores
          .filter((s) => s.toElsAccount === r.toElsAccount)
          .map((s) => ({ weight: weight.get(s.itemId) ?? 0, score: num(s.score) })),
      );
      return { account: r.toElsAccount, total, grade: total === null ? null : gradeFor(total, bands) };
    });
    const ranked = totals
      .filter((t) => t.total !== null)
      .sort((a, b) => (b.total as number) - (a.total as number));
    const figures = totals.map((t) => {
      const rank =
        t.total === null ? null : ranked.findIndex((r) => (r.total as number) <= (t.total as number)) + 1;
      return {
        account: t.account,
        total: t.total,
        grade: t.grade,
        rank,
        band: rank === null ? null : rankBand(rank, ranked.length),
      };
    });
    // Proposals: one lifecycle request per supplier whose grade differs from its stage.
    const masters = await tx
      .select({ account: supplierMaster.toElsAccount, stage: supplierMaster.supplierStatus })
      .from(supplierMaster)
      .where(
        and(
          eq(supplierMaster.elsAccount, auth.elsAccount),
          inArray(
            supplierMaster.toElsAccount,
            results.map((r) => r.toElsAccount),
          ),
        ),
      );
    const pending = await tx
      .select({ account: supplierStatusChange.toElsAccount })
      .from(supplierStatusChange)
      .where(
        and(
          eq(supplierStatusChange.elsAccount, auth.elsAccount),
          eq(supplierStatusChange.status, 'underApproval'),
        ),
      );
    const proposals: Array<{ account: string; number: string | null; note: ProposalNote }> = [];
    for (const f of figures) {
      if (!f.grade || !propose) continue;
      const stage = masters.find((m) => m.account === f.account)?.stage ?? 'stranger';
      let note: ProposalNote;
      let number: string | null = null;
      if (!GRADE_STAGES.includes(stage as SupplierStage)) note = 'stageNotGraded';
      else if (stage === f.grade) note = 'unchanged';
      else if (pending.some((p) => p.account === f.account)) note = 'pending';
      else {
        const request = await saveRequest(tx, env, auth, {
          requestType: 'supplierGrade',
          toElsAccount: f.account,
          toStatus: f.grade as AppraisalGrade,
          reason: `${run.appraisalNumber} ${run.periodFrom}~${run.periodTo}: ${f.total} → ${f.grade}`,
          submit: true,
        });
        number = request.requestNumber;
        note = 'proposed';
      }
      proposals.push({ account: f.account, number, note });
    }
    const rows = figures.map((f) => ({
      ...f,
      number: proposals.find((p) => p.account === f.account)?.number ?? null,
      note: proposals.find((p) => p.account === f.account)?.note ?? null,
    }));
    await tx.execute(sql`
      update appraisal_result r set total_score = x.total, grade = x.grade, rank_no = x.rank,
        rank_band = x.band, proposal_number = x.number, proposal_note = x.note, version = r.version + 1
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(account text, total numeric, grade text, rank int, band text, number text, note text)
      where r.run_id = ${id}::uuid and r.to_els_account = x.account`);
    await tx
      .update(appraisalRun)
      .set({
        runStatus: '1',
        finishDate: sql`now()`,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
        version: run.version + 1,
      })
      .where(eq(appraisalRun.id, id));
  });
  return runDetail(db, auth, id);
}

/**
 * A run's results as one Excel sheet in the caller's language: rank, supplier, rating status, total, grade,
 * rank band, then each item's weighted score (header "name (weight %)"). '404' another company's run.
 */
export async function exportRun(db: Queryable, auth: AuthContext, id: string, locale: Locale) {
  const { run, results, scores } = await runDetail(db, auth, id);
  const columns: Column[] = [
    { key: 'rankNo', zh_cn: '排名', en: 'Rank', kind: 'int', width: 6 },
    { key: 'toElsAccount', zh_cn: '供应商账号', en: 'Supplier account', width: 14 },
    { key: 'supplierName', zh_cn: '供应商名称', en: 'Supplier name', width: 30 },
    { key: 'ratingStatus', zh_cn: '评分状态', en: 'Rating status', width: 12 },
    { key: 'totalScore', zh_cn: '总分', en: 'Total', kind: 'decimal', width: 8 },
    { key: 'grade', zh_cn: '等级', en: 'Grade', width: 10 },
    { key: 'rankBand', zh_cn: '排名区间', en: 'Rank band', width: 12 },
    ...run.items.map((i) => ({
      key: i.itemId,
      zh_cn: `${i.itemName}（${i.weight}%）`,
      en: `${i.itemName} (${i.weight}%)`,
      kind: 'decimal' as const,
      width: 16,
    })),
  ];
  const label = (dict: Record<string, Record<Locale, string>>, key: string | null) =>
    key ? (dict[key]?.[locale] ?? key) : '';
  const rows = results.map((r) => ({
    rankNo: r.rankNo,
    toElsAccount: r.toElsAccount,
    supplierName: r.supplierName,
    ratingStatus: label(RATING_STATUS, r.ratingStatus),
    totalScore: r.totalScore,
    grade: label(APPRAISAL_GRADES, r.grade),
    rankBand: label(RANK_BANDS, r.rankBand),
    ...Object.fromEntries(
      scores.filter((s) => s.toElsAccount === r.toElsAccount).map((s) => [s.itemId, s.score]),
    ),
  }));
  return {
    name: run.appraisalNumber,
    bytes: await writeWorkbook(run.appraisalNumber, columns, rows, locale),
  };
}

/**
 * One supplier's scorecard of the buyer's run as the PDF prints it, with the improvement sheets issued to that
 * supplier from the run (`improvements`) ('404' another company's result).
 */
export async function buyerScorecard(db: Queryable, auth: AuthContext, resultId: string) {
  assertBuyer(auth);
  const [row] = await db
    .select({ result: appraisalResult, run: appraisalRun })
    .from(appraisalResult)
    .innerJoin(appraisalRun, eq(appraisalRun.id, appraisalResult.runId))
    .where(and(eq(appraisalResult.id, resultId), eq(appraisalRun.elsAccount, auth.elsAccount)));
  if (!row) throw new AppError('404', 'appraisalRunNotFound');
  const [scores, [buyer], improvements] = await Promise.all([
    db
      .select()
      .from(appraisalScore)
      .where(
        and(eq(appraisalScore.runId, row.run.id), eq(appraisalScore.toElsAccount, row.result.toElsAccount)),
      ),
    db
      .select({ name: company.companyShortName })
      .from(company)
      .where(eq(company.elsAccount, auth.elsAccount)),
    sheetsFromAppraisal(db, auth.elsAccount, row.run.appraisalNumber, {
      suppliers: [row.result.toElsAccount],
    }),
  ]);
  return {
    appraisalNumber: row.run.appraisalNumber,
    buyerName: buyer?.name ?? auth.elsAccount,
    supplierName: `${row.result.toElsAccount} ${row.result.supplierName}`,
    templateName: row.run.templateName,
    periodFrom: row.run.periodFrom,
    periodTo: row.run.periodTo,
    totalScore: num(row.result.totalScore),
    grade: row.result.grade,
    rankBand: row.result.rankBand,
    supplierComment: row.result.supplierComment,
    items: row.run.items,
    scores: scores.map((s) => toScore(s, false)),
    improvements,
  };
}

// ---------------------------------------------------------------- the supplier's side

/**
 * The supplier's scorecards of finished runs (every buyer it is appraised by), newest period first (period
 * start, then the result's id), paged as listTemplates (`cursor` beyond the first 10,000 rows). data:
 * { records: [{ id, elsAccount, buyerName, appraisalNumber, templateName, periodFrom, periodTo, totalScore,
 * grade, rankBand }], total, totalExact, nextCursor, currentPage, pageSize } — its own rows only.
 */
export async function saleList(db: Queryable, auth: AuthContext, q: KeysetPaging) {
  assertSupplier(auth);
  const where = and(eq(appraisalResult.toElsAccount, auth.elsAccount), eq(appraisalRun.runStatus, '1'));
  const { after, offset } = pagePosition('scorecard', q, appraisalRun.periodFrom, appraisalResult.id, 'date');
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: appraisalResult.id,
        elsAccount: appraisalRun.elsAccount,
        buyerName: company.companyShortName,
        appraisalNumber: appraisalRun.appraisalNumber,
        templateName: appraisalRun.templateName,
        periodFrom: appraisalRun.periodFrom,
        periodTo: appraisalRun.periodTo,
        totalScore: appraisalResult.totalScore,
        grade: appraisalResult.grade,
        rankBand: appraisalResult.rankBand,
      })
      .from(appraisalResult)
      .innerJoin(appraisalRun, eq(appraisalRun.id, appraisalResult.runId))
      .leftJoin(company, eq(company.elsAccount, appraisalRun.elsAccount))
      .where(and(where, after))
      .orderBy(desc(appraisalRun.periodFrom), desc(appraisalResult.id))
      .limit(q.pageSize)
      .offset(offset),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(appraisalResult)
        .innerJoin(appraisalRun, eq(appraisalRun.id, appraisalResult.runId))
        .where(where),
    ),
  ]);
  return pageOf(
    'scorecard',
    q,
    rows.map((r) => ({
      record: { ...r, totalScore: num(r.totalScore) },
      key: r.periodFrom,
      id: r.id,
    })),
    counted,
  );
}

async function findOwnResult(db: Queryable, auth: AuthContext, id: string) {
  const [row] = await db
    .select({ result: appraisalResult, run: appraisalRun })
    .from(appraisalResult)
    .innerJoin(appraisalRun, eq(appraisalRun.id, appraisalResult.runId))
    .where(
      and(
        eq(appraisalResult.id, id),
        eq(appraisalResult.toElsAccount, auth.elsAccount),
        eq(appraisalRun.runStatus, '1'),
      ),
    );
  if (!row) throw new AppError('404', 'appraisalRunNotFound');
  return row;
}

/**
 * One of the supplier's own scorecards: its items (weights, figures, its own evidence), total, grade,
 * rank band (never the rank among named others, never another supplier's row), its trend over the
 * buyer's finished runs, its comment, and the improvement sheets the buyer sent it from this run
 * (`improvements`, drafts excluded). '404' for anything not its own.
 */
export async function saleDetail(db: Queryable, auth: AuthContext, id: string) {
  assertSupplier(auth);
  const { result, run } = await findOwnResult(db, auth, id);
  const [scores, trend, [buyer], improvements] = await Promise.all([
    db
      .select()
      .from(appraisalScore)
      .where(and(eq(appraisalScore.runId, run.id), eq(appraisalScore.toElsAccount, auth.elsAccount))),
    db
      .select({
        id: appraisalResult.id,
        appraisalNumber: appraisalRun.appraisalNumber,
        periodFrom: appraisalRun.periodFrom,
        periodTo: appraisalRun.periodTo,
        totalScore: appraisalResult.totalScore,
        grade: appraisalResult.grade,
      })
      .from(appraisalResult)
      .innerJoin(appraisalRun, eq(appraisalRun.id, appraisalResult.runId))
      .where(
        and(
          eq(appraisalResult.toElsAccount, auth.elsAccount),
          eq(appraisalRun.elsAccount, run.elsAccount),
          eq(appraisalRun.runStatus, '1'),
        ),
      )
      .orderBy(asc(appraisalRun.periodFrom))
      .limit(24),
    db.select({ name: company.companyShortName }).from(company).where(eq(company.elsAccount, run.elsAccount)),
    sheetsFromAppraisal(db, run.elsAccount, run.appraisalNumber, {
      suppliers: [auth.elsAccount],
      sentOnly: true,
    }),
  ]);
  return {
    id: result.id,
    appraisalNumber: run.appraisalNumber,
    elsAccount: run.elsAccount,
    buyerName: buyer?.name ?? run.elsAccount,
    templateName: run.templateName,
    periodFrom: run.periodFrom,
    periodTo: run.periodTo,
    items: run.items,
    excellentMin: Number(run.excellentMin),
    goodMin: Number(run.goodMin),
    qualifiedMin: Number(run.qualifiedMin),
    totalScore: num(result.totalScore),
    grade: result.grade,
    rankBand: result.rankBand,
    supplierComment: result.supplierComment,
    commentDate: result.commentDate?.toISOString() ?? null,
    version: result.version,
    scores: scores.map((s) => toScore(s, false)),
    trend: trend.map((t) => ({ ...t, totalScore: num(t.totalScore) })),
    improvements,
  };
}

/** The supplier's comment on its scorecard (version → '409' when stale). */
export async function saleComment(
  db: Queryable,
  auth: AuthContext,
  id: string,
  body: { version: number; comment: string },
) {
  assertSupplier(auth);
  await db.transaction(async (tx) => {
    const { result } = await findOwnResult(tx, auth, id);
    const [updated] = await tx
      .update(appraisalResult)
      .set({ supplierComment: body.comment, commentDate: sql`now()`, version: result.version + 1 })
      .where(and(eq(appraisalResult.id, id), eq(appraisalResult.version, body.version)))
      .returning({ id: appraisalResult.id });
    if (!updated) throw conflict();
  });
  return saleDetail(db, auth, id);
}
