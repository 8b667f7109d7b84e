import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A definition list of label / value pairs, two columns on wide screens. */
export function DetailList({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, auto) 1fr' },
        columnGap: 2,
        rowGap: 1,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
            {value ?? 'N/A'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
