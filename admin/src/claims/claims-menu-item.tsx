import { Badge } from '@mui/material';
import ClaimIcon from '@mui/icons-material/ContactSupport';
import { Menu, useBasename, useGetList, useTranslate } from 'react-admin';

/** How often the menu's claims count is read again (the list's own call, one row). */
const REFRESH_MS = 60_000;

/** Pending claims (the claims list's `pending` figure, whatever the filters): the menu's count. */
export function usePendingClaims(): number {
  const { data, total, meta } = useGetList(
    'claims',
    {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: { status: 'pending' },
    },
    { refetchInterval: REFRESH_MS },
  );
  void data;
  return Number((meta as { pending?: number } | undefined)?.pending ?? total ?? 0);
}

/**
 * The Claims menu entry with the count of claims waiting (issue 36). The review queue of the
 * trust-and-safety work gets the same kind of entry when it lands.
 */
export function ClaimsMenuItem() {
  const t = useTranslate();
  const basename = useBasename();
  const count = usePendingClaims();
  const label = t('app.claims.menu_count', { smart_count: count });
  return (
    <Menu.Item
      to={`${basename}/claims`}
      primaryText={t('resources.claims.name', { smart_count: 2 })}
      leftIcon={
        count > 0 ? (
          <Badge badgeContent={count} color="warning" max={99} title={label}>
            <ClaimIcon />
          </Badge>
        ) : (
          <ClaimIcon />
        )
      }
    />
  );
}
