import { collectionsOf, type DocumentDefinition, kindSides, type Side } from '@srm/contracts/document/define';
import { Button, Result, Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, type ReactElement, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../lib/http.ts';
import { lazyChunk } from '../../lib/lazy.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { useDocumentDetail, useDocumentSide } from './api.ts';
import { DocumentDetail } from './DocumentDetail.tsx';
import { DocumentForm } from './DocumentForm.tsx';
import { DocumentList } from './DocumentList.tsx';
import { editInitial } from './edit-initial.ts';
import './i18n-document.ts';

/**
 * Default screens of a kind by convention (issue #34; docs/document-kernel.md §5): a web app routes a kind
 * with `kindRoutes(definition, import.meta.glob('./*{List,Detail,Edit}.tsx'))` and gets its list, detail
 * and form at `/v2/…/list`, `/v2/…/detail?id=` and `/v2/…/edit[?id=]` (the folder of the definition's
 * `detailPath`), drawn from the definition alone (DocumentList, DocumentDetail, DocumentForm). A file of
 * the conventional name in the app's folder — `<Kind>List.tsx`, `<Kind>Detail.tsx`, `<Kind>Edit.tsx`, Kind
 * the kind's code in PascalCase — replaces that one screen (its default export, lazy-loaded).
 */

/** What `import.meta.glob` answers: file path → lazy module with a default component. */
export type ScreenModules = Record<string, () => Promise<unknown>>;
type Screen = 'list' | 'detail' | 'edit';
const SCREENS: readonly Screen[] = ['list', 'detail', 'edit'];

/** The hash routes of a kind's default screens, from the folder of its `detailPath` ('/x/#/v2/a/detail'). */
export function kindScreenPaths(def: Pick<DocumentDefinition, 'detailPath'>): Record<Screen, string> {
  const hash = def.detailPath.includes('#')
    ? def.detailPath.slice(def.detailPath.indexOf('#') + 1)
    : def.detailPath;
  const folder = hash.slice(0, hash.lastIndexOf('/') + 1);
  return { list: `${folder}list`, detail: `${folder}detail`, edit: `${folder}edit` };
}

/** The conventional file names that replace a kind's default screens: `<Kind>List.tsx` … */
export function screenFileNames(def: Pick<DocumentDefinition, 'kind'>): Record<Screen, string> {
  const pascal = def.kind.charAt(0).toUpperCase() + def.kind.slice(1);
  return { list: `${pascal}List.tsx`, detail: `${pascal}Detail.tsx`, edit: `${pascal}Edit.tsx` };
}

/** The side the user works on for this kind: their station's, or the kind's only side. */
function useKindSide(def: DocumentDefinition): Side {
  const station = useDocumentSide();
  const sides = kindSides(def);
  return sides.includes(station) ? station : sides[0];
}

const idOf = (search: string) => new URLSearchParams(search).get('id') ?? '';

/** The default list: filters and columns from the definition; "New" where the side creates the kind. */
export function DefaultList({ def }: { def: DocumentDefinition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const side = useKindSide(def);
  const may = useCan();
  const paths = kindScreenPaths(def);
  return (
    <DocumentList
      def={def}
      side={side}
      title={def.title[locale]}
      toolbar={
        def.editable[side] &&
        may(kindCode(def, 'save')) && (
          <Button type="primary" onClick={() => navigate(paths.edit)}>
            {t('document:screens.new', { title: def.title[locale] })}
          </Button>
        )
      }
      onOpen={(row) => navigate(`${paths.detail}?id=${row.id}`)}
    />
  );
}

/** The default detail: header, lines, collections, actions, files; edit and delete where allowed. */
export function DefaultDetail({ def }: { def: DocumentDefinition }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const side = useKindSide(def);
  const paths = kindScreenPaths(def);
  return (
    <DocumentDetail
      def={def}
      side={side}
      id={idOf(search)}
      onBack={() => navigate(paths.list)}
      onEdit={(d) => navigate(`${paths.edit}?id=${d.record.id}`)}
      onDeleted={() => navigate(paths.list)}
    />
  );
}

/** The default form: new (one empty line, each collection's `min` empty rows) or edit (`?id=`, editInitial). */
export function DefaultEdit({ def }: { def: DocumentDefinition }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const locale = useSettings((s) => s.locale);
  const side = useKindSide(def);
  const id = idOf(search);
  const paths = kindScreenPaths(def);
  const detail = useDocumentDetail(def, side, id);
  const title = def.title[locale];
  const saved = (record: { id: string }) => navigate(`${paths.detail}?id=${record.id}`, { replace: true });
  if (!id)
    return (
      <DocumentForm
        def={def}
        side={side}
        title={t('document:screens.new', { title })}
        initial={{
          lines: [{}],
          ...Object.fromEntries(
            collectionsOf(def, side).map(([name, c]) => [
              name,
              Array.from({ length: c.min ?? 0 }, () => ({})),
            ]),
          ),
        }}
        onCancel={() => navigate(paths.list)}
        onSaved={saved}
      />
    );
  if (detail.isPending) return <Spin className="tab-loading" />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('document:detail.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{t('document:detail.reload')}</Button>}
      />
    );
  const { record } = detail.data;
  return (
    <DocumentForm
      def={def}
      side={side}
      title={t('document:screens.edit', { title, number: String(record[def.numberField] ?? '') })}
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      onCancel={() => navigate(`${paths.detail}?id=${id}`)}
      onSaved={saved}
    />
  );
}

const DEFAULTS: Record<Screen, ComponentType<{ def: DocumentDefinition }>> = {
  list: DefaultList,
  detail: DefaultDetail,
  edit: DefaultEdit,
};

/** One lazy component per module loader (a route's element keeps its identity across renders). */
const lazies = new Map<ScreenModules[string], LazyExoticComponent<ComponentType>>();
function lazyOf(load: ScreenModules[string]) {
  let component = lazies.get(load);
  if (!component) {
    component = lazyChunk(load as () => Promise<{ default: ComponentType }>);
    lazies.set(load, component);
  }
  return component;
}

/**
 * The `<Route>`s of a kind's list, detail and form (inside the app's `<Routes>`): each the file of the
 * conventional name among `modules` (`import.meta.glob` of the app's folder) when there is one, else the
 * default screen from the definition.
 */
export function kindRoutes(def: DocumentDefinition, modules: ScreenModules = {}): ReactElement[] {
  const paths = kindScreenPaths(def);
  const files = screenFileNames(def);
  return SCREENS.map((screen) => {
    const own = Object.entries(modules).find(([path]) => path.split('/').pop() === files[screen]);
    const Default = DEFAULTS[screen];
    const Own = own ? lazyOf(own[1]) : null;
    const element = Own ? (
      <Suspense fallback={<Spin className="tab-loading" />}>
        <Own />
      </Suspense>
    ) : (
      <Default def={def} />
    );
    return <Route key={screen} path={paths[screen]} element={element} />;
  });
}
