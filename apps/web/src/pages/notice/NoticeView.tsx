import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import type { Notice, ReceivedNotice } from '@srm/contracts/message';
import { Descriptions, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dictLabel, NOTICE_CHANNELS, NOTICE_TYPES } from '../../lib/message-rules.ts';
import { useSettings } from '../../lib/settings-store.ts';

const fmt = (v: string | null) => (v ? dayjs(v).format(DATE_TIME_FORMAT) : '—');

/** One announcement with its content, read-only (buyer preview and supplier reading). */
export function NoticeView({ notice, onClose }: { notice: Notice | ReceivedNotice; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const from = 'companyName' in notice ? notice.companyName : (notice.pubOrgDesc ?? notice.pubOrg ?? '—');
  return (
    <Modal open width={680} title={notice.title} footer={null} onCancel={onClose} destroyOnHidden>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'n', label: t('msg:notice.noticeNumber'), children: notice.noticeNumber },
          { key: 't', label: t('msg:notice.type'), children: dictLabel(NOTICE_TYPES, notice.type, locale) },
          { key: 'f', label: t('msg:notice.from'), children: from },
          {
            key: 'c',
            label: t('msg:notice.channel'),
            children: dictLabel(NOTICE_CHANNELS, notice.noticeChannel, locale),
          },
          { key: 'p', label: t('msg:notice.publishTime'), children: fmt(notice.publishTime) },
          {
            key: 'v',
            label: t('msg:notice.period'),
            children: `${fmt(notice.noticeStartTime)} ~ ${fmt(notice.noticeEndTime)}`,
          },
        ]}
      />
      <Typography.Paragraph className="notice-content">{notice.content}</Typography.Paragraph>
    </Modal>
  );
}
