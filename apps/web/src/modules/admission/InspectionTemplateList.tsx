import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import { TEMPLATE_DEFINITIONS, type TemplateKind } from './inspection-api.ts';
import './i18n-inspection.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/{inspectTemplate|sampleTemplate}/list — the buyer's templates (draft, released, revoked). */
export default function InspectionTemplateList({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={TEMPLATE_DEFINITIONS[kind]}
      side="purchase"
      title={t(
        kind === 'inspectTemplate'
          ? 'inspection:list.inspectionTemplates'
          : 'inspection:list.sampleTemplates',
      )}
      importable={false}
      toolbar={
        may(kindCode(TEMPLATE_DEFINITIONS[kind], 'save')) && (
          <Button type="primary" onClick={() => navigate(`/v2/${kind}/edit`)}>
            {t('inspection:list.newTemplate')}
          </Button>
        )
      }
      onOpen={(row) => navigate(`/v2/${kind}/detail?id=${row.id}`)}
    />
  );
}
