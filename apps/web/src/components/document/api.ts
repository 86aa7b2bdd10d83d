import type { Inbox } from '@srm/contracts/account';
import type { DocumentDefinition, Side } from '@srm/contracts/document/define';
import { servicePath } from '@srm/contracts/document/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useAuth } from '../../lib/auth-store.ts';
import { ApiError, call, http } from '../../lib/http.ts';
import type { Page } from '../../lib/message-api.ts';

/**
 * Typed calls of the kernel's generic routes (`/apis/{module}/{Purchase|Sale}{Service}Service/…`) and the
 * TanStack Query hooks of the generic screens.
 */

/** A list or detail record: the definition's header and status fields, the standard columns, fbkN flat. */
export type DocRecord = Record<string, unknown> & {
  id: string;
  version: number;
  elsAccount: string;
  toElsAccount: string;
  createUser?: string;
  createDate?: string;
  lastUpdateDate?: string;
};
/** A line: the definition's line fields, its id and fbkN. */
export type DocLine = Record<string, unknown> & { id: string };
export type TrailRow = {
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  remark: string | null;
  createUser: string;
  /** The acting user's name; null when the actor is no sub-account (show createUser then). */
  createUserName: string | null;
  createDate: string;
};
export type TaskRow = {
  id: string;
  stepName: string;
  /** Issue #33: the English step name (null: show stepName); who may approve it while it waits. */
  stepNameEn?: string | null;
  candidates?: Array<{ elsSubAccount: string; name: string }> | null;
  candidateCount?: number;
  status: string;
  handledBy: string | null;
  /** The handler's sub-account name (issue #19); null when none is known (show handledBy). */
  handledByName?: string | null;
  /** Delegation (issue #19): the sub-account the handler acted for; null for themselves. */
  handledOnBehalfOf?: string | null;
  handledOnBehalfOfName?: string | null;
  remark: string | null;
};
export type DocDetail = {
  record: DocRecord;
  /** The creator's sub-account name (issue #19); null when none is known (show record.createUser). */
  createUserName?: string | null;
  lines: DocLine[];
  /** A kind's child collections the caller's side reads (issue #34): name → rows; absent for other kinds. */
  collections?: Record<string, DocLine[]>;
  trail: TrailRow[];
  tasks: TaskRow[];
  /** What the caller may do now (the server's reading of the transition table). */
  actions?: string[];
};
/** One result per item of a bulk action, in the order the items were sent. */
export type BulkResult = { results: Array<{ code: string; message: string }> };

/** The caller's side: a sale-station user acts as the supplier, everyone else as the buyer. */
export function useDocumentSide(): Side {
  return useAuth((s) => (s.userInfo?.station === 'sale' ? 'sale' : 'purchase'));
}

/** The base path of one side's calls, relative to the http client's `/apis`. */
export function basePath(def: DocumentDefinition, side: Side): string {
  return servicePath(def, side).replace(/^\/apis/, '');
}

/** Query keys: everything of a kind shares its prefix, so one action refreshes lists and details. */
export const documentKeys = {
  all: (def: DocumentDefinition) => ['document', def.kind] as const,
  list: (def: DocumentDefinition, side: Side, filter: unknown) =>
    ['document', def.kind, 'list', side, filter] as const,
  detail: (def: DocumentDefinition, side: Side, id: string) =>
    ['document', def.kind, 'detail', side, id] as const,
  attachments: (def: DocumentDefinition, side: Side, id: string) =>
    ['document', def.kind, 'attachments', side, id] as const,
};

/** A file attached to a document by either party (platform/document/attachments.ts). */
export type DocAttachment = {
  id: string;
  fileName: string;
  contentType: string;
  /** Bytes. */
  size: number;
  filePath: string;
  /** The uploading company and its side of the document. */
  elsAccount: string;
  side: Side;
  createUser: string;
  createDate: string;
  /** The caller's company attached it (only then may it remove it). */
  mine: boolean;
};

/** `GET …/attachments/{id}` → the document's files, oldest first. */
export function findAttachments(def: DocumentDefinition, side: Side, id: string): Promise<DocAttachment[]> {
  return call<DocAttachment[]>({ url: `${basePath(def, side)}/attachments/${encodeURIComponent(id)}` });
}
/** `POST …/attachments/{id}` with the multipart field `file` → the new attachment. */
export function uploadAttachment(
  def: DocumentDefinition,
  side: Side,
  id: string,
  file: File,
): Promise<DocAttachment> {
  const form = new FormData();
  form.append('file', file);
  return call<DocAttachment>({
    url: `${basePath(def, side)}/attachments/${encodeURIComponent(id)}`,
    method: 'POST',
    data: form,
  });
}
/** `POST …/deleteAttachment/{id}` with `{ attachmentId }` (a file the caller's company attached). */
export function deleteAttachment(
  def: DocumentDefinition,
  side: Side,
  id: string,
  attachmentId: string,
): Promise<null> {
  return call<null>({
    url: `${basePath(def, side)}/deleteAttachment/${encodeURIComponent(id)}`,
    method: 'POST',
    data: { attachmentId },
  });
}
/** Downloads an attachment (the token travels as a header, so the file is fetched, then saved). */
export async function downloadAttachment(file: Pick<DocAttachment, 'filePath' | 'fileName'>) {
  const { blob } = await fetchBlob({
    url: `/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(file.filePath)}`,
    method: 'GET',
  });
  saveBlob(blob, file.fileName);
}

/** The files of a document, and upload/remove calls that refresh them and the history. */
export function useDocumentAttachments(def: DocumentDefinition, side: Side, id: string) {
  const client = useQueryClient();
  const queryKey = documentKeys.attachments(def, side, id);
  const list = useQuery({ queryKey, queryFn: () => findAttachments(def, side, id), enabled: Boolean(id) });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey }),
      client.invalidateQueries({ queryKey: documentKeys.detail(def, side, id) }),
    ]);
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachment(def, side, id, file),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (attachmentId: string) => deleteAttachment(def, side, id, attachmentId),
    onSettled: refresh,
  });
  return { list, upload, remove };
}

export function findDocuments(
  def: DocumentDefinition,
  side: Side,
  body: Record<string, unknown>,
): Promise<Page<DocRecord>> {
  return call<Page<DocRecord>>({ url: `${basePath(def, side)}/findPageList`, method: 'POST', data: body });
}
export function findDocument(def: DocumentDefinition, side: Side, id: string): Promise<DocDetail> {
  return call<DocDetail>({ url: `${basePath(def, side)}/findDetail/${encodeURIComponent(id)}` });
}
export function saveDocument(
  def: DocumentDefinition,
  side: Side,
  body: Record<string, unknown>,
): Promise<DocRecord> {
  return call<DocRecord>({ url: `${basePath(def, side)}/save`, method: 'POST', data: body });
}
/** `POST …/{action}/{id}` with the action's body; delete, submit and withdraw take `{ version }`. */
export function runDocumentAction(
  def: DocumentDefinition,
  side: Side,
  action: string,
  id: string,
  body: Record<string, unknown>,
): Promise<DocRecord | null> {
  return call<DocRecord | null>({
    url: `${basePath(def, side)}/${action}/${encodeURIComponent(id)}`,
    method: 'POST',
    data: body,
  });
}
/** `POST …/{action}` with `{ items: [{ id, version }], remark? }` → one result per document. */
export function runBulkAction(
  def: DocumentDefinition,
  side: Side,
  action: string,
  body: { items: Array<{ id: string; version: number }>; remark?: string },
): Promise<BulkResult> {
  return call<BulkResult>({ url: `${basePath(def, side)}/${action}`, method: 'POST', data: body });
}

/** Reads a binary answer; a JSON envelope instead (an error) becomes an Error with the server's message. */
export async function fetchBlob(config: { url: string; method: 'GET' | 'POST'; data?: unknown }): Promise<{
  blob: Blob;
  name: string | null;
}> {
  const res = await http.request<Blob>({ ...config, responseType: 'blob' });
  const type = String(res.headers['content-type'] ?? '');
  if (res.status !== 200 || type.includes('json')) {
    let message = `HTTP ${res.status}`;
    try {
      message = (JSON.parse(await res.data.text()) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: res.data, name: name ? decodeURIComponent(name) : null };
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `POST …/export` with the list's filter → the xlsx download. */
export async function exportDocuments(
  def: DocumentDefinition,
  side: Side,
  filter: Record<string, unknown>,
): Promise<void> {
  const { blob, name } = await fetchBlob({
    url: `${basePath(def, side)}/export`,
    method: 'POST',
    data: filter,
  });
  saveBlob(blob, name ?? `${def.kind}.xlsx`);
}

/** `GET …/exportLines/{id}` → one document's lines as an xlsx download (the print layout's line fields). */
export async function exportDocumentLines(
  def: DocumentDefinition,
  side: Side,
  id: string,
  number: string,
): Promise<void> {
  const { blob, name } = await fetchBlob({
    url: `${basePath(def, side)}/exportLines/${encodeURIComponent(id)}`,
    method: 'GET',
  });
  saveBlob(blob, name ?? `${number}-lines.xlsx`);
}

/** `GET …/importTemplate` → the kind's import template (.xlsx, headers in the user's language). */
export async function downloadImportTemplate(def: DocumentDefinition, side: Side): Promise<void> {
  const { blob, name } = await fetchBlob({ url: `${basePath(def, side)}/importTemplate`, method: 'GET' });
  saveBlob(blob, name ?? `${def.kind}-import.xlsx`);
}

/**
 * One problem of an import file: its sheet (absent: the first; a child collection's sheet, issue #34), the
 * sheet's row, the column's label and the message (user's language).
 */
export type ImportRowError = { sheet?: string; row: number; field: string; message: string };
/** An import's outcome: documents created (their numbers), or nothing created and the file's problems. */
export type ImportOutcome =
  | { ok: true; created: number; numbers: string[] }
  | { ok: false; message: string; errors: ImportRowError[] };

/**
 * `POST …/import` with the file as multipart part `file` (issue #12). A '400' listing rows becomes
 * `{ ok: false, errors }`; any other failure (not a workbook, missing column …) rejects with its message.
 */
export async function importDocuments(
  def: DocumentDefinition,
  side: Side,
  file: Blob,
  fileName = 'import.xlsx',
): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, fileName);
  try {
    const data = await call<{ created: number; numbers: string[] }>({
      url: `${basePath(def, side)}/import`,
      method: 'POST',
      data: form,
    });
    return { ok: true, ...data };
  } catch (e) {
    const list = e instanceof ApiError ? (e.data as { errors?: unknown } | null)?.errors : undefined;
    if (!Array.isArray(list) || list.length === 0) throw e;
    return {
      ok: false,
      message: (e as ApiError).message,
      errors: list.map((x: Partial<ImportRowError>) => ({
        ...(x.sheet ? { sheet: String(x.sheet) } : {}),
        row: Number(x.row ?? 0),
        field: String(x.field ?? ''),
        message: String(x.message ?? ''),
      })),
    };
  }
}

/**
 * Opens a PDF of the API (print, box labels) in a new tab. The call needs the token header, so the file
 * is fetched first; the tab is opened at the click (popup blockers allow that) and shown the file once it
 * arrives. Without a tab (blocked), the file is downloaded instead.
 */
export async function openPdf(path: string, fallbackName: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob, name } = await fetchBlob({ url: path, method: 'GET' });
    const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
    if (tab && !tab.closed) {
      const url = URL.createObjectURL(pdf);
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } else saveBlob(pdf, name ?? fallbackName);
  } catch (e) {
    tab?.close();
    throw e;
  }
}

/**
 * The list of one kind and side for the DataTable: its query key and page fetcher. Page numbers reach the
 * offset window; a page right after one that returned `nextCursor` is read by that keyset cursor (the
 * server reads it at any depth in the time of the first page).
 */
export function useDocumentList(def: DocumentDefinition, side: Side, filter: Record<string, unknown>) {
  const cursors = useRef(new Map<string, string>());
  const sig = JSON.stringify(filter);
  return useMemo(() => {
    cursors.current.clear();
    const queryKey = documentKeys.list(def, side, JSON.parse(sig) as unknown);
    const fetchPage = async (paging: { currentPage: number; pageSize: number }) => {
      const key = `${paging.pageSize}:${paging.currentPage}`;
      const cursor = paging.currentPage > 1 ? cursors.current.get(key) : undefined;
      const page = await findDocuments(def, side, {
        ...(JSON.parse(sig) as Record<string, unknown>),
        ...paging,
        ...(cursor ? { cursor } : {}),
      });
      if (page.nextCursor)
        cursors.current.set(`${paging.pageSize}:${paging.currentPage + 1}`, page.nextCursor);
      return page;
    };
    return { queryKey, fetchPage };
  }, [def, side, sig]);
}

export function useDocumentDetail(def: DocumentDefinition, side: Side, id: string) {
  return useQuery({
    queryKey: documentKeys.detail(def, side, id),
    queryFn: () => findDocument(def, side, id),
    enabled: Boolean(id),
  });
}

/** Runs one action on one document; refreshes every list and detail of the kind afterwards. */
export function useDocumentAction(def: DocumentDefinition, side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: string; id: string; body: Record<string, unknown> }) =>
      runDocumentAction(def, side, v.action, v.id, v.body),
    // A deleted document is gone: drop its detail rather than read it again ('404').
    onSuccess: (_data, v) => {
      if (v.action === 'delete') client.removeQueries({ queryKey: documentKeys.detail(def, side, v.id) });
    },
    onSettled: (_data, error, v) =>
      client.invalidateQueries({
        queryKey: documentKeys.all(def),
        predicate: (q) => error !== null || v.action !== 'delete' || q.queryKey[4] !== v.id,
      }),
  });
}

/** Saves a document (create without id, edit with id and version); refreshes the kind's queries. */
export function useDocumentSave(def: DocumentDefinition, side: Side) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => saveDocument(def, side, body),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all(def) }),
  });
}

/**
 * The supplier's inbox (issue #16): `GET /apis/ElsAccountService/findInbox` — the buyers its company is
 * linked with and the one the user's lists open with (null: all).
 */
export function findInbox(): Promise<Inbox> {
  return call({ url: '/ElsAccountService/findInbox' });
}

/** `POST /apis/ElsAccountService/saveInbox` — the buyer the user's lists open with (null: all). */
export function saveInbox(elsAccount: string | null): Promise<null> {
  return call({ url: '/ElsAccountService/saveInbox', method: 'POST', data: { elsAccount } });
}

/** The supplier's inbox, once per page load (a buyer-station user has no buyers: no call). */
export function useInbox(side: Side) {
  return useQuery({
    queryKey: ['account', 'inbox'],
    queryFn: findInbox,
    enabled: side === 'sale',
    staleTime: 5 * 60_000,
  });
}
