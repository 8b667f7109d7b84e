import { Card, CardContent, CardHeader } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled section of a record's page (a card whose heading names it for screen readers too). */
export function RecordCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
