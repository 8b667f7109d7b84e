import type { TranslateFunction as Translate } from 'react-admin';
import type { Choice, SortChoice } from '../components/filters';
import { ADMIN_DATE_RANGES } from '../../../shared/constants';

/** Admin users filters of spec section 9 (query names of section 7). */
export const PERFORMANCE_FILTERS = [
  'all',
  'high_performers',
  'medium_performers',
  'low_performers',
  'inactive',
] as const;
export const REFERRAL_FILTERS = ['all', 'top_referrers', 'active_referrers'] as const;
export const VOUCHER_FILTERS = ['all', 'high_value', 'multiple_vouchers', 'top_winners'] as const;

const choices = (t: Translate, prefix: string, ids: readonly string[]): Choice[] =>
  ids.map((id) => ({ id, name: t(`${prefix}.${id}`) }));

export const dateRangeChoices = (t: Translate, ids: readonly string[] = ADMIN_DATE_RANGES) =>
  choices(t, 'app.date_ranges', ids);
export const performanceChoices = (t: Translate) => choices(t, 'app.users.performance', PERFORMANCE_FILTERS);
export const referralChoices = (t: Translate) => choices(t, 'app.users.referral', REFERRAL_FILTERS);
export const voucherChoices = (t: Translate) => choices(t, 'app.users.voucher', VOUCHER_FILTERS);

/** Sort options of section 9 (registration_date, total_completions, …, first_name). */
export const userSortChoices = (t: Translate): SortChoice[] => [
  { id: 'newest', name: t('app.users.sort.newest'), field: 'registration_date', order: 'DESC' },
  { id: 'oldest', name: t('app.users.sort.oldest'), field: 'registration_date', order: 'ASC' },
  { id: 'completions', name: t('app.users.sort.completions'), field: 'total_completions', order: 'DESC' },
  { id: 'vouchers', name: t('app.users.sort.vouchers'), field: 'total_vouchers_won', order: 'DESC' },
  { id: 'revenue', name: t('app.users.sort.revenue'), field: 'total_revenue_generated', order: 'DESC' },
  { id: 'referrals', name: t('app.users.sort.referrals'), field: 'successful_referrals', order: 'DESC' },
  { id: 'name', name: t('app.users.sort.name'), field: 'first_name', order: 'ASC' },
];
