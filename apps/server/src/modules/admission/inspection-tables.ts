import {
  facInsDefinition,
  facInsTemplateDefinition,
  sampleDefinition,
  sampleTemplateDefinition,
} from '@srm/contracts/inspection';
import { numeric } from 'drizzle-orm/pg-core';
import { documentTables } from '../../platform/document/table-builder.ts';

/**
 * Factory inspections and samples of supplier admission (issue #16; packages/contracts/src/inspection.ts),
 * built from their definitions (`documentTables`, issue #34). Scores: numeric(6,2), 0 … the item's max
 * score (the builder's numeric(18, 2) is wider: the kinds keep their narrower score columns); quantities
 * numeric(18,3) in the material's unit. Templates are buyer-internal (to_els_account = the buying company).
 */

const score = (name: string) => numeric(name, { precision: 6, scale: 2 });
const total = (name: string) => numeric(name, { precision: 8, scale: 2 });
/** The item's weight in the total (score × weight; issue #16), > 0, default 1. */
const weight = () => numeric('weight', { precision: 5, scale: 2 }).notNull().default('1.00');

const facInsTemplateTables = documentTables(facInsTemplateDefinition, {
  numberOwner: 'elsAccount',
  header: {
    extra: { passScore: score('pass_score').notNull(), maxTotal: total('max_total').notNull().default('0') },
  },
  lines: { name: 'fac_ins_rev_item', extra: { maxScore: score('max_score').notNull(), weight: weight() } },
});

/** Factory inspection templates, kind `facInsTemplate` (FT2026110001); TEMPLATE_STATUS DRAFT, RELEASE, REVOKE. */
export const facInsTemplate = facInsTemplateTables.header;

/** Review items of a factory inspection template (`facInsRevItem`): names unique within the template. */
export const facInsRevItem = facInsTemplateTables.lines;

const facInsTables = documentTables(facInsDefinition, {
  numberOwner: 'elsAccount',
  header: {
    notNull: ['supplierName', 'buyerName', 'templateName'],
    extra: {
      passScore: score('pass_score').notNull(),
      /** Set when the result is approved: the exact sum of the item scores. */
      totalScore: total('total_score'),
    },
  },
  lines: {
    extra: { maxScore: score('max_score').notNull(), weight: weight(), score: score('score') },
  },
});

/**
 * Factory inspections, kind `facIns` (FI2026110001), numbered by the buyer. FAC_INS_STATUS: 0 draft,
 * 1 inspecting, 2 passed, 3 failed; auditStatus the result's approval (task type "inspection");
 * `inspectors` buyer sub-accounts, comma-separated; `result` PASS_FAIL once approved.
 */
export const facIns = facInsTables.header;

/** The review items of one inspection (copied from its template) with their scores. */
export const facInsItem = facInsTables.lines;

const sampleTemplateTables = documentTables(sampleTemplateDefinition, {
  numberOwner: 'elsAccount',
  header: { name: 'sample_template' },
});

/** Sample templates, kind `sampleTemplateNumber` (ST2026110001). */
export const sampleTemplate = sampleTemplateTables.header;

/** Test items of a sample template: names unique within the template. */
export const sampleTemplateItem = sampleTemplateTables.lines;

const sampleTables = documentTables(sampleDefinition, {
  numberOwner: 'elsAccount',
  header: { name: 'sample', notNull: ['supplierName', 'buyerName', 'templateName'] },
});

/**
 * Samples, kind `sampleNumber` (SP2026110001), numbered by the buyer. SAMPLE_STATUS: 0 draft,
 * 1 requested, 2 sent, 3 passed, 4 failed; `conclusion` PASS_FAIL once approved.
 */
export const sample = sampleTables.header;

/** The test items of one sample (copied from its template) with the buyer's results. */
export const sampleItem = sampleTables.lines;
