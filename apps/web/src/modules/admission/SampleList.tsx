import { sampleDefinition } from '@srm/contracts/inspection';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-inspection.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/sample/list — samples: the buyer's requests, or (supplier) the requests to send. */
export default function SampleList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={sampleDefinition}
      side={side}
      title={t('inspection:list.samples')}
      importable={false}
      toolbar={
        side === 'purchase'
          ? may(kindCode(sampleDefinition, 'save')) && (
              <Button type="primary" onClick={() => navigate('/v2/sample/edit')}>
                {t('inspection:list.newSample')}
              </Button>
            )
          : undefined
      }
      onOpen={(row) => navigate(`/v2/sampleAudit/view?id=${row.id}`)}
    />
  );
}
