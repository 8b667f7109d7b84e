import type { TranslateFunction as Translate } from 'react-admin';
import type { Choice } from '../components/filters';
import { sortChoices, translatedChoices } from '../lib/choices';

/** The conversions filters under their query names, with their choices. */
export const CONVERSION_FILTERS = {
  /** 'all' sends no status: the API's default, approved conversions; 'both' adds the reversed ones. */
  status: ['all', 'reversed', 'both'],
  dateRange: ['all', 'today', 'week', 'month'],
  voucherFilter: ['all', 'won', 'lost'],
  userTypeFilter: ['all', 'firebase', 'email'],
  referralFilter: ['all', 'referred_users', 'organic_users', 'first_completions', 'referral_trigger'],
} as const;

export const conversionChoices = (t: Translate, source: keyof typeof CONVERSION_FILTERS): Choice[] =>
  translatedChoices(t, `app.conversions.filter_values.${source}`, CONVERSION_FILTERS[source]);

export const conversionSortChoices = (t: Translate) =>
  sortChoices(t, 'app.conversions.sort', [
    ['date_desc', 'completed_at', 'DESC'],
    ['date_asc', 'completed_at', 'ASC'],
    ['payout_desc', 'payout_amount', 'DESC'],
    ['payout_asc', 'payout_amount', 'ASC'],
  ]);

/** Active filters (search counts; 'all' and empty do not) for the chips and the Clear (n) button. */
export function activeFilters(values: Record<string, unknown>): [string, string][] {
  const names = ['search', ...Object.keys(CONVERSION_FILTERS)];
  return names
    .map(
      (name) =>
        [name, typeof values[name] === 'string' ? (values[name] as string).trim() : values[name]] as [
          string,
          unknown,
        ],
    )
    .filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== 'all')
    .map(([name, v]) => [name, String(v)]);
}
