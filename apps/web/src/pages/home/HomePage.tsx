import { Avatar, Card, Descriptions, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { UserOutlined } from '../../components/icons.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useHomeSwitches } from '../../lib/home-switches.ts';

/** Announcements and shortcuts load after the greeting (the home route's byte budget, DESIGN §10). */
const PortalCards = lazy(() => import('../portal-cards/PortalCards.tsx'));
/** The five switchable sections and their figures (spec 000 §2), lazy for the same reason. */
const HomeSections = lazy(() => import('../home-sections/HomeSections.tsx'));

/** Home page (spec 000 §2): greeting with the user's name, company and station; announcements and shortcuts. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.userInfo);
  const showHead = useHomeSwitches((s) => s.switches.head === 1);
  if (!user) return null;
  return (
    <div className="page-stack">
      {showHead && (
        <Card className="home-greeting">
          <div className="home-greeting-row">
            <Avatar size={56} icon={<UserOutlined />} />
            <div>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {t('pages:home.greeting', { name: user.name })}
              </Typography.Title>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 3 }}
                items={[
                  { key: 'company', label: t('pages:home.company'), children: user.companyName },
                  {
                    key: 'account',
                    label: t('pages:home.account'),
                    children: `${user.elsAccount}_${user.elsSubAccount}`,
                  },
                  {
                    key: 'station',
                    label: t('pages:home.station'),
                    children: t(`pages:home.stations.${user.station}`),
                  },
                ]}
              />
            </div>
          </div>
        </Card>
      )}
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
      <Suspense
        fallback={
          <Card>
            <Skeleton active />
          </Card>
        }
      >
        <PortalCards />
      </Suspense>
    </div>
  );
}
