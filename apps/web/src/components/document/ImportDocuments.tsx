import type { DocumentDefinition, Side } from '@srm/contracts/document/define';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { DownloadOutlined, UploadOutlined } from '../page-icons.tsx';
import { downloadImportTemplate, type ImportRowError, importDocuments } from './api.ts';
import './i18n-document.ts';

export type ImportDocumentsProps = {
  def: DocumentDefinition;
  side: Side;
  /** Called after documents were created (to refresh the list), with how many. */
  onImported: (created: number) => void;
};

/**
 * The problems of a refused import file: sheet row, column, message — nothing was created. A file with
 * child collection sheets (issue #34) shows the sheet too (`firstSheet`: the first sheet's name).
 */
export function ImportErrorTable({
  message,
  errors,
  firstSheet = '',
}: {
  message: string;
  errors: ImportRowError[];
  firstSheet?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="error" showIcon title={message} />
      <Table<ImportRowError & { key: number }>
        className="document-import-errors"
        size="small"
        pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        dataSource={errors.map((e, i) => ({ ...e, key: i }))}
        columns={[
          ...(errors.some((e) => e.sheet)
            ? [
                {
                  key: 'sheet',
                  title: t('document:import.sheet'),
                  width: 120,
                  render: (_: unknown, e: ImportRowError) => e.sheet ?? firstSheet,
                },
              ]
            : []),
          { key: 'row', dataIndex: 'row', title: t('document:import.row'), width: 80 },
          { key: 'field', dataIndex: 'field', title: t('document:import.field'), width: 180 },
          { key: 'message', dataIndex: 'message', title: t('document:import.message') },
        ]}
      />
    </Space>
  );
}

/**
 * "Import" of a kind's list on a side that creates it (issue #12): a dialog with the Excel template
 * (headers in the user's language) and an upload. The server creates every document of the file or
 * none: a refused file shows its problems per row in a table; a good one closes the dialog with the count.
 * Nothing is shown without `{kind}.import` (issue #19; lib/permissions.ts `useCan`).
 */
export function ImportDocuments({ def, side, onImported }: ImportDocumentsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const may = useCan();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ message: string; errors: ImportRowError[] } | null>(null);
  const close = () => {
    setOpen(false);
    setRefused(null);
  };

  if (!may(kindCode(def, 'import'))) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('document:import.button')}
      </Button>
      <Modal
        open={open}
        title={t('document:import.title', { title: def.title[locale] })}
        onCancel={close}
        footer={<Button onClick={close}>{t('document:import.close')}</Button>}
        width={760}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('document:import.hint')}
          </Typography.Paragraph>
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                downloadImportTemplate(def, side).catch((e: unknown) => void message.error(errorText(e)))
              }
            >
              {t('document:import.template')}
            </Button>
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              maxCount={1}
              showUploadList={false}
              disabled={busy}
              customRequest={async ({ file, onSuccess, onError }) => {
                setBusy(true);
                setRefused(null);
                try {
                  const name = (file as File).name || 'import.xlsx';
                  const outcome = await importDocuments(def, side, file as Blob, name);
                  if (outcome.ok) {
                    void message.success(t('document:import.done', { count: outcome.created }));
                    onImported(outcome.created);
                    close();
                  } else setRefused({ message: outcome.message, errors: outcome.errors });
                  onSuccess?.(outcome);
                } catch (e) {
                  void message.error(errorText(e));
                  onError?.(e as Error);
                } finally {
                  setBusy(false);
                }
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={busy}>
                {t('document:import.choose')}
              </Button>
            </Upload>
          </Space>
          {refused && (
            <ImportErrorTable
              message={refused.message}
              errors={refused.errors}
              firstSheet={def.title[locale]}
            />
          )}
        </Space>
      </Modal>
    </>
  );
}
