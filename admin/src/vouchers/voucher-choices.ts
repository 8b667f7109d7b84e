import type { TranslateFunction as Translate } from 'react-admin';
import type { Choice } from '../components/filters';
import type { VoucherStatsRow } from '../../../shared/api-types';
import {
  AMOUNT_RANGES,
  ASSIGNMENT_FILTERS,
  EXPIRY_FILTERS,
  VOUCHER_STATUSES,
  VOUCHER_TYPES,
} from '../../../shared/constants';

export const voucherStatusChoices = (t: Translate): Choice[] => [
  { id: 'all', name: t('app.vouchers.all_statuses') },
  ...VOUCHER_STATUSES.map((s) => ({ id: s, name: t(`app.vouchers.status.${s}`) })),
];

/** Brand and type options are derived from the stats list (section 9). */
export const brandChoices = (t: Translate, stats: VoucherStatsRow[]): Choice[] => [
  { id: 'all', name: t('app.vouchers.all_brands') },
  ...[...new Set(stats.map((s) => s.voucher_brand))].sort().map((b) => ({ id: b, name: b })),
];

export const typeChoices = (
  t: Translate,
  stats: (VoucherStatsRow & { voucher_type?: string })[],
): Choice[] => {
  const fromStats = stats.map((s) => s.voucher_type).filter((x): x is string => Boolean(x));
  const types = [...new Set([...VOUCHER_TYPES, ...fromStats])];
  return [{ id: 'all', name: t('app.vouchers.all_types') }, ...types.map((v) => ({ id: v, name: v }))];
};

export const amountChoices = (t: Translate): Choice[] => [
  { id: 'all', name: t('app.vouchers.all_amounts') },
  ...AMOUNT_RANGES.map((r) => ({ id: r, name: r === '1001+' ? '₹1001+' : `₹${r.replace('-', ' - ₹')}` })),
];

export const expiryChoices = (t: Translate): Choice[] =>
  EXPIRY_FILTERS.map((e) => ({ id: e, name: t(`app.vouchers.expiry.${e}`) }));
export const assignmentChoices = (t: Translate): Choice[] =>
  ASSIGNMENT_FILTERS.map((a) => ({ id: a, name: t(`app.vouchers.assignment.${a}`) }));
