import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  badge,
  actions,
  subtitle,
}: {
  title: string;
  badge?: ReactNode;
  actions?: ReactNode;
  subtitle?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
        mt: 2,
        mb: 2,
      }}
    >
      <Title title={title} />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 24, md: 30 } }}>
          {title}
        </Typography>
        {badge}
        {subtitle && (
          <Typography color="text.secondary" sx={{ width: '100%' }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
