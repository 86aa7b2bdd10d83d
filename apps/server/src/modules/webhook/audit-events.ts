import { type SQL, sql } from 'drizzle-orm';
import type { AuditDeliveryEvent } from '../../platform/ports.ts';
import { webhookEndpoint } from './tables.ts';

/**
 * The document events of the audit trail (issue #18, docs/webhooks.md): the `webhooks` port of
 * platform/audit-trail.ts (platform/ports.ts; wired in wiring.ts). `recordAudit` writes its trail row and
 * this insert in one statement, so the change and its deliveries commit together.
 */

/**
 * SQL queueing one delivery per enabled endpoint of `parties` subscribed to `type` (`*`,
 * `{documentKind}.*` or the exact type), appended to a statement whose relation `trail` holds the event's
 * `id` and `create_date`. The event body: `{ id, type, createdAt (ISO-8601 UTC), elsAccount, data }`.
 */
export function auditDeliveriesSql(event: AuditDeliveryEvent): SQL {
  const { trail, type } = event;
  return sql`insert into webhook_delivery (endpoint_id, els_account, event_id, event_type, document_id, payload)
    select e.id, e.els_account, a.id, ${type}::text, ${event.documentId}::uuid,
      jsonb_build_object('id', a.id, 'type', ${type}::text,
        'createdAt', to_char(a.create_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'elsAccount', e.els_account,
        'data', ${event.data})::text
    from ${trail} a join ${webhookEndpoint} e on e.enabled
      and e.els_account in (${sql.join(
        event.parties.map((p) => sql`${p}`),
        sql`, `,
      )})
      and e.event_types && array[${type}::text, ${`${event.documentKind}.*`}::text, '*']`;
}
