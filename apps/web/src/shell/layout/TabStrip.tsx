import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { Button, Dropdown, Tabs } from 'antd';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DownOutlined } from '../../components/icons.tsx';
import { tabHref, tabKey } from '../tabs.ts';
import { useTabs } from '../tabs-store.ts';
import { useTabLabel } from '../use-tab-label.ts';

/**
 * Tab strip (spec 000 §2, §4): closable tabs (never the home tab), 'close others' and 'home only'.
 * Closing the active tab activates the next one, or the previous one when none follows.
 *
 * Accessibility (issue #19, WAI-ARIA tabs pattern): the tab list holds only tabs — antd's close button
 * beside each tab would be a button owned by the tablist (axe aria-required-children) — so a tab's close
 * mark is a decorative part of its label for the mouse, and the keyboard closes the focused tab with
 * Delete (or Backspace); the actions menu sits beside the list. So does the overflow menu (issue #35): antd
 * draws its "more tabs" button inside the tablist (axe aria-required-children, critical, once the tabs no
 * longer fit), so that button is hidden (layout.css) and this strip's own one, beside the list, lists the
 * tabs scrolled out of view when it opens; it is shown only while the tabs do not fit.
 */
export function TabStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const active = useTabs((s) => s.active);
  const dispatch = useTabs((s) => s.dispatch);
  const labelOf = useTabLabel();
  const strip = useRef<HTMLDivElement>(null);
  const overflowing = useOverflow(strip, tabs.length);
  const [hidden, setHidden] = useState<string[]>([]);

  function close(key: string) {
    const before = useTabs.getState().active;
    dispatch({ type: 'close', key });
    const after = useTabs.getState();
    if (after.active !== before) {
      const next = after.tabs.find((tab) => tabKey(tab) === after.active);
      navigate(next ? tabHref(next) : HOME_TAB_PATH);
    }
  }

  /** Delete/Backspace on a focused closable tab closes it (the tabs pattern's keyboard close). */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    const target = event.target as HTMLElement;
    if (target.getAttribute('role') !== 'tab') return;
    const key = target.closest('[data-node-key]')?.getAttribute('data-node-key');
    const tab = tabs.find((x) => tabKey(x) === key);
    if (key && tab?.close) {
      event.preventDefault();
      close(key);
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard close of the focused tab (its role is on the tab itself)
    <div className="tab-strip" ref={strip} onKeyDown={onKeyDown}>
      <Tabs
        type="card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => {
          const tab = tabs.find((x) => tabKey(x) === key);
          if (tab) navigate(tabHref(tab));
        }}
        items={tabs.map((tab) => ({
          key: tabKey(tab),
          closable: false,
          label: tab.close ? (
            <span className="tab-label">
              {labelOf(tab)}
              <span
                className="tab-close"
                aria-hidden="true"
                onClick={(event) => {
                  event.stopPropagation();
                  close(tabKey(tab));
                }}
              >
                ×
              </span>
            </span>
          ) : (
            labelOf(tab)
          ),
        }))}
      />
      {/* Beside the tab list, not inside it: a tablist holds only tabs (WCAG 4.1.2, axe aria-required-children). */}
      {overflowing && (
        <Dropdown
          trigger={['click']}
          onOpenChange={(open) => {
            if (open && strip.current) setHidden(tabsOutOfView(strip.current));
          }}
          menu={{
            items: tabs
              .filter((tab) => hidden.includes(tabKey(tab)))
              .map((tab) => ({ key: tabKey(tab), label: labelOf(tab) })),
            onClick: ({ key }) => {
              const tab = tabs.find((x) => tabKey(x) === key);
              if (tab) navigate(tabHref(tab));
            },
          }}
        >
          <Button type="text" size="small">
            {t('shell:tabs.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'closeOthers', label: t('shell:tabs.closeOthers') },
            { key: 'homeOnly', label: t('shell:tabs.homeOnly') },
          ],
          onClick: ({ key }) => {
            if (key === 'closeOthers') dispatch({ type: 'closeOthers' });
            if (key === 'homeOnly') {
              dispatch({ type: 'homeOnly' });
              navigate(HOME_TAB_PATH);
            }
          },
        }}
      >
        <Button type="text" size="small">
          {t('shell:tabs.actions')} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}

/**
 * Whether the strip's tabs are wider than the room they have (antd's tab list scrolls them then): measured
 * when the strip or its list of tabs changes size, and when the number of tabs `count` changes.
 */
function useOverflow(strip: RefObject<HTMLDivElement | null>, count: number): boolean {
  const [overflowing, setOverflowing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `count` re-measures when tabs open or close.
  useEffect(() => {
    const root = strip.current;
    const wrap = root?.querySelector<HTMLElement>('.ant-tabs-nav-wrap');
    const list = root?.querySelector<HTMLElement>('.ant-tabs-nav-list');
    if (!wrap || !list) return;
    const measure = () => setOverflowing(list.scrollWidth > wrap.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    observer.observe(list);
    return () => observer.disconnect();
  }, [strip, count]);
  return overflowing;
}

/** The keys of the tabs not wholly inside the visible part of the tab list, in the strip `root`. */
function tabsOutOfView(root: HTMLElement): string[] {
  const wrap = root.querySelector('.ant-tabs-nav-wrap')?.getBoundingClientRect();
  if (!wrap) return [];
  return [...root.querySelectorAll<HTMLElement>('.ant-tabs-tab[data-node-key]')]
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.left < wrap.left - 1 || box.right > wrap.right + 1;
    })
    .map((el) => el.dataset.nodeKey ?? '');
}
