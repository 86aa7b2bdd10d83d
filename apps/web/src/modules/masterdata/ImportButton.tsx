import { Alert, App, Button, Modal, Table } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadOutlined } from '../../components/page-icons.tsx';
import { errorText } from '../../lib/http.ts';
import { type ExcelService, importWorkbook, type RowError } from './api.ts';

type Props = {
  service: ExcelService;
  /** Called after a successful import (to reload the list). */
  onImported: () => void;
};

/**
 * Import (upload an .xlsx; a '400' shows its row errors in a table). The export is the data table's own
 * button, wired to the server export (`onExport`).
 */
export function ImportButton({ service, onImported }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);
  const [errors, setErrors] = useState<RowError[] | null>(null);

  async function doImport(file: File) {
    setImporting(true);
    try {
      const outcome = await importWorkbook(service, file);
      if (outcome.ok) {
        void message.success(
          t('masterdata:excel.imported', { created: outcome.created, updated: outcome.updated }),
        );
        onImported();
      } else {
        setErrors(outcome.errors);
      }
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setImporting(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <Button icon={<UploadOutlined />} loading={importing} onClick={() => input.current?.click()}>
        {t('masterdata:excel.import')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t('masterdata:excel.importFile')}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void doImport(file);
        }}
      />
      <Modal
        open={errors !== null}
        title={t('masterdata:excel.errorsTitle')}
        onCancel={() => setErrors(null)}
        footer={<Button onClick={() => setErrors(null)}>{t('masterdata:actions.close')}</Button>}
        width={720}
      >
        <Alert
          type="error"
          showIcon
          title={t('masterdata:excel.nothingImported', { count: errors?.length ?? 0 })}
        />
        <Table<RowError & { key: number }>
          className="md-import-errors"
          size="small"
          pagination={errors && errors.length > 10 ? { pageSize: 10 } : false}
          dataSource={(errors ?? []).map((e, i) => ({ ...e, key: i }))}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('masterdata:excel.row'), width: 80 },
            { key: 'field', dataIndex: 'field', title: t('masterdata:excel.field'), width: 180 },
            { key: 'message', dataIndex: 'message', title: t('masterdata:excel.message') },
          ]}
        />
      </Modal>
    </>
  );
}
