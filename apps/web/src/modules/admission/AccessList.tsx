import { supplierAccessDefinition } from '@srm/contracts/admission';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-admission.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/access/list — admission requests: the supplier's own (and a new one), the buyer's to review. */
export default function AccessList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={supplierAccessDefinition}
      side={side}
      title={t(side === 'sale' ? 'admission:access.supplierTitle' : 'admission:access.buyerTitle')}
      importable={false}
      toolbar={
        side === 'sale'
          ? may(kindCode(supplierAccessDefinition, 'save')) && (
              <Button type="primary" onClick={() => navigate('/v2/access/edit')}>
                {t('admission:access.new')}
              </Button>
            )
          : undefined
      }
      onOpen={(row) => navigate(`/v2/auditAdmission/view?id=${row.id}`)}
    />
  );
}
