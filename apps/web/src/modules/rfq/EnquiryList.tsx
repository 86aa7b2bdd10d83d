import { enquiryDefinition } from '@srm/contracts/enquiry';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-rfq.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/**
 * #/v2/list — the buyer's RFQs, or the published RFQs the supplier is invited to or takes part in (its quote
 * page), with the way to the public RFQs of every buyer (#/v2/public).
 */
export default function EnquiryList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={enquiryDefinition}
      side={side}
      title={t(side === 'purchase' ? 'rfq:list.title' : 'rfq:list.supplierTitle')}
      importable={false}
      toolbar={
        side === 'purchase' ? (
          <>
            {may(kindCode(enquiryDefinition, 'save')) && (
              <Button type="primary" onClick={() => navigate('/v2/edit')}>
                {t('rfq:list.new')}
              </Button>
            )}
            {may('costTemplate.read') && (
              <Button onClick={() => navigate('/v2/costTemplates')}>{t('rfq:templates.title')}</Button>
            )}
          </>
        ) : (
          // Every buyer's public RFQs to take part in (issue #13).
          <Button onClick={() => navigate('/v2/public')}>{t('rfq:list.publicRfqs')}</Button>
        )
      }
      onOpen={(row) =>
        navigate(side === 'purchase' ? `/v2/detail?id=${row.id}` : `/v2/client/quota?id=${row.id}`)
      }
    />
  );
}
