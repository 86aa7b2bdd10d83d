import { LOCALES, type Locale } from '@srm/contracts/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/http.ts';
import { useSettings } from '../lib/settings-store.ts';
import { GlobalOutlined } from './icons.tsx';

/**
 * Language select zh_cn / en (spec 000 §2) of the top bar; the choice is persisted with the UI settings
 * and told to the server, which sends the user's messages in it. A dropdown
 * menu like the row-density one beside it rather than antd Select: the top bar is on the home route,
 * and Select with its virtual list cost ~25 KiB gzip there (DESIGN §10).
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const setLocale = useSettings((s) => s.setLocale);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: t(`common:lang.${l}`) })),
        onClick: ({ key }) => {
          setLocale(key as Locale);
          // Messages and pushes reach the user in this language from now on (issue #12); a failure only
          // keeps the previous language for messages.
          void call({ url: '/ElsAccountService/setLanguage', method: 'POST', data: { lang: key } }).catch(
            () => {},
          );
        },
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<GlobalOutlined />}
        // WCAG 2.5.3 (issue #32): the name starts with the language shown, e.g. "English — language".
        aria-label={t('common:lang.named', { value: t(`common:lang.${locale}`) })}
      >
        <span className="top-bar-label">{t(`common:lang.${locale}`)}</span>
      </Button>
    </Dropdown>
  );
}
