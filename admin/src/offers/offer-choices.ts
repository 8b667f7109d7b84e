import type { TranslateFunction as Translate } from 'react-admin';
import { OFFER_CATEGORIES, OFFER_MODELS } from '../../../shared/constants';
import { plainChoices, sortChoices, translatedChoices, withAll } from '../lib/choices';
import { categoryLabel } from '../lib/format';

export const statusChoices = (t: Translate) =>
  translatedChoices(t, 'app.offers.status', ['all', 'active', 'inactive']);

export const categoryChoices = (t: Translate) =>
  withAll(
    t('app.offers.all_categories'),
    OFFER_CATEGORIES.map((c) => ({ id: c, name: categoryLabel(c) })),
  );

export const modelChoices = (t: Translate) => withAll(t('app.offers.all_models'), plainChoices(OFFER_MODELS));

/** Sort choices of the offers list. */
export const offerSortChoices = (t: Translate) =>
  sortChoices(t, 'app.offers.sort', [
    ['newest', 'created_at', 'DESC'],
    ['oldest', 'created_at', 'ASC'],
    ['title_asc', 'title', 'ASC'],
    ['title_desc', 'title', 'DESC'],
    ['completions', 'total_completions', 'DESC'],
    ['revenue', 'total_revenue', 'DESC'],
    ['reward', 'reward_amount', 'DESC'],
    ['category', 'category', 'ASC'],
  ]);

/** Performance shortcuts; 'no completions' has no effect, as the product defines it. */
export const PERFORMANCE_SHORTCUTS: Record<string, { field: string; order: 'ASC' | 'DESC' } | null> = {
  high_performance: { field: 'total_completions', order: 'DESC' },
  high_revenue: { field: 'total_revenue', order: 'DESC' },
  low_performance: { field: 'total_completions', order: 'ASC' },
  no_completions: null,
};
