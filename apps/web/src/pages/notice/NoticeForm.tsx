import type { Notice } from '@srm/contracts/message';
import { Alert, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { now } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { saveNotice } from '../../lib/message-api.ts';
import {
  dictLabel,
  endAfterStart,
  NOTICE_CHANNELS,
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  NOTICE_TYPES,
  normaliseReceivers,
} from '../../lib/message-rules.ts';
import { useSettings } from '../../lib/settings-store.ts';

type Values = {
  title: string;
  content: string;
  type: string;
  noticeChannel: string;
  pubOrgDesc?: string;
  noticeStartTime: Dayjs;
  noticeEndTime: Dayjs;
  receivers: string[];
};

/** A supplier account as the server accepts it (contracts/auth elsAccountSchema). */
const ACCOUNT = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Create or edit an unpublished announcement (seed 001 §3, §5; issue #4). Receivers are supplier
 * accounts typed as tags, offered from the suppliers this buyer already announced to; the server
 * checks each is a linked supplier and its message is shown here in place.
 */
export function NoticeForm({
  notice,
  knownReceivers,
  onClose,
  onSaved,
}: {
  notice: Notice | null;
  knownReceivers: string[];
  onClose: () => void;
  onSaved: (saved: Notice) => void;
}) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const initial: Partial<Values> = notice
    ? {
        title: notice.title,
        content: notice.content,
        type: notice.type,
        noticeChannel: notice.noticeChannel,
        pubOrgDesc: notice.pubOrgDesc ?? undefined,
        noticeStartTime: dayjs(notice.noticeStartTime),
        noticeEndTime: dayjs(notice.noticeEndTime),
        receivers: notice.receivers,
      }
    : {
        type: '1',
        noticeChannel: '1',
        noticeStartTime: now().startOf('minute'),
        noticeEndTime: now().add(30, 'day').endOf('day').startOf('minute'),
        receivers: [],
      };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await saveNotice({
        ...(notice ? { id: notice.id, version: notice.version } : {}),
        title: values.title.trim(),
        content: values.content,
        type: values.type,
        noticeChannel: values.noticeChannel,
        pubOrgDesc: values.pubOrgDesc?.trim() || undefined,
        noticeStartTime: values.noticeStartTime.toISOString(),
        noticeEndTime: values.noticeEndTime.toISOString(),
        receivers: normaliseReceivers(values.receivers),
      });
      onSaved(saved);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={notice ? `${t('msg:notice.edit')} · ${notice.noticeNumber}` : t('msg:notice.create')}
      okText={t('msg:notice.save')}
      cancelText={t('msg:notice.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} className="notice-form">
        <Form.Item
          name="title"
          label={t('msg:notice.noticeTitle')}
          rules={[{ required: true, whitespace: true, message: t('msg:notice.titleRequired') }]}
        >
          <Input maxLength={NOTICE_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('msg:notice.content')}
          rules={[{ required: true, whitespace: true, message: t('msg:notice.contentRequired') }]}
        >
          <Input.TextArea rows={6} maxLength={NOTICE_CONTENT_MAX} showCount />
        </Form.Item>
        <div className="notice-form-row">
          <Form.Item
            name="type"
            label={t('msg:notice.type')}
            rules={[{ required: true, message: t('msg:notice.typeRequired') }]}
          >
            <Select
              options={Object.keys(NOTICE_TYPES).map((v) => ({
                value: v,
                label: dictLabel(NOTICE_TYPES, v, locale),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="noticeChannel"
            label={t('msg:notice.channel')}
            rules={[{ required: true, message: t('msg:notice.channelRequired') }]}
          >
            <Radio.Group
              optionType="button"
              options={Object.keys(NOTICE_CHANNELS).map((v) => ({
                value: v,
                label: dictLabel(NOTICE_CHANNELS, v, locale),
              }))}
            />
          </Form.Item>
          <Form.Item name="pubOrgDesc" label={t('msg:notice.pubOrg')}>
            <Input maxLength={100} />
          </Form.Item>
        </div>
        <div className="notice-form-row">
          <Form.Item
            name="noticeStartTime"
            label={t('msg:notice.start')}
            rules={[{ required: true, message: t('msg:notice.startRequired') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="noticeEndTime"
            label={t('msg:notice.end')}
            dependencies={['noticeStartTime']}
            rules={[
              { required: true, message: t('msg:notice.endRequired') },
              ({ getFieldValue }) => ({
                validator: (_, value: Dayjs | undefined) =>
                  endAfterStart(getFieldValue('noticeStartTime'), value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('msg:notice.endAfterStart'))),
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item
          name="receivers"
          label={t('msg:notice.receivers')}
          extra={t('msg:notice.receiversHelp')}
          required
          rules={[
            {
              validator: (_, value: string[] | undefined) => {
                const list = normaliseReceivers(value);
                if (list.length === 0) return Promise.reject(new Error(t('msg:notice.receiversRequired')));
                if (list.some((v) => !ACCOUNT.test(v)))
                  return Promise.reject(new Error(t('msg:notice.receiverFormat')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Select
            mode="tags"
            aria-label={t('msg:notice.receivers')}
            tokenSeparators={[',', ' ', '，']}
            options={knownReceivers.map((r) => ({ value: r, label: r }))}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Form>
    </Modal>
  );
}
