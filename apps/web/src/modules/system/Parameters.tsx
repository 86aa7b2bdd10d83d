import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, InputNumber, Result, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../lib/http.ts';
import CompanyTimeZoneCard from './CompanyTimeZone.tsx';
import {
  DICT_ADMIN_KEYS,
  findParameters,
  type PresetParameterRow,
  saveParameter,
} from './dictionaries-api.ts';

/**
 * #/v2/parameters — the buyer admin's preset parameters (issue #19, spec 001 "Preset parameter
 * management"): each parameter the server reads (name, description, default, value in effect) with an
 * integer input bounded by its range and a save per row ('409' when someone saved meanwhile: reloaded);
 * above them the company's time zone (issue #35, CompanyTimeZone.tsx).
 */
export default function Parameters() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = (key: string, options?: Record<string, unknown>) =>
    t(`companyAdmin:parameters.${key}`, options);
  const [drafts, setDrafts] = useState<Record<string, number | null>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const query = useQuery({ queryKey: DICT_ADMIN_KEYS.parameters, queryFn: findParameters });

  if (query.isPending) return <Spin className="tab-loading" />;
  if (query.isError)
    return <Result status="warning" title={label('loadFailed')} subTitle={errorText(query.error)} />;

  const keyOf = (r: PresetParameterRow) => `${r.group}.${r.code}`;
  const unit = (r: PresetParameterRow) => label(`units.${r.unit}`);

  async function save(row: PresetParameterRow) {
    const value = drafts[keyOf(row)];
    if (value === undefined) return;
    if (value === null || !Number.isInteger(value) || value < row.min || value > row.max)
      return void message.error(label('outOfRange', { min: row.min, max: row.max }));
    setSaving(keyOf(row));
    try {
      await saveParameter(row, value);
      setDrafts(({ [keyOf(row)]: _done, ...rest }) => rest);
      await query.refetch();
      void message.success(label('saved'));
    } catch (e) {
      if (e instanceof ApiError && e.code === '409') {
        void message.warning(label('stale'));
        setDrafts(({ [keyOf(row)]: _stale, ...rest }) => rest);
        await query.refetch();
      } else {
        void message.error(errorText(e));
      }
    } finally {
      setSaving(null);
    }
  }

  return (
    <>
      <Typography.Title level={4}>{label('title')}</Typography.Title>
      <CompanyTimeZoneCard />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={label('help')} />
      <Table<PresetParameterRow>
        size="small"
        rowKey={keyOf}
        dataSource={query.data}
        pagination={false}
        columns={[
          {
            title: label('name'),
            key: 'name',
            width: 260,
            render: (_, r) => <Typography.Text strong>{label(`items.${r.code}.name`)}</Typography.Text>,
          },
          {
            title: label('description'),
            key: 'description',
            render: (_, r) => label(`items.${r.code}.description`),
          },
          {
            title: label('defaultValue'),
            key: 'default',
            width: 110,
            render: (_, r) => `${r.defaultValue} ${unit(r)}`,
          },
          {
            title: label('value'),
            key: 'value',
            width: 300,
            render: (_, r) => {
              const draft = drafts[keyOf(r)];
              return (
                <Space>
                  <InputNumber
                    aria-label={label(`items.${r.code}.name`)}
                    min={r.min}
                    max={r.max}
                    precision={0}
                    value={draft === undefined ? r.value : draft}
                    onChange={(v) => setDrafts((d) => ({ ...d, [keyOf(r)]: v }))}
                    suffix={unit(r)}
                    style={{ width: 130 }}
                  />
                  <Button
                    type="primary"
                    size="small"
                    disabled={draft === undefined || draft === r.value}
                    loading={saving === keyOf(r)}
                    onClick={() => void save(r)}
                    aria-label={`${label('save')} ${label(`items.${r.code}.name`)}`}
                  >
                    {label('save')}
                  </Button>
                  <Typography.Text type="secondary">
                    {label('range', { min: r.min, max: r.max })}
                  </Typography.Text>
                </Space>
              );
            },
          },
        ]}
      />
    </>
  );
}
