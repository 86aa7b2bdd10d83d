import { call, http } from '../../lib/http.ts';
import type { Evidence, SavedTemplateItem } from './types.ts';

const TEMPLATE = '/appraisal/PurchaseAppraisalTemplateService';
const RUN = '/appraisal/PurchaseAppraisalService';
const SALE = '/appraisal/SaleAppraisalService';

export type Template = {
  id: string;
  templateNumber: string;
  templateName: string;
  templateStatus: '0' | '1' | '2';
  excellentMin: number;
  goodMin: number;
  qualifiedMin: number;
  items: SavedTemplateItem[];
  remark: string | null;
  createDate: string;
  version: number;
};
export type Run = {
  id: string;
  appraisalNumber: string;
  templateName: string;
  items: SavedTemplateItem[];
  excellentMin: number;
  goodMin: number;
  qualifiedMin: number;
  periodFrom: string;
  periodTo: string;
  experts: Array<{ itemId: string; elsSubAccount: string }>;
  runStatus: '0' | '1';
  finishDate: string | null;
  createDate: string;
  version: number;
};
export type Result = {
  id: string;
  toElsAccount: string;
  supplierName: string;
  ratingStatus: '0' | '1' | '2';
  totalScore: number | null;
  grade: string | null;
  rankNo: number | null;
  rankBand: string | null;
  proposalNumber: string | null;
  proposalNote: string | null;
  supplierComment: string | null;
  version: number;
};
export type Score = {
  toElsAccount: string;
  itemId: string;
  rate: number | null;
  value: number | null;
  amount: string | null;
  given: number | null;
  score: number | null;
  /** The documents behind a computed figure: in the supplier's scorecard; the buyer's run loads them on demand. */
  evidence?: Evidence[];
  /** How many evidence rows the figure has. */
  evidenceCount: number;
  remark: string | null;
  scorer?: string | null;
};
/** An improvement sheet issued from an appraisal (its source is the run and the supplier). */
export type IssuedSheet = {
  id: string;
  improvementNumber: string;
  toElsAccount: string;
  subject: string;
  improvementStatus: string;
  improvementDate: string;
};
export type RunDetail = { run: Run; results: Result[]; scores: Score[]; improvements: IssuedSheet[] };
export type ScoringTask = {
  id: string;
  appraisalNumber: string;
  templateName: string;
  periodFrom: string;
  periodTo: string;
  items: SavedTemplateItem[];
  suppliers: Array<{ toElsAccount: string; supplierName: string }>;
  scores: Array<{ toElsAccount: string; itemId: string; given: number | null }>;
};
export type ScorecardRow = {
  id: string;
  elsAccount: string;
  buyerName: string | null;
  appraisalNumber: string;
  templateName: string;
  periodFrom: string;
  periodTo: string;
  totalScore: number | null;
  grade: string | null;
  rankBand: string | null;
};
export type Scorecard = ScorecardRow & {
  items: SavedTemplateItem[];
  scores: Score[];
  supplierComment: string | null;
  version: number;
  improvements: IssuedSheet[];
  trend: Array<{
    id: string;
    appraisalNumber: string;
    periodFrom: string;
    periodTo: string;
    totalScore: number | null;
    grade: string | null;
  }>;
};
type Page<T> = { records: T[]; total: number };
type Paging = { currentPage: number; pageSize: number };

export const KEYS = { all: ['appraisal'] as const };

/** POST …Template/findPageList — the buyer's templates. */
export const findTemplates = (body: Paging & { templateStatus?: string }): Promise<Page<Template>> =>
  call({ url: `${TEMPLATE}/findPageList`, method: 'POST', data: body });
/** POST …Template/save — a new template or an edited draft. */
export const saveTemplate = (body: unknown): Promise<Template> =>
  call({ url: `${TEMPLATE}/save`, method: 'POST', data: body });
/** POST …Template/{release|disable}/{id}. */
export const templateAction = (
  action: 'release' | 'disable',
  id: string,
  version: number,
): Promise<Template> => call({ url: `${TEMPLATE}/${action}/${id}`, method: 'POST', data: { version } });

/** POST …/findPageList — the buyer's appraisal runs. */
export const findRuns = (body: Paging): Promise<Page<Run>> =>
  call({ url: `${RUN}/findPageList`, method: 'POST', data: body });
/** GET …/findDetail/{id} — a run with results and scores. */
export const findRun = (id: string): Promise<RunDetail> => call({ url: `${RUN}/findDetail/${id}` });
/** GET …/findEvidence/{id} — the documents behind one computed figure of a run (loaded when it is opened). */
export const findRunEvidence = (id: string, toElsAccount: string, itemId: string): Promise<Evidence[]> =>
  call({ url: `${RUN}/findEvidence/${id}`, params: { toElsAccount, itemId } });
/** POST …/create — a run; computed figures filled in. */
export const createRun = (body: unknown): Promise<RunDetail> =>
  call({ url: `${RUN}/create`, method: 'POST', data: body });
/** POST …/finish/{id}. */
export const finishRun = (id: string, version: number): Promise<RunDetail> =>
  call({ url: `${RUN}/finish/${id}`, method: 'POST', data: { version } });
/** GET …/findExperts — sub-accounts that can score. */
export const findExperts = (): Promise<Array<{ elsSubAccount: string; name: string }>> =>
  call({ url: `${RUN}/findExperts` });
/** GET …/myScoring — runs waiting for the caller's scores. */
export const findMyScoring = (): Promise<ScoringTask[]> => call({ url: `${RUN}/myScoring` });
/** POST …/score/{id} — the caller's scores. */
export const saveScores = (
  id: string,
  scores: Array<{ toElsAccount: string; itemId: string; score: number }>,
): Promise<RunDetail> => call({ url: `${RUN}/score/${id}`, method: 'POST', data: { scores } });

/** POST Sale…/findPageList — the supplier's scorecards. */
export const findScorecards = (body: Paging): Promise<Page<ScorecardRow>> =>
  call({ url: `${SALE}/findPageList`, method: 'POST', data: body });
/** GET Sale…/findDetail/{id} — one own scorecard. */
export const findScorecard = (id: string): Promise<Scorecard> => call({ url: `${SALE}/findDetail/${id}` });
/** POST Sale…/comment/{id}. */
export const commentScorecard = (id: string, version: number, comment: string): Promise<Scorecard> =>
  call({ url: `${SALE}/comment/${id}`, method: 'POST', data: { version, comment } });

/** GET …/export/{id}?format=xlsx → downloads the run's results. */
export const exportRun = (id: string, fallbackName: string) =>
  download(`${RUN}/export/${id}?format=xlsx`, fallbackName);
/** GET …/print/{resultId} (buyer) or Sale…/print/{id} (supplier) → downloads the scorecard PDF. */
export const printScorecard = (side: 'purchase' | 'sale', id: string, fallbackName: string) =>
  download(`${side === 'sale' ? SALE : RUN}/print/${id}`, fallbackName);

/** Downloads a file answer (a JSON answer instead, an error, throws its message). */
async function download(url: string, fallbackName: string): Promise<void> {
  const res = await http.request<Blob>({ url, responseType: 'blob' });
  const type = String(res.headers['content-type'] ?? '');
  if (res.status !== 200 || type.includes('json')) {
    let message = `HTTP ${res.status}`;
    try {
      message = (JSON.parse(await res.data.text()) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  const name =
    /filename="?([^";]+)"?/.exec(String(res.headers['content-disposition'] ?? ''))?.[1] ?? fallbackName;
  const href = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
