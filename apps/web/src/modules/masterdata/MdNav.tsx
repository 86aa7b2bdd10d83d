import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

const PAGES = [
  '/v2/material/list',
  '/v2/category',
  '/v2/supplier/list',
  '/v2/supplier-lifecycle',
  '/v2/price/list',
] as const;
const LABELS: Record<(typeof PAGES)[number], string> = {
  '/v2/material/list': 'masterdata:nav.materials',
  '/v2/category': 'masterdata:nav.categories',
  '/v2/supplier/list': 'masterdata:nav.suppliers',
  '/v2/supplier-lifecycle': 'masterdata:nav.lifecycle',
  '/v2/price/list': 'masterdata:nav.prices',
};

/** Routes shown under another page's tab (the supplier form opens over the supplier list). */
const TAB_OF: Record<string, (typeof PAGES)[number]> = { '/v2/supplier/edit': '/v2/supplier/list' };

/** Switches between the four master-data pages inside the frame. */
export function MdNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Segmented
      value={TAB_OF[pathname] ?? pathname}
      onChange={(v) => navigate(String(v))}
      options={PAGES.map((p) => ({ value: p, label: t(LABELS[p]) }))}
    />
  );
}
