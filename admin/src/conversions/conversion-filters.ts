import type { TranslateFunction as Translate } from 'react-admin';
import type { Choice, SortChoice } from '../components/filters';

/** Filters of spec sections 2 and 7 (query names) with their choices. */
export const CONVERSION_FILTERS = {
  dateRange: ['all', 'today', 'week', 'month'],
  voucherFilter: ['all', 'won', 'lost'],
  userTypeFilter: ['all', 'firebase', 'email'],
  referralFilter: ['all', 'referred_users', 'organic_users', 'first_completions', 'referral_trigger'],
} as const;

export const conversionChoices = (t: Translate, source: keyof typeof CONVERSION_FILTERS): Choice[] =>
  CONVERSION_FILTERS[source].map((id) => ({ id, name: t(`app.conversions.filter_values.${source}.${id}`) }));

export const conversionSortChoices = (t: Translate): SortChoice[] => [
  { id: 'date_desc', name: t('app.conversions.sort.date_desc'), field: 'completed_at', order: 'DESC' },
  { id: 'date_asc', name: t('app.conversions.sort.date_asc'), field: 'completed_at', order: 'ASC' },
  { id: 'payout_desc', name: t('app.conversions.sort.payout_desc'), field: 'payout_amount', order: 'DESC' },
  { id: 'payout_asc', name: t('app.conversions.sort.payout_asc'), field: 'payout_amount', order: 'ASC' },
];

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
