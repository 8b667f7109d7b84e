import type { TranslateFunction as Translate } from 'react-admin';
import type { Choice } from '../components/filters';
import type { VoucherStatsRow } from '../../../shared/contract/admin/vouchers';
import { plainChoices, translatedChoices, withAll } from '../lib/choices';
import {
  AMOUNT_RANGES,
  ASSIGNMENT_FILTERS,
  EXPIRY_FILTERS,
  VOUCHER_STATUSES,
  VOUCHER_TYPES,
} from '../../../shared/constants';

export const voucherStatusChoices = (t: Translate): Choice[] =>
  withAll(t('app.vouchers.all_statuses'), translatedChoices(t, 'app.vouchers.status', VOUCHER_STATUSES));

/** Brand and type options are derived from the stats list. */
export const brandChoices = (t: Translate, stats: VoucherStatsRow[]): Choice[] =>
  withAll(t('app.vouchers.all_brands'), plainChoices([...new Set(stats.map((s) => s.voucher_brand))].sort()));

export const typeChoices = (
  t: Translate,
  stats: (VoucherStatsRow & { voucher_type?: string })[],
): Choice[] => {
  const fromStats = stats.map((s) => s.voucher_type).filter((x): x is string => Boolean(x));
  const types = [...new Set([...VOUCHER_TYPES, ...fromStats])];
  return withAll(t('app.vouchers.all_types'), plainChoices(types));
};

export const amountChoices = (t: Translate): Choice[] =>
  withAll(
    t('app.vouchers.all_amounts'),
    AMOUNT_RANGES.map((r) => ({ id: r, name: r === '1001+' ? '₹1001+' : `₹${r.replace('-', ' - ₹')}` })),
  );

export const expiryChoices = (t: Translate): Choice[] =>
  translatedChoices(t, 'app.vouchers.expiry', EXPIRY_FILTERS);
export const assignmentChoices = (t: Translate): Choice[] =>
  translatedChoices(t, 'app.vouchers.assignment', ASSIGNMENT_FILTERS);
