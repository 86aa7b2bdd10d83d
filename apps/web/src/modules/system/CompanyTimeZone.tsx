import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findCompanyTimeZone, setCompanyTimeZone, type CompanyTimeZone as Zone } from '../../lib/clock.ts';
import { call, errorText } from '../../lib/http.ts';

/**
 * POST /apis/CompanyService/saveTimeZone — the buyer admin sets the company's time zone (IANA name, or null
 * for the server default); '400' naming the field when unknown. data as findTimeZone.
 */
function saveCompanyTimeZone(timeZone: string | null): Promise<Zone> {
  return call({ url: '/CompanyService/saveTimeZone', method: 'POST', data: { timeZone } });
}

/** The select's value of "no zone of the company's own: the server default". */
const FOLLOW_DEFAULT = '';

/** The zones the browser knows (IANA), for the select. */
function zoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Asia/Shanghai', 'Europe/Berlin', 'UTC'];
}

/**
 * The company time zone card of the preset parameters page (issue #35): the zone every "today", month
 * period and document number of the company's documents follows, chosen from the IANA zones; empty = the
 * server default (shown). Saved at once for new documents.
 */
export default function CompanyTimeZoneCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = (key: string, options?: Record<string, unknown>) =>
    t(`companyAdmin:timeZone.${key}`, options);
  const query = useQuery({ queryKey: ['system', 'timeZone'], queryFn: findCompanyTimeZone });
  const [draft, setDraft] = useState<string | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const defaultLabel = label('followDefault', { zone: query.data?.defaultTimeZone ?? '' });
  // The server default is an option of its own (the first), so going back to it is a pick like any other.
  const options = useMemo(
    () => [
      { value: FOLLOW_DEFAULT, label: defaultLabel },
      ...zoneNames().map((z) => ({ value: z, label: z })),
    ],
    [defaultLabel],
  );
  const stored = query.data?.stored ?? null;
  const value = draft === undefined ? stored : draft;

  async function save() {
    setSaving(true);
    try {
      const saved = await saveCompanyTimeZone(value ?? null);
      setCompanyTimeZone(saved.timeZone);
      setDraft(undefined);
      await query.refetch();
      void message.success(label('saved', { zone: saved.timeZone }));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card size="small" title={label('title')} style={{ marginBottom: 16 }} loading={query.isPending}>
      <Typography.Paragraph type="secondary">{label('help')}</Typography.Paragraph>
      <Space wrap>
        <Select
          aria-label={label('title')}
          showSearch
          optionFilterProp="label"
          style={{ width: 280 }}
          options={options}
          value={value ?? FOLLOW_DEFAULT}
          onChange={(v) => setDraft(v && v !== FOLLOW_DEFAULT ? v : null)}
        />
        <Button
          type="primary"
          onClick={() => void save()}
          loading={saving}
          disabled={draft === undefined || draft === stored}
        >
          {label('save')}
        </Button>
        {query.data && (
          <Typography.Text type="secondary">
            {label('inEffect', { zone: query.data.timeZone })}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}
