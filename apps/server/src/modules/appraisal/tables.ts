import type { Evidence, TemplateItem } from '@srm/contracts/appraisal';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A template item once saved: its id is always set, scaleMax defaults to 100 for manual items. */
export type SavedItem = TemplateItem & { itemId: string };

function stamps() {
  return {
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  };
}

/**
 * Appraisal templates of a buyer (`els_account`), numbered AT…: indicators (JSONB items, weights total 100)
 * and grade bands. Status 0 draft, 1 released (runs may use it), 2 disabled.
 */
export const appraisalTemplate = pgTable(
  'appraisal_template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    templateNumber: text('template_number').notNull(),
    templateName: text('template_name').notNull(),
    templateStatus: text('template_status').notNull().default('0'),
    excellentMin: numeric('excellent_min', { precision: 5, scale: 2 }).notNull().default('90'),
    goodMin: numeric('good_min', { precision: 5, scale: 2 }).notNull().default('80'),
    qualifiedMin: numeric('qualified_min', { precision: 5, scale: 2 }).notNull().default('60'),
    items: jsonb('items').$type<SavedItem[]>().notNull(),
    remark: text('remark'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('appraisal_template_number_uq').on(t.elsAccount, t.templateNumber),
    index('appraisal_template_list_idx').on(t.elsAccount, t.createDate.desc(), t.id.desc()),
  ],
);

/**
 * An appraisal run (`appraisalNumber` AR…) of one buyer over the period [period_from, period_to) with a copy
 * of its template (items and bands, so later template edits do not change it). Experts per manual item.
 * Status 0 scoring, 1 finished.
 */
export const appraisalRun = pgTable(
  'appraisal_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    appraisalNumber: text('appraisal_number').notNull(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => appraisalTemplate.id),
    templateName: text('template_name').notNull(),
    items: jsonb('items').$type<SavedItem[]>().notNull(),
    excellentMin: numeric('excellent_min', { precision: 5, scale: 2 }).notNull(),
    goodMin: numeric('good_min', { precision: 5, scale: 2 }).notNull(),
    qualifiedMin: numeric('qualified_min', { precision: 5, scale: 2 }).notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    supplierType: text('supplier_type'),
    experts: jsonb('experts').$type<Array<{ itemId: string; elsSubAccount: string }>>().notNull().default([]),
    runStatus: text('run_status').notNull().default('0'),
    finishDate: timestamp('finish_date', { withTimezone: true }),
    remark: text('remark'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('appraisal_run_number_uq').on(t.elsAccount, t.appraisalNumber),
    index('appraisal_run_list_idx').on(t.elsAccount, t.createDate.desc(), t.id.desc()),
  ],
);

/**
 * A supplier's result in a run (its scorecard header): rating status (seed 001 §4), total, grade, rank and
 * the band the supplier may see, the grade proposal (a lifecycle supplierGrade request) and its comment.
 */
export const appraisalResult = pgTable(
  'appraisal_result',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => appraisalRun.id, { onDelete: 'cascade' }),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    supplierName: text('supplier_name').notNull(),
    ratingStatus: text('rating_status').notNull().default('0'),
    totalScore: numeric('total_score', { precision: 7, scale: 2 }),
    grade: text('grade'),
    rankNo: integer('rank_no'),
    rankBand: text('rank_band'),
    /** The lifecycle request proposing the grade (SC…), or why none was made. */
    proposalNumber: text('proposal_number'),
    proposalNote: text('proposal_note'),
    supplierComment: text('supplier_comment'),
    commentDate: timestamp('comment_date', { withTimezone: true }),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('appraisal_result_run_supplier_uq').on(t.runId, t.toElsAccount),
    index('appraisal_result_supplier_idx').on(t.toElsAccount, t.elsAccount),
  ],
);

/**
 * One item of one supplier in a run: computed items hold rate (0–1), the shown value and the evidence
 * documents; manual items the expert's score (given, on the item's scale) and who gave it. `score` is the
 * weighted score (rate × weight, or given ÷ scaleMax × weight); null until there is one.
 */
export const appraisalScore = pgTable(
  'appraisal_score',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => appraisalRun.id, { onDelete: 'cascade' }),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    itemId: text('item_id').notNull(),
    rate: numeric('rate', { precision: 9, scale: 6 }),
    value: numeric('value', { precision: 18, scale: 4 }),
    /** Returned value (return rate only), money of the returns. */
    amount: numeric('amount', { precision: 18, scale: 2 }),
    given: numeric('given', { precision: 9, scale: 2 }),
    score: numeric('score', { precision: 7, scale: 2 }),
    evidence: jsonb('evidence').$type<Evidence[]>().notNull().default([]),
    scorer: text('scorer'),
    scoreDate: timestamp('score_date', { withTimezone: true }),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('appraisal_score_uq').on(t.runId, t.toElsAccount, t.itemId)],
);
