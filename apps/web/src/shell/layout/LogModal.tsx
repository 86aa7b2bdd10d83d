import { List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorLog } from '../../lib/feedback.ts';

/** The session's error log (settings 'log' switch). Loaded on first opening: List pulls in the pager. */
export default function LogModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('shell:log.title')} footer={null} onCancel={onClose}>
      <List
        size="small"
        dataSource={[...errorLog]}
        // The list's own empty text is drawn in the disabled colour (1.8:1); secondary text is readable.
        locale={{ emptyText: <Typography.Text type="secondary">{t('shell:log.empty')}</Typography.Text> }}
        renderItem={(e) => (
          <List.Item>
            <span className="log-time">{e.at}</span> {e.text}
          </List.Item>
        )}
      />
    </Modal>
  );
}
