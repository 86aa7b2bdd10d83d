import type { ComputedMetric, Evidence } from '@srm/contracts/appraisal';
import { type SQL, sql } from 'drizzle-orm';
import { startOfDay } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';

/**
 * Computed indicators (issue #17): one set-based SQL statement per metric over the portal's own tables
 * for one buyer, a set of suppliers and the period [from, to) (dates in the buyer's time zone, issue #35: a
 * delivery received at 01:00 Beijing time on the 11th was received on the 11th, and a period's first day
 * begins at its midnight there). Each statement groups by
 * supplier, so a run over 1,000 suppliers is six statements, not 6,000. Every figure comes with the
 * evidence rows (document numbers) it was computed from.
 */

/** One supplier's figure: rate scored (0–1, higher is better), value shown, money (returns) and evidence. */
export type MetricFigure = {
  rate: number | null;
  value: number | null;
  amount: string | null;
  evidence: Evidence[];
};

type Row = {
  supplier: string;
  total: string | number;
  good: string | number | null;
  value: string | number | null;
  amount: string | null;
  evidence: Evidence[] | null;
};

/** Hours within which an order must be confirmed or refused to count as answered in time. */
export const RESPONSE_HOURS = 24;

/** Evidence rows kept per supplier and metric (the figure itself counts every row). */
export const EVIDENCE_LIMIT = 500;

function statement(
  metric: ComputedMetric,
  buyer: string,
  suppliers: SQL,
  from: string,
  to: string,
  timeZone: string,
): SQL {
  // Timestamps are bounded by the instants the period's days begin in the zone (index-friendly); date-only
  // columns by the dates themselves; a timestamp's day or time shown is the zone's.
  const fromAt = new Date(startOfDay(timeZone, from)).toISOString();
  const toAt = new Date(startOfDay(timeZone, to)).toISOString();
  switch (metric) {
    case 'onTimeDelivery':
    case 'quantityAccuracy': {
      const ok =
        metric === 'onTimeDelivery'
          ? sql`(dn.confirm_date at time zone ${timeZone})::date <= poi.delivery_date`
          : sql`dni.confirm_quantity = dni.send_delivery_note_quantity`;
      // Every line counts; only the first EVIDENCE_LIMIT of each supplier (failures first) are built into
      // evidence: the FILTER skips building the others' JSON, and no more than the limit leaves the database.
      return sql`
        with lines as (
          select dn.to_els_account as supplier, ${ok} as ok, dn.delivery_note_number, dni.item_number,
            dni.order_number, poi.delivery_date, dn.confirm_date, dni.send_delivery_note_quantity,
            dni.confirm_quantity,
            row_number() over (partition by dn.to_els_account
              order by ${ok}, dn.confirm_date, dn.delivery_note_number, dni.item_number) as rn
          from delivery_note dn
          join delivery_note_item dni on dni.document_id = dn.id
          join purchase_order_item poi on poi.id = dni.order_item_id
          where dn.els_account = ${buyer} and dn.to_els_account = any(${suppliers})
            and dn.confirm_date >= ${fromAt}::timestamptz and dn.confirm_date < ${toAt}::timestamptz
            and dni.confirm_quantity > 0)
        select supplier, count(*) as total, count(*) filter (where ok) as good,
          null::numeric as value, null::text as amount,
          coalesce(jsonb_agg(jsonb_build_object(
            'number', delivery_note_number, 'line', item_number::text, 'ok', ok,
            'values', jsonb_build_object('orderNumber', order_number,
              'requested', delivery_date::text, 'received', ((confirm_date at time zone ${timeZone})::date)::text,
              'shipped', send_delivery_note_quantity::text, 'receivedQty', confirm_quantity::text))
            order by rn) filter (where rn <= ${EVIDENCE_LIMIT}), '[]'::jsonb) as evidence
        from lines
        group by supplier`;
    }
    case 'returnRate':
      return sql`
        with received as (
          select dn.to_els_account as supplier, sum(dni.confirm_quantity) as qty
          from delivery_note dn join delivery_note_item dni on dni.document_id = dn.id
          where dn.els_account = ${buyer} and dn.to_els_account = any(${suppliers})
            and dn.confirm_date >= ${fromAt}::timestamptz and dn.confirm_date < ${toAt}::timestamptz
          group by dn.to_els_account),
        returned as (
          select r.to_els_account as supplier, sum(ri.return_quantity) as qty, sum(ri.total_amount) as amount,
            jsonb_agg(jsonb_build_object('number', r.refund_number, 'line', ri.item_number::text, 'ok', false,
              'values', jsonb_build_object('orderNumber', ri.order_number, 'returned', ri.return_quantity::text,
                'amount', ri.total_amount::text, 'received', r.return_data::text))
              order by r.return_data, r.refund_number) as evidence
          from refund r join refund_item ri on ri.document_id = r.id
          where r.els_account = ${buyer} and r.to_els_account = any(${suppliers})
            and r.refund_status in ('1', '2') and r.return_data >= ${from}::date and r.return_data < ${to}::date
          group by r.to_els_account)
        select coalesce(rc.supplier, rt.supplier) as supplier, coalesce(rc.qty, 0) as total,
          coalesce(rt.qty, 0) as good, null::numeric as value, coalesce(rt.amount, 0)::text as amount,
          coalesce(rt.evidence, '[]'::jsonb) as evidence
        from received rc full join returned rt on rt.supplier = rc.supplier`;
    case 'priceCompetitiveness':
      return sql`
        with cur as (
          select s.enquiry_id, s.item_id, s.to_els_account, s.quota, q.price_excluding_tax as price
          from enquiry_supplier s join enquiry_quote q on q.invitation_id = s.id and q.status = '1'
          join enquiry e on e.id = s.enquiry_id
          where s.els_account = ${buyer} and e.els_account = ${buyer}
            and e.enquiry_date >= ${from}::date and e.enquiry_date < ${to}::date),
        lines as (select item_id, min(price) as lowest, count(*) as quotes from cur group by item_id)
        select cur.to_els_account as supplier, count(*) as total,
          sum(case when cur.price > 0 then lines.lowest / cur.price else 1 end) as good,
          null::numeric as value, null::text as amount,
          jsonb_agg(jsonb_build_object('number', e.enquiry_number, 'line', ei.line_number::text,
            'ok', cur.price <= lines.lowest,
            'values', jsonb_build_object('price', cur.price::text, 'lowest', lines.lowest::text,
              'quotes', lines.quotes::text)) order by e.enquiry_number, ei.line_number) as evidence
        from cur join lines on lines.item_id = cur.item_id
        join enquiry e on e.id = cur.enquiry_id join enquiry_item ei on ei.id = cur.item_id
        where cur.quota > 0 and cur.to_els_account = any(${suppliers})
        group by cur.to_els_account`;
    case 'responsiveness':
      return sql`
        with sent as (
          select po.id, po.to_els_account, po.order_number, po.send_time,
            (select min(a.create_date) from audit_trail a
              where a.document_kind = 'order' and a.document_id = po.id and a.action in ('confirm', 'refuse')
                and a.create_date >= po.send_time) as answered
          from purchase_order po
          where po.els_account = ${buyer} and po.to_els_account = any(${suppliers}) and po.send_status = '1'
            and po.send_time >= ${fromAt}::timestamptz and po.send_time < ${toAt}::timestamptz),
        timed as (
          select *, extract(epoch from (answered - send_time)) / 3600 as hours,
            coalesce(answered - send_time <= make_interval(hours => ${RESPONSE_HOURS}), false) as ok
          from sent),
        ranked as (
          select *, row_number() over (partition by to_els_account order by ok, send_time, order_number) as rn
          from timed)
        select to_els_account as supplier, count(*) as total, count(*) filter (where ok) as good,
          round(avg(hours)::numeric, 2) as value, null::text as amount,
          jsonb_agg(jsonb_build_object('number', order_number, 'ok', ok,
            'values', jsonb_build_object('sent', to_char(send_time at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI'),
              'hours', coalesce(round(hours::numeric, 1)::text, '-'))) order by rn)
            filter (where rn <= ${EVIDENCE_LIMIT}) as evidence
        from ranked group by to_els_account`;
    case 'invoiceAccuracy':
      return sql`
        select i.to_els_account as supplier, count(*) as total,
          count(*) filter (where i.match_status = '1' and i.invoice_status <> '3'
            and i.back_reason is null) as good,
          null::numeric as value, null::text as amount,
          jsonb_agg(jsonb_build_object('number', i.invoice_sequence,
            'ok', i.match_status = '1' and i.invoice_status <> '3' and i.back_reason is null,
            'values', jsonb_build_object('status', i.invoice_status, 'received', i.invoice_date::text))
            order by i.invoice_date, i.invoice_sequence) as evidence
        from invoice i
        where i.els_account = ${buyer} and i.to_els_account = any(${suppliers})
          and i.invoice_status not in ('0', '5')
          and i.invoice_date >= ${from}::date and i.invoice_date < ${to}::date
        group by i.to_els_account`;
  }
}

/** Turns one statement row into the figure: rate = good ÷ total (return rate: 1 − returned ÷ received). */
function figureOf(metric: ComputedMetric, row: Row): MetricFigure {
  const total = Number(row.total);
  const good = Number(row.good ?? 0);
  const evidence = (row.evidence ?? []).slice(0, EVIDENCE_LIMIT);
  if (metric === 'returnRate') {
    if (total <= 0) return { rate: null, value: null, amount: row.amount, evidence };
    const share = Math.min(1, good / total);
    return { rate: 1 - share, value: share, amount: row.amount, evidence };
  }
  if (total <= 0) return { rate: null, value: null, amount: null, evidence };
  const rate = good / total;
  const value = metric === 'responsiveness' ? (row.value === null ? null : Number(row.value)) : rate;
  return { rate, value, amount: null, evidence };
}

/**
 * The figures of the metrics for the buyer's suppliers over [from, to) (YYYY-MM-DD in `timeZone`, the
 * buyer's: platform/clock.ts companyTimeZone): metric → supplier → figure. A supplier without documents for a
 * metric has no entry (the item does not apply to it).
 */
export async function computeMetrics(
  tx: Queryable,
  buyer: string,
  suppliers: string[],
  from: string,
  to: string,
  metrics: Iterable<ComputedMetric>,
  timeZone: string,
): Promise<Map<ComputedMetric, Map<string, MetricFigure>>> {
  const out = new Map<ComputedMetric, Map<string, MetricFigure>>();
  if (suppliers.length === 0) return out;
  const list = sql`string_to_array(${suppliers.join(',')}, ',')`;
  for (const metric of new Set(metrics)) {
    const result = await tx.execute(statement(metric, buyer, list, from, to, timeZone));
    const rows = ((result as { rows?: unknown[] }).rows ?? []) as Row[];
    const bySupplier = new Map<string, MetricFigure>();
    for (const row of rows) bySupplier.set(row.supplier, figureOf(metric, row));
    out.set(metric, bySupplier);
  }
  return out;
}
