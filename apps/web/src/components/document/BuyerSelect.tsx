import type { Inbox, LinkedBuyer } from '@srm/contracts/account';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/http.ts';
import { saveInbox } from './api.ts';
import { buyerLabel } from './definition.ts';
import './i18n-document.ts';

/**
 * The buyer a supplier's list shows (issue #16 "one inbox for a supplier of many buyers"): the one the
 * user chose last (kept on the server, so it also decides whom the user acts as), null for all buyers.
 * `pick` changes it for this list at once and for the user's next lists.
 */
export function useBuyerChoice(buyers: LinkedBuyer[], initialBuyer: string | null) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const shown = buyers.length > 1;
  const [buyer, setBuyer] = useState<string | null>(shown ? initialBuyer : null);
  const pick = (value: string | null) => {
    setBuyer(value);
    client.setQueryData<Inbox>(['account', 'inbox'], (old) => old && { ...old, inboxElsAccount: value });
    saveInbox(value).catch((e) => void message.error(errorText(e)));
  };
  return { shown, buyer, pick };
}

/** The buyer select of a supplier's list filter (a form item labelled "采购方 / Buyer"; empty: all). */
export function BuyerSelect({
  buyers,
  value,
  onChange,
}: {
  buyers: LinkedBuyer[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('document:list.buyer')}>
      <Select
        allowClear
        aria-label={t('document:list.buyer')}
        placeholder={t('document:list.allBuyers')}
        style={{ width: 200 }}
        value={value ?? undefined}
        onChange={(v?: string) => onChange(v ?? null)}
        options={buyers.map((b) => ({ value: b.elsAccount, label: buyerLabel(b) }))}
      />
    </Form.Item>
  );
}
