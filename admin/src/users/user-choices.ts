import type { TranslateFunction as Translate } from 'react-admin';
import { sortChoices, translatedChoices } from '../lib/choices';

/** Admin users filters under their query names (performanceFilter, referralFilter, voucherFilter). */
export const PERFORMANCE_FILTERS = [
  'all',
  'high_performers',
  'medium_performers',
  'low_performers',
  'inactive',
] as const;
export const REFERRAL_FILTERS = ['all', 'top_referrers', 'active_referrers'] as const;
export const VOUCHER_FILTERS = ['all', 'high_value', 'multiple_vouchers', 'top_winners'] as const;

export const performanceChoices = (t: Translate) =>
  translatedChoices(t, 'app.users.performance', PERFORMANCE_FILTERS);
export const referralChoices = (t: Translate) => translatedChoices(t, 'app.users.referral', REFERRAL_FILTERS);
export const voucherChoices = (t: Translate) => translatedChoices(t, 'app.users.voucher', VOUCHER_FILTERS);

/** Sort options (registration_date, total_completions, …, first_name). */
export const userSortChoices = (t: Translate) =>
  sortChoices(t, 'app.users.sort', [
    ['newest', 'registration_date', 'DESC'],
    ['oldest', 'registration_date', 'ASC'],
    ['completions', 'total_completions', 'DESC'],
    ['vouchers', 'total_vouchers_won', 'DESC'],
    ['revenue', 'total_revenue_generated', 'DESC'],
    ['referrals', 'successful_referrals', 'DESC'],
    ['name', 'first_name', 'ASC'],
  ]);
