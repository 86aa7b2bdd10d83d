import { improvementDefinition } from '@srm/contracts/improvement';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-improvement.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/improvement/list — the buyer's improvement sheets, or (supplier) the sheets sent to it. */
export default function ImprovementList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={improvementDefinition}
      side={side}
      title={t(side === 'purchase' ? 'improvement:list.sheets' : 'improvement:list.supplierSheets')}
      importable={false}
      toolbar={
        side === 'purchase'
          ? may(kindCode(improvementDefinition, 'save')) && (
              <Button type="primary" onClick={() => navigate('/v2/improvement/edit')}>
                {t('improvement:list.newSheet')}
              </Button>
            )
          : undefined
      }
      onOpen={(row) => navigate(`/v2/improvement/detail?id=${row.id}`)}
    />
  );
}
