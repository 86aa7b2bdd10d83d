import { diffProfiles, PART_LABELS, touchedParts } from '@srm/contracts/supplier-change';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import type { ChangeRequest } from '../supplier-change/api.ts';
import '../supplier-change/i18n-supplier-change.ts';
import { appUrl } from '../../lib/base-path.ts';

/**
 * The change history of a supplier record (issue #16): the supplier's approved information changes, newest
 * first (GET …/PurchaseSupplierChangeService/findHistory/{id}), each opening its diff in /supplierdatamodify/.
 */
export function ChangeHistory({ supplierId }: { supplierId: string }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const history = useQuery({
    queryKey: ['supplierChange', 'history', supplierId],
    queryFn: () =>
      call<ChangeRequest[]>({
        url: `/supplierdatamodify/PurchaseSupplierChangeService/findHistory/${supplierId}`,
      }),
  });
  const title = t('supplierChange:history.title');
  return (
    <fieldset className="md-row-list" aria-label={title}>
      <legend>{title}</legend>
      <Table<ChangeRequest>
        size="small"
        rowKey="id"
        pagination={false}
        loading={history.isLoading}
        dataSource={history.data ?? []}
        locale={{ emptyText: t('supplierChange:history.empty') }}
        columns={[
          {
            title: t('supplierChange:list.number'),
            dataIndex: 'changeNumber',
            render: (v: string, row) => (
              <a
                href={appUrl(`/supplierdatamodify/#/v2/views?id=${row.id}`)}
                target="_blank"
                rel="noreferrer"
              >
                {v}
              </a>
            ),
          },
          {
            title: t('supplierChange:list.touched'),
            render: (_v, row) =>
              (row.touched.length > 0 ? row.touched : touchedParts(diffProfiles(row.snapshot, row.proposed)))
                .map((p) => PART_LABELS[p][locale])
                .join(locale === 'en' ? ', ' : '、'),
          },
          {
            title: t('supplierChange:history.approvedAt'),
            dataIndex: 'auditDate',
            render: (v: string | null) => v?.slice(0, 16).replace('T', ' ') ?? '',
          },
        ]}
      />
    </fieldset>
  );
}
