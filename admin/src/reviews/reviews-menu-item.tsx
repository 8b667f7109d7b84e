import { Badge } from '@mui/material';
import ReviewIcon from '@mui/icons-material/GppMaybe';
import { Menu, useBasename, useGetList, useTranslate } from 'react-admin';

/** How often the menu's count is read again (the list's own call, one row). */
const REFRESH_MS = 60_000;

/**
 * Held rewards waiting and when the oldest was held (the queue's `waiting` and `oldest_waiting_at`,
 * whatever the filters): GET reviews.php?limit=1, shared by the menu's badge and the needs-attention
 * panel (until the attention call carries them).
 */
export function useReviewsWaiting(): { waiting: number; oldest: string | null } {
  const { meta } = useGetList(
    'reviews',
    {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: { status: 'held' },
    },
    { refetchInterval: REFRESH_MS },
  );
  const m = meta as { waiting?: number; oldest_waiting_at?: string | null } | undefined;
  return { waiting: Number(m?.waiting ?? 0), oldest: m?.oldest_waiting_at ?? null };
}

/** The Review queue menu entry with the count of held rewards waiting (issue 33). */
export function ReviewsMenuItem() {
  const t = useTranslate();
  const basename = useBasename();
  const { waiting } = useReviewsWaiting();
  const label = t('app.reviews.menu_count', { smart_count: waiting });
  return (
    <Menu.Item
      to={`${basename}/reviews`}
      primaryText={t('resources.reviews.name', { smart_count: 2 })}
      leftIcon={
        waiting > 0 ? (
          <Badge badgeContent={waiting} color="warning" max={99} title={label}>
            <ReviewIcon />
          </Badge>
        ) : (
          <ReviewIcon />
        )
      }
    />
  );
}
