import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_TIME_S } from '@srm/contracts/constants';
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';

/** Claims of an access token. sid names the login session, which the database can revoke. */
export type AccessClaims = {
  sub: string;
  sid: string;
  elsAccount: string;
  elsSubAccount: string;
  station: 'purchase' | 'sale';
};

/**
 * Access tokens: HS256 JWTs living TOKEN_TIME_S (79200 s, spec 000 §9). Verification checks the
 * signature and expiry only; the session check against the database is done by the auth hook.
 */
export function createTokenService(secret: string) {
  // fast-jwt signs and verifies synchronously with node:crypto (jose went through WebCrypto and imported
  // the key on every call: a third of an authenticated call's time, BENCHMARKS.md). A token that comes
  // back on every request is checked once per cache life (below).
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_TIME_S * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  // Tokens already verified, by the token itself (fast-jwt's own cache keys by a SHA-256 of the token:
  // ~4 % of an authenticated trivial call). Only valid tokens enter; an entry lives 10 minutes at most
  // and never past the token's expiry.
  const verified = new LRUCache<string, { claims: AccessClaims; expiresAt: number }>({
    max: 10_000,
    ttl: 600_000,
  });
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return signer({
        sub: claims.sub,
        sid: claims.sid,
        acc: claims.elsAccount,
        sac: claims.elsSubAccount,
        st: claims.station,
      });
    },
    /** Returns the claims, or null for a malformed, tampered or expired token. */
    verify(token: string): AccessClaims | null {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { sub, sid, acc, sac, st, exp } = verifier(token) as Record<string, unknown>;
        if (
          typeof sub !== 'string' ||
          typeof sid !== 'string' ||
          typeof acc !== 'string' ||
          typeof sac !== 'string' ||
          (st !== 'purchase' && st !== 'sale')
        )
          return null;
        const claims: AccessClaims = { sub, sid, elsAccount: acc, elsSubAccount: sac, station: st };
        if (typeof exp === 'number') verified.set(token, { claims, expiresAt: exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** A new opaque refresh token (256 random bits, base64url). Only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a refresh token, hex: the stored form. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
