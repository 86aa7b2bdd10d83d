import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../lib/i18n-account.ts';

/** The user agreement in a modal dialog (native <dialog>). `onRead` runs when it is closed after reading. */
export default function AgreementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="login-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{t('account:agreementTitle')}</h2>
      <p>{t('account:agreementP1')}</p>
      <p>{t('account:agreementP2')}</p>
      <p>{t('account:agreementP3')}</p>
      <div className="login-dialog-actions">
        <button type="button" className="login-submit" onClick={onClose}>
          {t('account:agreementClose')}
        </button>
      </div>
    </dialog>
  );
}
