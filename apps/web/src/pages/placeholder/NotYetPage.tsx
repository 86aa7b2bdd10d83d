import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClockCircleOutlined } from '../../components/page-icons.tsx';

/**
 * Designed state for shell pages whose content arrives in a later issue (spec 000 §2: messages, to-dos,
 * hazardous substances, approvals, lists, forwarding, WeChat authorization). No fake data.
 */
export default function NotYetPage({
  titleKey,
  standalone = false,
}: {
  titleKey: string;
  standalone?: boolean;
}) {
  const { t } = useTranslation();
  const result = (
    <Result
      icon={<ClockCircleOutlined />}
      title={t('pages:notYet.title', { feature: t(titleKey) })}
      subTitle={t('pages:notYet.desc')}
    />
  );
  if (!standalone) return <div className="page-card">{result}</div>;
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {result}
    </main>
  );
}
