/**
 * How a screen names a user a record keeps by code (issue #19 "names instead of sub-account codes"):
 * createUser, handledBy, promoter hold `{elsAccount}_{elsSubAccount}`; the server answers the sub-account's
 * name next to it (null when the code names no sub-account: a job, a deleted account).
 * "name (code)" when the name is known, else the code; '—' when there is no user at all.
 */
export function userLabel(code: string | null | undefined, name: string | null | undefined): string {
  if (!code) return name || '—';
  return name ? `${name} (${code})` : code;
}
