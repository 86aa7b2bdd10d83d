import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Error pages 403, 404 and 500 (spec 000 §2, §8). */
export default function ErrorPage({ status }: { status: '403' | '404' | '500' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status}
        title={status}
        subTitle={t(`pages:errors.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_TAB_PATH)}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </main>
  );
}
