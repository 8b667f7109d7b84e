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
    <Card variant="outlined" sx={{ height: '100%' }} role="group" aria-label={label}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
        {icon && (
          <Box
            aria-hidden
            sx={{
              color,
              bgcolor: 'action.hover',
              borderRadius: 2,
              p: 1,
              display: 'flex',
              '& svg': { fontSize: 28 },
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
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
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
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, 1fr)',
          md: `repeat(${Math.min(columns, 3)}, 1fr)`,
          lg: `repeat(${columns}, 1fr)`,
        },
        mb: 2,
      }}
    >
      {children}
    </Box>
  );
}
