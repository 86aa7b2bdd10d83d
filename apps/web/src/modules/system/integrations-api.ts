import type { WebhookDelivery, WebhookEndpoint } from '@srm/contracts/webhook';
import { call } from '../../lib/http.ts';

/** An API key as the list shows it (the key itself only in the creation's answer). */
export type ApiKeyRow = {
  id: string;
  elsSubAccount: string;
  name: string;
  prefix: string;
  scopes: Array<{ kind: string; access: 'read' | 'write' }>;
  /** The language of the answers to the key's calls without a `lang` header (issue #32). */
  lang: 'zh_cn' | 'en';
  expiresDate: string | null;
  revokedDate: string | null;
  lastUsedDate: string | null;
  createUser: string;
  createDate: string;
  version: number;
  key?: string;
};

export type EventTypes = Array<{ kind: string; actions: string[] }>;
export type DeliveryDetail = WebhookDelivery & {
  payload: string;
  attemptLog: Array<{
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    createDate: string;
  }>;
};

export const INTEGRATION_KEYS = {
  keys: ['system', 'apiKeys'] as const,
  endpoints: ['system', 'webhooks'] as const,
  deliveries: ['system', 'webhookDeliveries'] as const,
};

/** POST /ApiKeyService/list. */
export const findApiKeys = (): Promise<ApiKeyRow[]> =>
  call({ url: '/ApiKeyService/list', method: 'POST', data: {} });
/** POST /ApiKeyService/create — answers the key once. */
export const createApiKey = (body: {
  elsSubAccount: string;
  name: string;
  scopes: ApiKeyRow['scopes'];
  expiresDate?: string;
  lang?: ApiKeyRow['lang'];
}): Promise<ApiKeyRow> => call({ url: '/ApiKeyService/create', method: 'POST', data: body });
/** POST /ApiKeyService/revoke/{id}. */
export const revokeApiKey = (row: ApiKeyRow): Promise<ApiKeyRow> =>
  call({ url: `/ApiKeyService/revoke/${row.id}`, method: 'POST', data: { version: row.version } });

/** POST /WebhookService/eventTypes — every kind with its actions. */
export const findEventTypes = (): Promise<EventTypes> =>
  call({ url: '/WebhookService/eventTypes', method: 'POST', data: {} });
/** POST /WebhookService/list. */
export const findEndpoints = (): Promise<WebhookEndpoint[]> =>
  call({ url: '/WebhookService/list', method: 'POST', data: {} });
/** POST /WebhookService/save — a new endpoint answers its secret once. */
export const saveEndpoint = (body: {
  id?: string;
  version?: number;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}): Promise<WebhookEndpoint> => call({ url: '/WebhookService/save', method: 'POST', data: body });
/** POST /WebhookService/rotateSecret/{id} — answers the new secret once. */
export const rotateSecret = (row: WebhookEndpoint): Promise<WebhookEndpoint> =>
  call({ url: `/WebhookService/rotateSecret/${row.id}`, method: 'POST', data: { version: row.version } });
/** POST /WebhookService/delete/{id}. */
export const deleteEndpoint = (row: WebhookEndpoint): Promise<null> =>
  call({ url: `/WebhookService/delete/${row.id}`, method: 'POST', data: { version: row.version } });
/** POST /WebhookService/ping/{id}. */
export const pingEndpoint = (id: string): Promise<{ id: number }> =>
  call({ url: `/WebhookService/ping/${id}`, method: 'POST', data: {} });
/** POST /WebhookService/deliveries — newest first, keyset by beforeId. */
export const findDeliveries = (body: {
  endpointId?: string;
  status?: 'pending' | 'delivered' | 'failed';
  beforeId?: number;
  pageSize: number;
}): Promise<WebhookDelivery[]> => call({ url: '/WebhookService/deliveries', method: 'POST', data: body });
/** POST /WebhookService/delivery/{id} — body and attempts. */
export const findDelivery = (id: number): Promise<DeliveryDetail> =>
  call({ url: `/WebhookService/delivery/${id}`, method: 'POST', data: {} });
/** POST /WebhookService/redeliver/{id}. */
export const redeliver = (id: number): Promise<WebhookDelivery> =>
  call({ url: `/WebhookService/redeliver/${id}`, method: 'POST', data: {} });
