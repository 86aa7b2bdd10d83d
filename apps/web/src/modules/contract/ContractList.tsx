import { contractDefinition } from '@srm/contracts/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import { FromTemplateButton } from './FromTemplate.tsx';
import './i18n-contract.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/contract/list — the buyer's contracts, or (supplier) the contracts sent to it for signing and signed. */
export default function ContractList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={contractDefinition}
      side={side}
      title={t(side === 'purchase' ? 'contract:list.contracts' : 'contract:list.salesContracts')}
      importable={false}
      toolbar={
        side === 'purchase'
          ? may(kindCode(contractDefinition, 'save')) && (
              <Space>
                <FromTemplateButton />
                <Button type="primary" onClick={() => navigate('/v2/contract/edit')}>
                  {t('contract:list.newContract')}
                </Button>
              </Space>
            )
          : undefined
      }
      onOpen={(row) => navigate(`/v2/contract/detail?id=${row.id}`)}
    />
  );
}
