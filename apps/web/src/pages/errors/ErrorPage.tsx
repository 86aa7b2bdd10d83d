import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Error pages 403, 404 and 500 (spec 000 §2, §8): a page of its own, or (`inTab`) the content of a shell
 * tab (a `/portal/…` page the shell does not have), without a second main landmark.
 */
export default function ErrorPage({
  status,
  inTab = false,
}: {
  status: '403' | '404' | '500';
  inTab?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const Wrapper = inTab ? 'div' : 'main';
  return (
    <Wrapper
      style={{
        minHeight: inTab ? undefined : '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
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
    </Wrapper>
  );
}
