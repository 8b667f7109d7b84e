import type { TranslateFunction as Translate } from 'react-admin';
import type { Choice, SortChoice } from '../components/filters';
import { ADMIN_DATE_RANGES } from '../../../shared/constants';

/** Choices whose names are translations under one prefix: `{prefix}.{id}`. */
export const translatedChoices = (t: Translate, prefix: string, ids: readonly string[]): Choice[] =>
  ids.map((id) => ({ id, name: t(`${prefix}.${id}`) }));

/** Choices named by their own id (offer models, voucher brands and types). */
export const plainChoices = (ids: readonly string[]): Choice[] => ids.map((id) => ({ id, name: id }));

/** An 'all' choice (no filter) named `allName`, followed by `choices`. */
export const withAll = (allName: string, choices: Choice[]): Choice[] => [
  { id: 'all', name: allName },
  ...choices,
];

/** Named sorts as `[id, field, order]`, each named by the translation `{prefix}.{id}`. */
export const sortChoices = (
  t: Translate,
  prefix: string,
  sorts: readonly [id: string, field: string, order: SortChoice['order']][],
): SortChoice[] => sorts.map(([id, field, order]) => ({ id, name: t(`${prefix}.${id}`), field, order }));

/** Date-range filter of the admin lists; referrals pass their shorter list. */
export const dateRangeChoices = (t: Translate, ids: readonly string[] = ADMIN_DATE_RANGES) =>
  translatedChoices(t, 'app.date_ranges', ids);
