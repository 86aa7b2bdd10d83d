import type { DocumentKind } from './kind.ts';

/**
 * The server's kinds by their code (issue #12), for modules that key by kind and must find a document
 * for a caller — the attachment download and the custom field labels. A kind joins when its routes are
 * registered (registerDocumentRoutes → registerDocumentAttachments); kinds are pure (the database is
 * passed to every call), so one map serves every app of the process.
 */
const kinds = new Map<string, DocumentKind>();

export function rememberKind(kind: DocumentKind): void {
  kinds.set(kind.def.kind, kind);
}

/** The kind of a code, or undefined (orders and unknown codes). */
export function kindByCode(code: string): DocumentKind | undefined {
  return kinds.get(code);
}
