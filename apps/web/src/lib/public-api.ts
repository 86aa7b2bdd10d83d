import type { LoginResult } from '@srm/contracts/auth';
import { encrypt } from './api.ts';
import { call } from './http.ts';

/** Login-page setting codes (spec 000 §2), copied from contracts/constants to keep the login bundle small. */
export type LoginPageCode =
  | 'LoginPage_SystemTitle'
  | 'LoginPage_SystemName'
  | 'LoginPage_LoginBackgroud'
  | 'LoginPage_SystemLogo'
  | 'LoginPage_LoginLogo'
  | 'LoginPage_LoginAD';
export type SettingRow = { setGroupCode?: string; setCode: string; setValue: string };
export type LoginPageSettings = Partial<Record<LoginPageCode, string>>;

/** Rows → { code: value }, ignoring empty values (an empty value means "use the default"). */
export function settingsMap(rows: readonly SettingRow[] | null | undefined): LoginPageSettings {
  const out: Record<string, string> = {};
  for (const row of rows ?? []) if (row.setValue?.trim()) out[row.setCode] = row.setValue.trim();
  return out as LoginPageSettings;
}

/** `POST /apis/SystemSettingService/findListByLoginEls {setGroupCode:'LoginPage_Group'}` (public). */
export async function findLoginPageSettings(): Promise<LoginPageSettings> {
  const rows = await call<SettingRow[]>(
    {
      url: '/SystemSettingService/findListByLoginEls',
      method: 'POST',
      data: { setGroupCode: 'LoginPage_Group' },
    },
    { public: true },
  );
  return settingsMap(rows);
}

/** `GET /apis/ElsAuthService/captcha` → { captchaId, svg } (public; asked for after 3 failed logins). */
export function getCaptcha(): Promise<{ captchaId: string; svg: string }> {
  return call({ url: '/ElsAuthService/captcha' }, { public: true });
}

export type SmsPurpose = 'login' | 'resetPassword' | 'register';

/** `POST /apis/ElsAccountService/sendNoteCode {mobile, purpose}` → seconds until a resend is allowed. */
export function sendNoteCode(
  mobile: string,
  purpose: SmsPurpose,
): Promise<{ resendAfterSeconds: number; validMinutes: number }> {
  return call(
    { url: '/ElsAccountService/sendNoteCode', method: 'POST', data: { mobile, purpose } },
    { public: true },
  );
}

/** `POST /apis/ElsAuthService/loginBySms {mobile, noteCode}` — same data as the password login. */
export function loginBySms(mobile: string, noteCode: string): Promise<LoginResult> {
  return call(
    { url: '/ElsAuthService/loginBySms', method: 'POST', data: { mobile, noteCode } },
    { public: true },
  );
}

export type RegisterInput = {
  inviteCode: string;
  companyName: string;
  name: string;
  mobile: string;
  noteCode: string;
  email?: string;
  password: string;
  agreement: boolean;
};

/** `POST /apis/ElsAccountService/register` with the password encrypted → the new account. */
export async function registerSupplier(
  input: RegisterInput,
): Promise<{ elsAccount: string; elsSubAccount: string }> {
  const password = await encrypt(input.password);
  return call(
    { url: '/ElsAccountService/register', method: 'POST', data: { ...input, password } },
    { public: true },
  );
}

/** `POST /apis/ElsAccountService/resetPassword` with the new password encrypted. */
export async function resetPassword(input: {
  elsAccount: string;
  elsSubAccount: string;
  mobile: string;
  noteCode: string;
  newPassword: string;
}): Promise<unknown> {
  const newPassword = await encrypt(input.newPassword);
  return call(
    { url: '/ElsAccountService/resetPassword', method: 'POST', data: { ...input, newPassword } },
    { public: true },
  );
}
