import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A summary tile: label, big value, optional hint line. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  color = 'primary.main',
  loading = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  color?: string;
  loading?: boolean;
}) {
  return (
    // Compact (issue 36): a row of tiles takes about 70 px, so a list's first row is on the first screen.
    <Card variant="outlined" sx={{ height: '100%' }} role="group" aria-label={label}>
      <CardContent
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 1.25, '&:last-child': { pb: 1.25 } }}
      >
        {icon && (
          <Box
            aria-hidden
            sx={{
              color,
              bgcolor: 'action.hover',
              borderRadius: 2,
              p: 0.75,
              display: 'flex',
              '& svg': { fontSize: 22 },
            }}
          >
            {icon}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          {/* The label wraps rather than being cut ('Voucher Value Giv…' at 1280 px). */}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
            {loading ? <Skeleton width={80} /> : value}
          </Typography>
          {hint && (
            <Typography variant="caption" color="text.secondary" component="div">
              {hint}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/** A responsive row of tiles: one column on phones, two on tablets, `columns` on desktops. */
export function StatGrid({ children, columns = 4 }: { children: ReactNode; columns?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        // Every tile in one row from 900 px up (issue 36: the table's first row on the first screen).
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, 1fr)',
          md: `repeat(${Math.max(columns, 3)}, minmax(0, 1fr))`,
        },
        mb: 1.5,
      }}
    >
      {children}
    </Box>
  );
}
