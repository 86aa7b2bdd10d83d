import { z } from 'zod';

/**
 * Webhooks per company (issue #18): shapes shared by the server and the admin screens.
 * An event type is `{documentKind}.{action}` (`purchaseOrder.send`, `recon.confirm` …); a subscription
 * pattern is that, `{documentKind}.*`, or `*` for everything.
 */
export const WEBHOOK_HEADERS = {
  /** The event's id (a receiver drops an id it has seen: a delivery may come twice after a crash). */
  id: 'x-srm-webhook-id',
  /** Seconds since the epoch when this attempt was signed. */
  timestamp: 'x-srm-webhook-timestamp',
  /** `v1=` + hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
  signature: 'x-srm-webhook-signature',
} as const;

/** At most this many endpoints per company. */
export const WEBHOOK_MAX_ENDPOINTS = 20;
/** A delivery is retried until this long after the event (ms), then marked failed and its endpoint disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600 * 1000;

export const webhookPatternSchema = z
  .string()
  .regex(/^(\*|[a-zA-Z][a-zA-Z0-9]{0,49}\.(\*|[a-zA-Z][a-zA-Z0-9]{0,49}))$/, {
    message: 'an event type is "*", "{kind}.*" or "{kind}.{action}"',
  });

export const webhookSaveSchema = z.object({
  /** Absent: a new endpoint (its secret is answered once). */
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  url: z.url({ protocol: /^https?$/, message: 'an http(s) URL' }).max(500),
  description: z.string().max(200).default(''),
  eventTypes: z.array(webhookPatternSchema).min(1).max(50),
  enabled: z.boolean().default(true),
});
export type WebhookSave = z.infer<typeof webhookSaveSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createUser: z.string(),
  createDate: z.string(),
  version: z.number(),
  /** Only in the answer that created the endpoint or rotated its secret. */
  secret: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  deliveredDate: z.string().nullable(),
  createDate: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
