import { taskLink } from '@srm/contracts/task-links';
import { App, Button, Card, Input, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { errorText } from '../../lib/http.ts';
import '../../lib/i18n-audit.ts';
import { queryClient } from '../../lib/query-client.ts';
import { isIframeSrcAllowed } from '../../shell/iframe-allow.ts';
import { type Tab, tabKey } from '../../shell/tabs.ts';
import { useTabs } from '../../shell/tabs-store.ts';
import { AUDIT_KEYS, approveTask, rejectTask } from './audit-api.ts';
import { remarkOk } from './audit-rules.ts';
import './audit.css';
import { appUrl } from '../../lib/base-path.ts';

/**
 * /audit?taskId=…&documentKind=…&id=… (spec 000 §2): the document in a frame through its task link,
 * with an approve / reject panel; afterwards back to the to-do list.
 */
export default function AuditPage({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const origins = useAuth((s) => s.environMentConfig?.iframeOrigins ?? []);
  const { taskId = '', documentKind = '', id = '' } = tab.query;
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [done, setDone] = useState(false);

  const link = documentKind && id ? taskLink(documentKind, id, taskId || undefined) : null;
  if (!taskId || !link || !isIframeSrcAllowed(link, window.location.origin, origins)) {
    return (
      <div className="page-card">
        <Result
          status="warning"
          title={t('audit:page.badLink')}
          subTitle={t('audit:page.badLinkSub', { kind: documentKind || '—' })}
        />
      </div>
    );
  }

  async function decide(decision: 'approve' | 'reject') {
    if (!remarkOk(decision, remark)) {
      setRemarkError(true);
      return;
    }
    setBusy(decision);
    try {
      if (decision === 'approve') await approveTask(taskId, remark.trim() || undefined);
      else await rejectTask(taskId, remark.trim());
      setDone(true);
      void message.success(t(decision === 'approve' ? 'audit:page.approved' : 'audit:page.rejected'));
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: ['home', 'todos'] });
      navigate('/portal/info/todo');
      useTabs.getState().dispatch({ type: 'close', key: tabKey(tab) });
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="audit-page">
      <iframe className="audit-frame" title={t('audit:page.document')} src={appUrl(link)} />
      <Card className="audit-panel" size="small" title={t('audit:page.panel')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('audit:page.hint')}</Typography.Text>
          <label htmlFor={`audit-remark-${taskId}`}>{t('audit:page.remark')}</label>
          <Input.TextArea
            id={`audit-remark-${taskId}`}
            rows={5}
            maxLength={500}
            showCount
            value={remark}
            status={remarkError ? 'error' : undefined}
            onChange={(e) => {
              setRemark(e.target.value);
              if (e.target.value.trim()) setRemarkError(false);
            }}
          />
          {remarkError && (
            <Typography.Text type="danger" role="alert">
              {t('audit:page.remarkRequired')}
            </Typography.Text>
          )}
          <Space>
            <Button
              type="primary"
              loading={busy === 'approve'}
              disabled={done || busy !== null}
              onClick={() => void decide('approve')}
            >
              {t('audit:page.approve')}
            </Button>
            <Button
              danger
              loading={busy === 'reject'}
              disabled={done || busy !== null}
              onClick={() => void decide('reject')}
            >
              {t('audit:page.reject')}
            </Button>
          </Space>
        </Space>
      </Card>
    </div>
  );
}
