import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DownOutlined } from '../../components/icons.tsx';
import { tabHref, tabKey } from '../tabs.ts';
import { useTabs } from '../tabs-store.ts';
import { useTabLabel } from '../use-tab-label.ts';

/**
 * Tab strip (spec 000 §2, §4): closable tabs (never the home tab), 'close others' and 'home only'.
 * Closing the active tab activates the next one, or the previous one when none follows.
 */
export function TabStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const active = useTabs((s) => s.active);
  const dispatch = useTabs((s) => s.dispatch);
  const labelOf = useTabLabel();

  function close(key: string) {
    const before = useTabs.getState().active;
    dispatch({ type: 'close', key });
    const after = useTabs.getState();
    if (after.active !== before) {
      const next = after.tabs.find((tab) => tabKey(tab) === after.active);
      navigate(next ? tabHref(next) : HOME_TAB_PATH);
    }
  }

  return (
    <div className="tab-strip">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => {
          const tab = tabs.find((x) => tabKey(x) === key);
          if (tab) navigate(tabHref(tab));
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({ key: tabKey(tab), label: labelOf(tab), closable: tab.close }))}
        tabBarExtraContent={{
          right: (
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
              <Button type="text" size="small" aria-label={t('shell:tabs.actions')}>
                {t('shell:tabs.actions')} <DownOutlined />
              </Button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
