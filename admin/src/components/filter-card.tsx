import { Box, Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** The filters of a list page in a card: a section named 'Filters and search' unless a label is given. */
export function FilterCard({ children, label }: { children: ReactNode; label?: string }) {
  const t = useTranslate();
  return (
    <Card
      variant="outlined"
      sx={{ mb: 1.5 }}
      component="section"
      aria-label={label ?? t('app.filters.label')}
    >
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            alignItems: 'center',
            // Narrower columns (issue 36): most lists' filters fit one row at 1280 px.
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(150px, 1fr))' },
            // The search box takes two columns; rows of buttons or chips take the whole width.
            '& > .MuiFormControl-root:has(input[type="search"])': { gridColumn: { sm: 'span 2' } },
            '& > [role="group"], & > [aria-label]:not(.MuiFormControl-root)': { gridColumn: '1 / -1' },
          }}
        >
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}
