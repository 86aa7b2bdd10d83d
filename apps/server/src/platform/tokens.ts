import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_TIME_S } from '@srm/contracts/constants';
import { createSigner, createVerifier } from 'fast-jwt';

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
  // the key on every call: a third of an authenticated call's time, BENCHMARKS.md). Its verifier cache
  // remembers tokens already verified (only valid ones, never past their expiry), so a token that comes
  // back on every request is checked once per cache life.
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_TIME_S * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000, cacheTTL: 600_000 });
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
      try {
        const { sub, sid, acc, sac, st } = verifier(token) as Record<string, unknown>;
        if (
          typeof sub !== 'string' ||
          typeof sid !== 'string' ||
          typeof acc !== 'string' ||
          typeof sac !== 'string' ||
          (st !== 'purchase' && st !== 'sale')
        )
          return null;
        return { sub, sid, elsAccount: acc, elsSubAccount: sac, station: st };
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
