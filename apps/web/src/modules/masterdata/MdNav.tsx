import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

const PAGES = ['/v2/material/list', '/v2/category', '/v2/supplier/list', '/v2/price/list'] as const;
const LABELS: Record<(typeof PAGES)[number], string> = {
  '/v2/material/list': 'masterdata:nav.materials',
  '/v2/category': 'masterdata:nav.categories',
  '/v2/supplier/list': 'masterdata:nav.suppliers',
  '/v2/price/list': 'masterdata:nav.prices',
};

/** Switches between the four master-data pages inside the frame. */
export function MdNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Segmented
      value={pathname}
      onChange={(v) => navigate(String(v))}
      options={PAGES.map((p) => ({ value: p, label: t(LABELS[p]) }))}
    />
  );
}
