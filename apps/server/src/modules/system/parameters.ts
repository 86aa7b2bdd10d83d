import { type PresetParameter, presetParameterValue } from '@srm/contracts/preset-parameters';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { systemSetting } from './tables.ts';

/**
 * The effective value of a buying company's preset parameter (issue #19): its `system_setting` row
 * (group, code) when saved and in range, else the parameter's default. One indexed read.
 */
export async function readPresetParameter(
  db: Queryable,
  elsAccount: string,
  parameter: PresetParameter,
): Promise<number> {
  const [row] = await db
    .select({ setValue: systemSetting.setValue })
    .from(systemSetting)
    .where(
      and(
        eq(systemSetting.elsAccount, elsAccount),
        eq(systemSetting.setGroupCode, parameter.group),
        eq(systemSetting.setCode, parameter.code),
      ),
    );
  return presetParameterValue(parameter, row?.setValue);
}
