import { facInsDefinition } from '@srm/contracts/inspection';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-inspection.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/inspectTable/list — factory inspections: the buyer's, or (supplier) those of the supplier, read-only. */
export default function InspectionList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={facInsDefinition}
      side={side}
      title={t('inspection:list.inspections')}
      importable={false}
      toolbar={
        side === 'purchase'
          ? may(kindCode(facInsDefinition, 'save')) && (
              <Button type="primary" onClick={() => navigate('/v2/inspectTable/edit')}>
                {t('inspection:list.newInspection')}
              </Button>
            )
          : undefined
      }
      onOpen={(row) => navigate(`/v2/inspectTableAudit/detail?id=${row.id}`)}
    />
  );
}
