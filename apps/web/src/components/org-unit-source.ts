import { ORG_OPTIONS_LIMIT, type OrgUnitType, orgUnitName } from '@srm/contracts/org-master';
import { findOrgOptions } from '../lib/master-api.ts';
import type { MasterSource } from './MasterSelect.tsx';

/** The most codes one naming call of findOptions takes (contracts orgUnitOptionsSchema). */
const CODES_PER_CALL = 200;

/**
 * The company's organisation master of one type for a MasterSelect (issue #19; value: the code, label
 * "code name" in the reader's language), searched on the server as typed (POST /masterdata/{service}/
 * findOptions: enabled records, first ORG_OPTIONS_LIMIT by code); chosen codes are named whatever their
 * status, so a disabled organisation already chosen keeps its name. One source per type and language.
 */
export function orgUnitSource(type: OrgUnitType, locale: string): MasterSource {
  const label = (o: { code: string; name: string; nameEn: string | null }) =>
    `${o.code} ${orgUnitName(o, locale)}`;
  return {
    key: `org:${type}:${locale}:${ORG_OPTIONS_LIMIT}`,
    search: async (keyword) =>
      (await findOrgOptions(type, keyword ? { keyword } : {}))
        .filter((o) => o.status === 'enabled')
        .map((o) => ({ value: o.code, label: label(o) })),
    name: async (codes) => {
      const chunks: string[][] = [];
      for (let i = 0; i < codes.length; i += CODES_PER_CALL) chunks.push(codes.slice(i, i + CODES_PER_CALL));
      const answers = await Promise.all(chunks.map((chunk) => findOrgOptions(type, { codes: chunk })));
      return answers.flat().map((o) => ({ value: o.code, label: label(o) }));
    },
  };
}
