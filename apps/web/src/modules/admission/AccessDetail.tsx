import { supplierAccessDefinition } from '@srm/contracts/admission';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { findSections } from './qual-api.ts';
import './i18n-admission.ts';

/**
 * #/v2/auditAdmission/view?id=… — one admission request (the task link of "qualification"): the company
 * data, questionnaire and the sections; the supplier submits or edits a draft or rejected one, the buyer's
 * person in charge approves or rejects it with a reason.
 */
export default function AccessDetail() {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  return (
    <DocumentDetail
      def={supplierAccessDefinition}
      side={side}
      id={id}
      onBack={() => navigate('/v2/access/list')}
      onEdit={(d) => navigate(`/v2/access/edit?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/access/list')}
      lineFields={['itemName', 'answerType', 'required', 'answer']}
    >
      {(d) => <SectionsView side={side} id={d.record.id} version={d.record.version} />}
    </DocumentDetail>
  );
}

function SectionsView({ side, id, version }: { side: 'purchase' | 'sale'; id: string; version: number }) {
  const { t } = useTranslation();
  const sections = useQuery({
    queryKey: ['admission', 'sections', side, id, version],
    queryFn: () => findSections(side, id),
  });
  const data = sections.data;
  const dash = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '—');
  const small = { size: 'small' as const, pagination: false as const, loading: sections.isPending };
  return (
    <>
      <Card size="small" title={t('admission:access.contacts')}>
        <Table
          {...small}
          rowKey={(_r, i) => String(i)}
          dataSource={data?.contacts ?? []}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('admission:access.contactName') },
            { key: 'telphone', dataIndex: 'telphone', title: t('admission:access.telphone'), render: dash },
            { key: 'wxNo', dataIndex: 'wxNo', title: t('admission:access.wxNo'), render: dash },
            { key: 'email', dataIndex: 'email', title: t('admission:access.email'), render: dash },
          ]}
        />
      </Card>
      <Card size="small" title={t('admission:access.banks')}>
        <Table
          {...small}
          rowKey={(_r, i) => String(i)}
          dataSource={data?.banks ?? []}
          columns={[
            { key: 'bankCode', dataIndex: 'bankCode', title: t('admission:access.bankCode'), render: dash },
            {
              key: 'bankBranchName',
              dataIndex: 'bankBranchName',
              title: t('admission:access.bankBranchName'),
              render: dash,
            },
            { key: 'bankAccount', dataIndex: 'bankAccount', title: t('admission:access.bankAccount') },
          ]}
        />
      </Card>
      <Card size="small" title={t('admission:access.certifications')}>
        <Table
          {...small}
          rowKey={(_r, i) => String(i)}
          dataSource={data?.certifications ?? []}
          columns={[
            { key: 'type', dataIndex: 'type', title: t('admission:access.certType') },
            { key: 'org', dataIndex: 'org', title: t('admission:access.certOrg') },
            { key: 'date', dataIndex: 'date', title: t('admission:access.certDate') },
            {
              key: 'effectiveDate',
              dataIndex: 'effectiveDate',
              title: t('admission:access.certEffective'),
              render: dash,
            },
            { key: 'expiryDate', dataIndex: 'expiryDate', title: t('admission:access.certExpiry') },
          ]}
        />
      </Card>
      <Card size="small" title={t('admission:access.attachments')}>
        <Table
          {...small}
          rowKey="type"
          dataSource={(data?.attachmentTypes ?? []).map((type) => ({
            type,
            file: data?.attachments.find((a) => a.attachmentType === type)?.fileName,
          }))}
          locale={{ emptyText: t('admission:access.noAttachmentTypes') }}
          columns={[
            { key: 'type', dataIndex: 'type', title: t('admission:access.attachmentType') },
            {
              key: 'file',
              dataIndex: 'file',
              title: t('admission:access.file'),
              render: (v: unknown) => (dash(v) === '—' ? t('admission:access.notUploaded') : String(v)),
            },
          ]}
        />
      </Card>
    </>
  );
}
