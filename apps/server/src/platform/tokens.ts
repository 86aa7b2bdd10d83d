import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { TOKEN_TIME_S } from '@srm/contracts/constants';
import { jwtVerify, SignJWT } from 'jose';

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
  // A KeyObject made once: jose would otherwise import the raw secret on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({
        sid: claims.sid,
        acc: claims.elsAccount,
        sac: claims.elsSubAccount,
        st: claims.station,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TIME_S}s`)
        .sign(key);
    },
    /** Returns the claims, or null for a malformed, tampered or expired token. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { sub, sid, acc, sac, st } = payload as Record<string, unknown>;
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
