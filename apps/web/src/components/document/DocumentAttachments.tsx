import type { DocumentDefinition, Side } from '@srm/contracts/document/define';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '../page-icons.tsx';
import { type DocAttachment, downloadAttachment, useDocumentAttachments } from './api.ts';
import { formatValue } from './definition.ts';
import './document.css';
import './i18n-document.ts';

/** The types the server accepts (recognised there from the bytes; this only narrows the file picker). */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.xlsx';

/** A size in bytes as people read it: 812 B, 3.4 KB, 1.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The files both parties attached to a document (issue #12, spec 000 §7): name, size, who attached them
 * (buyer or supplier) and when; anyone who sees the document downloads them and attaches more; a company
 * removes only its own files. The server checks the type from the bytes (PDF, PNG, JPEG, XLSX) and the
 * size; its refusal is shown as it words it.
 */
export function DocumentAttachments({
  def,
  side,
  id,
  readOnly,
}: {
  def: DocumentDefinition;
  side: Side;
  id: string;
  /** No upload or remove (e.g. inside the approval page). */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const { list, upload, remove } = useDocumentAttachments(def, side, id);
  // Upload and remove need `{kind}.attach` (issue #19); without it the list only downloads.
  const attach = useCan()(kindCode(def, 'attach'));
  const editable = !readOnly && attach;

  const send = async (file: File) => {
    try {
      const saved = await upload.mutateAsync(file);
      void message.success(t('document:attachments.uploaded', { name: saved.fileName }));
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const drop = async (file: DocAttachment) => {
    try {
      await remove.mutateAsync(file.id);
      void message.success(t('document:attachments.removed', { name: file.fileName }));
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const download = async (file: DocAttachment) => {
    try {
      await downloadAttachment(file);
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  return (
    <Card
      size="small"
      title={t('document:attachments.title')}
      extra={
        editable && (
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              // The call above uploads; antd's own request stays unused.
              return false;
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={upload.isPending}>
              {t('document:attachments.upload')}
            </Button>
          </Upload>
        )
      }
    >
      <Table<DocAttachment>
        size="small"
        rowKey="id"
        pagination={false}
        loading={list.isPending}
        dataSource={list.data ?? []}
        locale={{
          emptyText: list.isError ? errorText(list.error) : t('document:attachments.none'),
        }}
        columns={[
          { key: 'fileName', dataIndex: 'fileName', title: t('document:attachments.fileName') },
          {
            key: 'size',
            dataIndex: 'size',
            title: t('document:attachments.size'),
            align: 'right',
            render: (v: number) => <span className="num">{formatSize(v)}</span>,
          },
          {
            key: 'createUser',
            title: t('document:attachments.uploader'),
            render: (_v, file) => (
              <Space size={4}>
                <Tag color={file.side === 'purchase' ? 'blue' : 'green'}>
                  {t(`document:attachments.side.${file.side}`)}
                </Tag>
                {file.createUser}
              </Space>
            ),
          },
          {
            key: 'createDate',
            dataIndex: 'createDate',
            title: t('document:attachments.time'),
            render: (v: string) => formatValue({ label: def.title, type: 'datetime' }, v, locale),
          },
          {
            key: 'actions',
            title: '',
            render: (_v, file) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={t('document:attachments.download', { name: file.fileName })}
                  onClick={() => void download(file)}
                />
                {file.mine && editable && (
                  <Popconfirm
                    title={t('document:attachments.confirmRemove', { name: file.fileName })}
                    okText={t('document:attachments.remove')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('document:action.cancel')}
                    onConfirm={() => drop(file)}
                  >
                    <Button
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('document:attachments.removeOne', { name: file.fileName })}
                    />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {!readOnly && <div className="document-attachments-foot">{t('document:attachments.hint')}</div>}
    </Card>
  );
}
