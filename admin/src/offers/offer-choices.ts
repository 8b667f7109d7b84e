import type { TranslateFunction as Translate } from 'react-admin';
import type { Choice, SortChoice } from '../components/filters';
import { OFFER_CATEGORIES, OFFER_MODELS } from '../../../shared/constants';
import { categoryLabel } from '../lib/format';

export const statusChoices = (t: Translate): Choice[] =>
  ['all', 'active', 'inactive'].map((id) => ({ id, name: t(`app.offers.status.${id}`) }));

export const categoryChoices = (t: Translate): Choice[] => [
  { id: 'all', name: t('app.offers.all_categories') },
  ...OFFER_CATEGORIES.map((c) => ({ id: c, name: categoryLabel(c) })),
];

export const modelChoices = (t: Translate): Choice[] => [
  { id: 'all', name: t('app.offers.all_models') },
  ...OFFER_MODELS.map((m) => ({ id: m, name: m })),
];

/** Sort choices of spec section 9. */
export const offerSortChoices = (t: Translate): SortChoice[] => [
  { id: 'newest', name: t('app.offers.sort.newest'), field: 'created_at', order: 'DESC' },
  { id: 'oldest', name: t('app.offers.sort.oldest'), field: 'created_at', order: 'ASC' },
  { id: 'title_asc', name: t('app.offers.sort.title_asc'), field: 'title', order: 'ASC' },
  { id: 'title_desc', name: t('app.offers.sort.title_desc'), field: 'title', order: 'DESC' },
  { id: 'completions', name: t('app.offers.sort.completions'), field: 'total_completions', order: 'DESC' },
  { id: 'revenue', name: t('app.offers.sort.revenue'), field: 'total_revenue', order: 'DESC' },
  { id: 'reward', name: t('app.offers.sort.reward'), field: 'reward_amount', order: 'DESC' },
  { id: 'category', name: t('app.offers.sort.category'), field: 'category', order: 'ASC' },
];

/** Performance shortcuts of section 9; 'no completions' has no effect, as the specification says. */
export const PERFORMANCE_SHORTCUTS: Record<string, { field: string; order: 'ASC' | 'DESC' } | null> = {
  high_performance: { field: 'total_completions', order: 'DESC' },
  high_revenue: { field: 'total_revenue', order: 'DESC' },
  low_performance: { field: 'total_completions', order: 'ASC' },
  no_completions: null,
};
