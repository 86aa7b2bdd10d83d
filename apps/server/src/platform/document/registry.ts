import { kindSides, servicePath } from '@srm/contracts/document/define';
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

/**
 * Empties the map at the start of an app's build (buildApp), so it holds the kinds of the app built last and
 * no other: a process runs one app, and tests that build one server after another in a module graph (issue
 * #35) must not see a throwaway kind an earlier file's server registered.
 */
export function forgetKinds(): void {
  kinds.clear();
}

/** The kind of a code, or undefined (orders and unknown codes). */
export function kindByCode(code: string): DocumentKind | undefined {
  return kinds.get(code);
}

/** Every registered kind (the webhook event types list: each kind's actions). */
export function allKinds(): DocumentKind[] {
  return [...kinds.values()];
}

/**
 * The kind whose calls a route belongs to (`/apis/{module}/{Purchase|Sale}{service}Service/…`), or
 * undefined for routes that are no document kind's (an API key's scope names kinds: issue #18).
 */
export function kindOfRoute(url: string): string | undefined {
  for (const kind of kinds.values())
    for (const side of kindSides(kind.def))
      if (url.startsWith(`${servicePath(kind.def, side)}/`)) return kind.def.kind;
  return undefined;
}
