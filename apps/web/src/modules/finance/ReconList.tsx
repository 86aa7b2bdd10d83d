import { reconDefinition } from '@srm/contracts/finance';
import { reconToInvoice } from '@srm/contracts/finance-recon';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList, StatusTag } from '../../components/document/DocumentList.tsx';
import './i18n-finance.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/**
 * #/v2/recon/list — statements of both sides (made by the caller's company or sent to it); a confirmed or
 * posted statement's invoice status says what is still to invoice (issue #32).
 */
export default function ReconList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={reconDefinition}
      side={side}
      title={t('finance:recon.title')}
      importable={false}
      toolbar={
        may(kindCode(reconDefinition, 'save')) && (
          <Button type="primary" onClick={() => navigate('/v2/recon/new')}>
            {t('finance:recon.new')}
          </Button>
        )
      }
      onOpen={(row) => navigate(`/v2/recon/detail?id=${row.id}`)}
      cells={{
        invoiceStatus: (row) => {
          const toInvoice = reconToInvoice(row);
          return (
            <>
              <StatusTag
                field="invoiceStatus"
                dict={reconDefinition.statuses.invoiceStatus}
                code={row.invoiceStatus}
              />
              {toInvoice !== null && (
                <Typography.Text type="secondary" className="num">
                  {t('finance:recon.toInvoiceShort', { amount: toInvoice })}
                </Typography.Text>
              )}
            </>
          );
        },
      }}
    />
  );
}
