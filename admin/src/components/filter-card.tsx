import { Box, Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';

export function FilterCard({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label={label}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>{children}</Box>
      </CardContent>
    </Card>
  );
}
