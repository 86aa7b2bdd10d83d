import { improvementTemplateDefinition } from '@srm/contracts/improvement';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-improvement.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/template/list — the buyer's improvement item templates (draft, released, disabled). */
export default function TemplateList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={improvementTemplateDefinition}
      side="purchase"
      title={t('improvement:list.templates')}
      importable={false}
      toolbar={
        may(kindCode(improvementTemplateDefinition, 'save')) && (
          <Button type="primary" onClick={() => navigate('/v2/template/edit')}>
            {t('improvement:list.newTemplate')}
          </Button>
        )
      }
      onOpen={(row) => navigate(`/v2/template/detail?id=${row.id}`)}
    />
  );
}
