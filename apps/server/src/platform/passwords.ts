import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax). */
const ARGON2ID = 2;

/** argon2id with OWASP's second recommended setting (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a plain password with argon2id (PHC string). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against its hash. With no hash (unknown account) it verifies against a dummy
 * so that the answer takes as long as for a real account.
 */
export async function verifyPassword(hashed: string | null, plain: string): Promise<boolean> {
  if (!hashed) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(hashed, plain).catch(() => false);
}
