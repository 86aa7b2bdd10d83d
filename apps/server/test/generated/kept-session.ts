import { login, type Session, type TestServer } from '../helpers.ts';

/**
 * One session for a whole replay over the route registry, logged in again only when a route ended it.
 * Logging in before every route (argon2id each time) was a fifth of the generated suites' time; a
 * route that ends the session (logout, revocation, a disabled account …) answers '401' from then on,
 * and `noteAnswer` of such an answer makes the next `current()` log in afresh.
 */
export function keptSession(server: TestServer, elsAccount: string, elsSubAccount: string) {
  let session: Session | null = null;
  return {
    /** The live session; logs in when there is none or the last one was ended. */
    async current(): Promise<Session> {
      session ??= await login(server, elsAccount, elsSubAccount);
      return session;
    },
    /** Records an answer's body code: a '401' means the session is gone. */
    noteAnswer(code: string | undefined): void {
      if (code === '401') session = null;
    },
  };
}

/** The `code` of an answer's JSON envelope, or undefined for a download or a non-JSON body. */
export function answerCode(text: string): string | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    return (JSON.parse(text) as { code?: string }).code;
  } catch {
    return undefined;
  }
}
