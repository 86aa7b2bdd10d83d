import { Drawer, Segmented, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckOutlined } from '../../components/icons.tsx';
import { SETTING_SWITCHES, THEME_COLORS, type ThemeName, useSettings } from '../../lib/settings-store.ts';

/**
 * Settings panel (spec 000 §2): the nine switches, then the appearance — theme (light/dark), theme colour
 * presets and the gray mode of seed 001. Everything persisted in local storage and applied at start.
 */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const id = useId();
  return (
    <Drawer open={open} onClose={onClose} title={t('shell:settings.title')} size={320}>
      <Typography.Title level={5}>{t('shell:settings.appearance')}</Typography.Title>
      <div className="settings-row">
        <span id={`${id}-theme`}>{t('shell:settings.theme')}</span>
        <Segmented<ThemeName>
          aria-labelledby={`${id}-theme`}
          value={settings.theme}
          onChange={(v) => settings.setTheme(v)}
          options={[
            { value: 'light', label: t('shell:settings.light') },
            { value: 'dark', label: t('shell:settings.dark') },
          ]}
        />
      </div>
      <div className="settings-row">
        <label htmlFor={`${id}-gray`}>{t('shell:settings.grayMode')}</label>
        <Switch id={`${id}-gray`} checked={settings.grayMode} onChange={(on) => settings.setGrayMode(on)} />
      </div>
      {settings.showColor && (
        <div className="settings-colors">
          <Typography.Text type="secondary">{t('shell:settings.color')}</Typography.Text>
          <div className="color-swatches">
            {THEME_COLORS.map((color) => (
              <button
                key={color}
                type="button"
                className="color-swatch"
                style={{ background: color }}
                aria-label={color}
                aria-pressed={settings.colorPrimary === color}
                onClick={() => settings.setColorPrimary(color)}
              >
                {settings.colorPrimary === color && <CheckOutlined />}
              </button>
            ))}
          </div>
        </div>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('shell:settings.layout')}
      </Typography.Title>
      <ul className="settings-list">
        {SETTING_SWITCHES.map((key) => {
          const sid = `setting-${key}`;
          return (
            <li key={key} className="settings-row">
              <label htmlFor={sid}>{t(`shell:settings.${key}`)}</label>
              <Switch id={sid} checked={settings[key]} onChange={(on) => settings.setSwitch(key, on)} />
            </li>
          );
        })}
      </ul>
    </Drawer>
  );
}
