import { Alert, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-portal.ts';
import { getQrCode } from '../../lib/portal-api.ts';

/** "Follow us" QR code (spec 000 §2, §7 getPrCode: data.data is a PNG data URL), lazy. */
export default function QrDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open || src) return;
    let cancelled = false;
    setError(null);
    getQrCode()
      .then((r) => !cancelled && setSrc(r.data))
      .catch((e) => !cancelled && setError(errorText(e)));
    return () => {
      cancelled = true;
    };
  }, [open, src]);
  return (
    <Modal open={open} title={t('portal:info.qrTitle')} footer={null} onCancel={onClose} width={360} centered>
      <div className="qr-body">
        {error ? (
          <Alert type="error" showIcon title={t('portal:info.qrFailed')} description={error} />
        ) : src ? (
          <img src={src} alt={t('portal:info.qrAlt')} width={240} height={240} />
        ) : (
          <Spin />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('portal:info.qrHint')}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
