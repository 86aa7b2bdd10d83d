import type { RowDensity } from '@srm/contracts/constants';
import { ConfigProvider, theme } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useSettings } from '../lib/settings-store.ts';

/** antd component size of a row density (spec 000 §9): medium → medium, small and mini → small. */
export function densityToSize(density: RowDensity): SizeType {
  return density === 'medium' ? 'medium' : 'small';
}

/** `{ green7, 'green-7' }` tokens of the given shade-7 colours. */
function presetShade7(colors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([k, v]) => [
      [`${k}7`, v],
      [`${k}-7`, v],
    ]),
  );
}

/** Error red as text on the dark theme's surfaces (antd's red-4: 5.9:1 on #262626, 7.2:1 on #141414). */
const DARK_ERROR = '#ff7875';

/**
 * The shade of the theme colour written as text (links, the selected tab, pagination) in the dark theme: the
 * third step of antd's light palette of that colour (its `colorPrimaryBorder`), at least 4.5:1 on the dark
 * surfaces (#141414, #1f1f1f, #262626) for every colour the settings drawer offers (lowest: teal, 4.7:1).
 */
export function darkTextShade(colorPrimary: string): string {
  return theme.defaultAlgorithm({ ...theme.defaultSeed, colorPrimary }).colorPrimaryBorder;
}

/**
 * Theme tokens that keep text at WCAG 2.1 AA contrast (1.4.3, 4.5:1; issue #19) on white, the light
 * grey of table headers (#fafafa) and their dark-theme counterparts: secondary/tertiary text and
 * placeholders darker than antd's defaults (0.45/0.25 alpha give 3.4:1 and 1.8:1), status colours
 * (success/warning/error tags, badges, danger buttons) darker on antd's own light tints, and the text
 * shade of the preset tag colours (green, cyan, orange, gold…) darker where antd's is below 4.5:1.
 */
function accessibleTokens(dark: boolean, colorPrimary: string) {
  const text = dark ? '255, 255, 255' : '0, 0, 0';
  const common = {
    colorPrimary,
    colorInfo: colorPrimary,
    colorLink: colorPrimary,
    colorTextSecondary: `rgba(${text}, 0.65)`,
    colorTextTertiary: `rgba(${text}, 0.6)`,
    colorTextDescription: `rgba(${text}, 0.6)`,
    colorTextPlaceholder: `rgba(${text}, 0.56)`,
  };
  // The dark algorithm derives its own (light-on-dark) status and preset shades from antd's seeds, but its
  // primary, link and error shades are for fills (white text on them) and too dark as text on the dark
  // surfaces (#0b4ebb on #141414: 2.5:1; #dc4446: 4.3:1): text in those hues gets a light shade instead.
  if (dark) {
    const text = darkTextShade(colorPrimary);
    return {
      ...common,
      // Seeds (antd derives its dark shades from them): links and info (the "processing" tag, 审批中) light.
      colorInfo: text,
      colorLink: text,
      colorLinkHover: text,
      colorLinkActive: text,
      colorPrimaryText: text,
      colorPrimaryTextHover: text,
      colorPrimaryTextActive: text,
      colorError: DARK_ERROR,
      colorErrorText: DARK_ERROR,
      colorErrorTextHover: DARK_ERROR,
      colorErrorTextActive: DARK_ERROR,
      // Preset tags write the dark shade 7 on the dark shade 1: purple (3.4:1) and geekblue (4.2:1) take
      // their shade 8 (5.7:1, 6.9:1); the other presets' shade 7 is at 4.5:1 or more.
      ...presetShade7({ purple: '#ab7ae0', geekblue: '#7f9ef3' }),
    };
  }
  return {
    ...common,
    // Status tags write color<Status> on color<Status>Bg: the text one step darker, the tints antd's own.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // Preset tags write shade 7 on shade 1: shade 7 replaced where it is below 4.5:1 on shade 1 (both
    // spellings of the palette token: they share one CSS variable, --ant-green-7).
    ...presetShade7({
      green: '#237804',
      cyan: '#006d75',
      orange: '#ad4e00',
      gold: '#874d00',
      volcano: '#ad2102',
      lime: '#3f6600',
      yellow: '#7c6000',
    }),
  };
}

/**
 * Component tokens of the dark theme that write the theme colour or the error red as text: the selected,
 * hovered and pressed tab, the current page of a pagination, the selected menu entry — in the light text
 * shade; a solid danger button's label dark on the light error red (white on it would be 2.6:1).
 */
function darkComponents(colorPrimary: string) {
  const text = darkTextShade(colorPrimary);
  return {
    Tabs: { itemSelectedColor: text, itemHoverColor: text, itemActiveColor: text, inkBarColor: text },
    Pagination: { itemActiveColor: text, itemActiveColorHover: text },
    Menu: { itemSelectedColor: text },
    Button: { dangerColor: '#141414' },
  };
}

/**
 * antd theme, language and density context for every page but the login page (which uses no antd, to
 * stay within the login budget of DESIGN §10). Applies the settings of spec 000 §2 at start: dark algorithm for the dark theme, the chosen theme colour,
 * the compact algorithm for the mini density.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  const locale = useSettings((s) => s.locale);
  const density = useSettings((s) => s.columnHeight);
  const dark = useSettings((s) => s.theme === 'dark');
  const colorPrimary = useSettings((s) => s.colorPrimary);

  useEffect(() => {
    document.documentElement.dataset.density = density;
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [density, dark]);
  // Gray mode, the theme attribute and <html lang> are applied document-wide (lib/settings-store applyDocumentSettings).

  const emptyText = { colorTextDisabled: `rgba(${dark ? '255, 255, 255' : '0, 0, 0'}, 0.56)` };
  const algorithm = [dark ? theme.darkAlgorithm : theme.defaultAlgorithm];
  if (density === 'mini') algorithm.push(theme.compactAlgorithm);

  return (
    <ConfigProvider
      locale={locale === 'en' ? enUS : zhCN}
      componentSize={densityToSize(density)}
      button={{ autoInsertSpace: false }}
      theme={{
        algorithm,
        token: accessibleTokens(dark, colorPrimary),
        // A table's empty text ("暂无附件") is drawn in the disabled colour: readable (4.5:1) there.
        components: { Table: emptyText, ...(dark ? darkComponents(colorPrimary) : {}) },
      }}
    >
      <div className={`srm-app density-${density}`}>{children}</div>
    </ConfigProvider>
  );
}
