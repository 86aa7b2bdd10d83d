import type { Locale } from '@srm/contracts/constants';

/**
 * What a message to users carries (the `notify` port, modules/message/notify.ts, stores and pushes it).
 */

/**
 * A text for the receiver: the same for everyone (a supplier's remark, a user's announcement) or one per
 * interface language, chosen by each receiver's language (issue #12: a buyer working in English gets
 * "New purchase order to confirm: PO…", not the Chinese title).
 */
export type LocalizedText = string | Readonly<Record<Locale, string>>;

/** Who should know: whole companies (every active sub-account) or named sub-accounts. */
export type Receivers = {
  companies?: string[];
  users?: Array<{ elsAccount: string; elsSubAccount: string }>;
};

export type Notification = {
  receivers: Receivers;
  msgTitle: LocalizedText;
  msgContent?: LocalizedText;
  sender?: { elsAccount: string; elsSubAccount: string; name?: string };
  businessType?: string;
  businessId?: string;
  linkUrl?: string;
};

/** Fills `{name}` placeholders of both languages of a text (document numbers, amounts …). */
export function fillText(
  text: Readonly<Record<Locale, string>>,
  params: Record<string, string | number>,
): Record<Locale, string> {
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
  return { zh_cn: fill(text.zh_cn), en: fill(text.en) };
}
