import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useLogoutIfAccessDenied, useTranslate, type Identifier } from 'react-admin';
import type { RiskLevel, RiskReasonRow } from '../../../shared/contract/admin/reviews';
import { RecordLink } from '../components/record-links';
import type { AdminDataProvider } from '../data-provider';

/** A level's colour; the chip always says the level in words too (never colour alone). */
const LEVEL_COLORS = {
  low: 'success',
  medium: 'info',
  high: 'warning',
  very_high: 'error',
} as const satisfies Record<RiskLevel, string>;

/** 'High risk · 70': the level in words and the score, named for screen readers. */
export function LevelChip({
  level,
  score,
  size = 'small',
}: {
  level: RiskLevel;
  score?: number;
  size?: 'small' | 'medium';
}) {
  const t = useTranslate();
  const name = t(`app.risk.levels.${level}`);
  const label = score === undefined ? name : `${name} · ${score}`;
  return (
    <Chip
      size={size}
      color={LEVEL_COLORS[level]}
      variant={level === 'low' ? 'outlined' : 'filled'}
      label={label}
      aria-label={score === undefined ? name : t('app.reviews.score_label', { score, level: name })}
    />
  );
}

/** 'Shared device +30'. */
export function reasonTitle(t: ReturnType<typeof useTranslate>, reason: RiskReasonRow): string {
  const sign = reason.weight < 0 ? '' : '+';
  return `${t(`app.risk.reasons.${reason.code}`)} ${sign}${reason.weight}`;
}

/**
 * The reasons a score is made of, each in words with its weight and evidence ("Shared device +30: 3
 * accounts share this device: …"), the members it names as links. `compact`: without the links (table).
 */
export function ReasonList({
  reasons,
  compact = false,
  label,
}: {
  reasons: RiskReasonRow[];
  compact?: boolean;
  label?: string;
}) {
  const t = useTranslate();
  if (reasons.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('app.reviews.no_reasons')}
      </Typography>
    );
  return (
    <List dense disablePadding aria-label={label} sx={compact ? { minWidth: 240, maxWidth: 380 } : undefined}>
      {reasons.map((r, i) => (
        <ListItem key={`${r.code}-${i}`} disableGutters sx={{ py: 0.25, display: 'block' }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {reasonTitle(t, r)}
          </Typography>
          {r.evidence && (
            <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
              {`: ${r.evidence}`}
            </Typography>
          )}
          {!compact && r.user_ids.length > 0 && (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1, ml: 1 }}>
              {r.user_ids.map((id) => (
                <RecordLink key={id} kind="member" id={id}>
                  {`#${id}`}
                </RecordLink>
              ))}
            </Box>
          )}
        </ListItem>
      ))}
    </List>
  );
}

export const RISK_KEY = (userId: Identifier) => ['admin', 'risk', String(userId)];

/** One member's risk (GET risk.php?user_id=), read when a page that shows it mounts. */
export function useRisk(userId: Identifier | null | undefined) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: RISK_KEY(userId ?? ''),
    queryFn: () => dataProvider.getRisk(userId!),
    enabled: userId !== null && userId !== undefined && userId !== '',
    staleTime: 30_000,
  });
  useEffect(() => {
    if (query.error) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);
  return query;
}

/** A fingerprint shortened for reading: its first 8 and last 4 characters. */
export function shortFingerprint(fp: string | null): string {
  if (!fp) return '—';
  return fp.length > 14 ? `${fp.slice(0, 8)}…${fp.slice(-4)}` : fp;
}
