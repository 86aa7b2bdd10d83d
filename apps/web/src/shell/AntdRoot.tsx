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
    document.documentElement.lang = locale === 'en' ? 'en' : 'zh-CN';
    document.documentElement.dataset.density = density;
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [locale, density, dark]);
  // Gray mode and the theme attribute are applied document-wide (lib/settings-store applyDocumentSettings).

  const algorithm = [dark ? theme.darkAlgorithm : theme.defaultAlgorithm];
  if (density === 'mini') algorithm.push(theme.compactAlgorithm);

  return (
    <ConfigProvider
      locale={locale === 'en' ? enUS : zhCN}
      componentSize={densityToSize(density)}
      button={{ autoInsertSpace: false }}
      theme={{ algorithm, token: { colorPrimary } }}
    >
      <div className={`srm-app density-${density}`}>{children}</div>
    </ConfigProvider>
  );
}
