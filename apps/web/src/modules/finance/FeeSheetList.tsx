import type { FeeSheetKind } from '@srm/contracts/finance';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import { feeDefinition, raiserOf } from './api.ts';
import './i18n-finance.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/{deductCost|addCost}/list — fee sheets of both sides; the other side confirms many at once. */
export default function FeeSheetList({ kind }: { kind: FeeSheetKind }) {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  const raiser = side === raiserOf(kind);
  return (
    <DocumentList
      def={feeDefinition(kind)}
      side={side}
      title={t(kind === 'deductCost' ? 'finance:fee.deductTitle' : 'finance:fee.addTitle')}
      bulk
      importable={raiser}
      toolbar={
        raiser
          ? may(kindCode(feeDefinition(kind), 'save')) && (
              <Button type="primary" onClick={() => navigate(`/v2/${kind}/edit`)}>
                {t(kind === 'deductCost' ? 'finance:fee.newDeduct' : 'finance:fee.newAdd')}
              </Button>
            )
          : undefined
      }
      onOpen={(row) => navigate(`/v2/${kind}/detail?id=${row.id}`)}
    />
  );
}
