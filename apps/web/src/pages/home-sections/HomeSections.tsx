import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import {
  HOME_SECTION_ORDER,
  type HomeSection,
  parseHomeSwitches,
  useHomeSwitches,
} from '../../lib/home-switches.ts';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-portal.ts';
import type { Figures, PendingList } from '../../lib/portal-api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { todoHref } from '../audit/audit-rules.ts';
import { homeQueries, homeQueriesOn } from '../home/home-queries.ts';
import './home-sections.css';
import OrderChart from './OrderChart.tsx';

/** The five switchable home sections (spec 000 §2), loaded after the greeting. */
export default function HomeSectionsRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <HomeSections />
    </QueryClientProvider>
  );
}

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="home-section">
      <Card
        title={
          <h2 id={id} className="home-section-title">
            {title}
          </h2>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  );
}

/** "Arrives in a later release": the honest state of a figure whose documents do not exist yet. */
function LaterNote() {
  const { t } = useTranslation();
  return <span className="text-secondary home-later">{t('portal:laterNote')}</span>;
}

function FigureTiles({
  query,
  keys,
  href,
}: {
  query: { data?: Figures; isPending: boolean; isError: boolean; error: unknown };
  keys: string[];
  /** Where the titles of the keys starting with "access" link to (the supplier's admission list). */
  href?: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (query.isError)
    return <span className="text-danger">{`${t('portal:home.loadFailed')}: ${errorText(query.error)}`}</span>;
  const available = query.data?.available ?? false;
  return (
    <>
      <Row gutter={[16, 16]} className={available ? 'home-figures' : 'home-figures is-unavailable'}>
        {keys.map((k) => (
          <Col key={k} xs={12} md={6}>
            <Statistic
              title={
                href && k.startsWith('access') ? (
                  <Link to={href}>{t(`portal:home.counts.${k}`)}</Link>
                ) : (
                  t(`portal:home.counts.${k}`)
                )
              }
              value={query.data?.counts[k] ?? 0}
            />
          </Col>
        ))}
      </Row>
      {!available && <LaterNote />}
    </>
  );
}

/** The text of a pending entry (title, number or id, whichever it has). */
const entryText = (r: Record<string, unknown>) =>
  String(r.title ?? r.number ?? r.documentNumber ?? r.id ?? '');

/** A to-do (a pending approval task): a link that opens its approval page in a tab, as the to-do page does. */
function todoEntry(r: Record<string, unknown>): ReactNode {
  const task = {
    id: String(r.id ?? ''),
    documentKind: String(r.documentKind ?? ''),
    documentId: String(r.documentId ?? ''),
  };
  if (!task.id || !task.documentKind || !task.documentId) return entryText(r);
  return <Link to={todoHref(task)}>{entryText(r)}</Link>;
}

function ListFigure({
  query,
  totalKey,
  entry = entryText,
}: {
  query: { data?: PendingList; isPending: boolean; isError: boolean; error: unknown };
  totalKey: string;
  /** How an entry shows (plain text unless given). */
  entry?: (record: Record<string, unknown>) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (query.isError)
    return <span className="text-danger">{`${t('portal:home.loadFailed')}: ${errorText(query.error)}`}</span>;
  const d = query.data;
  const available = d?.available ?? false;
  return (
    <>
      <div className={available ? 'home-figures' : 'home-figures is-unavailable'}>
        <Statistic title={t(totalKey)} value={d?.total ?? 0} />
      </div>
      {available ? (
        d && d.records.length > 0 ? (
          // A plain list: antd's List brings its pagination and spinner (issue #12, home bytes).
          <ul className="home-list">
            {d.records.slice(0, 5).map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: records of the five-row preview may lack an id
              <li key={i}>{entry(r)}</li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portal:home.none')} />
        )
      ) : (
        <LaterNote />
      )}
    </>
  );
}

const ORDER_KEYS = ['toBeConfirmed', 'changeToBeConfirmed', 'partialConfirmed', 'refused'];
const FINANCE_KEYS = ['reconToBeConfirmed', 'invoiceToBeConfirmed', 'costToBeConfirmed'];
/**
 * A supplier's admission forms by status (issue #16), in the finance figures' answer and tiles (no new
 * component or call: the home's JS budget); each title opens the admission app's list in a frame tab.
 */
const ACCESS_KEYS = ['accessDraft', 'accessWaiting', 'accessAdmitted', 'accessRejected'];
const ADMISSION_HREF = `/myiframe/${encodeURIComponent('/admission/#/v2/access/list')}`;

function HomeSections() {
  const { t } = useTranslation();
  const switches = useHomeSwitches((s) => s.switches);
  const settings = useQuery(homeQueries.switches());
  useEffect(() => {
    if (settings.data) useHomeSwitches.getState().set(parseHomeSwitches(settings.data));
  }, [settings.data]);

  const queries = homeQueriesOn(switches);
  const orders = useQuery({ ...homeQueries.orders(), enabled: queries.orders });
  const finance = useQuery({ ...homeQueries.finance(), enabled: queries.finance });
  const todos = useQuery({ ...homeQueries.todos(), enabled: queries.todos });
  const station = useAuth((s) => (s.userInfo?.station === 'sale' ? 'sale' : 'purchase'));
  const enquiries = useQuery({ ...homeQueries.enquiries(station), enabled: queries.enquiries });
  const deliveries = useQuery({ ...homeQueries.deliveries(), enabled: queries.deliveries });

  const render: Record<HomeSection, () => ReactNode> = {
    head: () => (
      <Section title={t('portal:home.head')}>
        <FigureTiles
          query={finance}
          keys={station === 'sale' ? [...FINANCE_KEYS, ...ACCESS_KEYS] : FINANCE_KEYS}
          href={ADMISSION_HREF}
        />
        <div className="home-subfigure">
          <ListFigure query={todos} totalKey="portal:home.todoTotal" entry={todoEntry} />
        </div>
      </Section>
    ),
    purchase: () => (
      <Section title={t('portal:home.purchase')}>
        <FigureTiles query={orders} keys={ORDER_KEYS} />
      </Section>
    ),
    order: () => (
      <Section title={t('portal:home.order')}>
        {orders.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : orders.data?.available && ORDER_KEYS.some((k) => (orders.data?.counts[k] ?? 0) > 0) ? (
          <OrderChart
            title={t('portal:home.chartTitle')}
            data={ORDER_KEYS.map((k) => ({
              name: t(`portal:home.counts.${k}`),
              value: orders.data?.counts[k] ?? 0,
            }))}
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={orders.data?.available ? t('portal:home.noOrders') : t('portal:laterNote')}
          />
        )}
      </Section>
    ),
    enquiry: () => (
      <Section title={t('portal:home.enquiry')}>
        <ListFigure query={enquiries} totalKey="portal:home.enquiryTotal" />
      </Section>
    ),
    logistics: () => (
      <Section title={t('portal:home.logistics')}>
        <ListFigure query={deliveries} totalKey="portal:home.deliveryTotal" />
      </Section>
    ),
  };

  const shown = HOME_SECTION_ORDER.filter((s) => switches[s] === 1);
  if (shown.length === 0) return null;
  return (
    <div className="home-sections">
      {shown.map((s) => (
        <div key={s} className={`home-section-slot home-section-${s}`}>
          {render[s]()}
        </div>
      ))}
    </div>
  );
}
