import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, type Identifier } from 'react-admin';

/**
 * Links from one record to the next (issue 36): a member's page, an offer's, a network's, a click's, a
 * claim's, a postback attempt's. Plain anchors (the browser's own open-in-new-tab works); the console's
 * routes are under react-admin's basename.
 */
export type RecordKind = 'member' | 'offer' | 'network' | 'click' | 'claim' | 'postback' | 'review';

const PATHS: Record<RecordKind, (id: Identifier) => string> = {
  member: (id) => `/users/${encodeURIComponent(String(id))}/show`,
  offer: (id) => `/offers/${encodeURIComponent(String(id))}/show`,
  network: (id) => `/networks/${encodeURIComponent(String(id))}/show`,
  click: (id) => `/clicks/${encodeURIComponent(String(id))}/show`,
  claim: (id) => `/claims/${encodeURIComponent(String(id))}/show`,
  postback: (id) => `/postbacks/${encodeURIComponent(String(id))}/show`,
  review: (id) => `/reviews/${encodeURIComponent(String(id))}/show`,
};

/** The console path of a record's page (without the basename). */
export function recordPath(kind: RecordKind, id: Identifier): string {
  return PATHS[kind](id);
}

export function RecordLink({
  kind,
  id,
  children,
  label,
}: {
  kind: RecordKind;
  id: Identifier | null | undefined;
  children: ReactNode;
  /** An accessible name when the text alone does not say where the link goes. */
  label?: string;
}) {
  const basename = useBasename();
  if (id === null || id === undefined || id === '') return <>{children}</>;
  return (
    <MuiLink
      component={RouterLink}
      to={`${basename}${recordPath(kind, id)}`}
      aria-label={label}
      underline="hover"
      // A link inside a clickable row opens its record, not the row's dialog.
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      sx={{ fontWeight: 'inherit', overflowWrap: 'anywhere' }}
    >
      {children}
    </MuiLink>
  );
}

/** A link to a filtered list, e.g. a member's conversions: /admin/conversions?filter={"search":…}. */
export function ListLink({
  resource,
  filter,
  children,
}: {
  resource: string;
  filter: Record<string, unknown>;
  children: ReactNode;
}) {
  const basename = useBasename();
  const query = new URLSearchParams({ filter: JSON.stringify(filter) });
  return (
    <MuiLink
      component={RouterLink}
      to={`${basename}/${resource}?${query}`}
      underline="hover"
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {children}
    </MuiLink>
  );
}
