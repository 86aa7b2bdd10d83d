import { IMPROVEMENT_STATUS } from '@srm/contracts/improvement';
import { Space, Tag } from 'antd';
import { appUrl } from '../../lib/base-path.ts';
import type { IssuedSheet } from './api.ts';
import { useLocale } from './labels.tsx';

/**
 * The improvement sheets issued from an appraisal (run or scorecard): each a link to the sheet in the
 * improvement app (`/improvement/#/v2/improvement/detail?id=`) with its subject and status.
 */
export function IssuedSheets({ sheets }: { sheets: IssuedSheet[] }) {
  const locale = useLocale();
  if (sheets.length === 0) return null;
  return (
    <Space size={4} wrap>
      {sheets.map((s) => (
        <span key={s.id}>
          <a href={appUrl(`/improvement/#/v2/improvement/detail?id=${s.id}`)}>{s.improvementNumber}</a>{' '}
          {s.subject}{' '}
          <Tag>
            {IMPROVEMENT_STATUS[s.improvementStatus as keyof typeof IMPROVEMENT_STATUS]?.[locale] ??
              s.improvementStatus}
          </Tag>
        </span>
      ))}
    </Space>
  );
}
