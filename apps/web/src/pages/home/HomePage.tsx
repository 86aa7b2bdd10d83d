import { Avatar, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserOutlined } from '../../components/icons.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useHomeSwitches } from '../../lib/home-switches.ts';
/**
 * The five switchable sections (spec 000 §2), announcements and shortcuts come in the home's own chunk:
 * every home shows them, and as separate lazy chunks they only added requests (issue #12: the settled
 * home's bytes count them all, with each response's headers).
 */
import HomeSections from '../home-sections/HomeSections.tsx';
import PortalCards from '../portal-cards/PortalCards.tsx';

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
              <h1 className="home-greeting-title">{t('pages:home.greeting', { name: user.name })}</h1>
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
      <HomeSections />
      <PortalCards />
    </div>
  );
}
