import { Box, Card, CardContent, Chip, List, ListItem, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { AdminClaimRow } from '../../../shared/contract/admin/claims';
import { ListLink, RecordLink } from '../components/record-links';
import { ageOf } from './claim-list';

const SHOWN = 5;

/**
 * Claims waiting, oldest first, each with its age (issue 36, "what waits, first"): members who did
 * the offer and were not credited come before the stock and win-rate sections of needs-attention.
 * Nothing is shown when none waits.
 */
export function ClaimsWaiting() {
  const t = useTranslate();
  const { data, meta, total } = useGetList<AdminClaimRow & { id: number }>('claims', {
    pagination: { page: 1, perPage: SHOWN },
    sort: { field: 'created_at', order: 'ASC' },
    filter: { status: 'pending' },
  });
  const pending = Number((meta as { pending?: number } | undefined)?.pending ?? total ?? 0);
  if (!data || data.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="claims-waiting-title" sx={{ mb: 2 }}>
      <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="claims-waiting-title" variant="h6" component="h2">
            {t('app.claims.waiting_title')}
          </Typography>
          <ListLink resource="claims" filter={{ status: 'pending' }}>
            {t('app.claims.waiting_all', { n: pending })}
          </ListLink>
        </Box>
        <List dense disablePadding>
          {data.map((c) => (
            <ListItem key={c.claim_id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Chip size="small" color="warning" label={ageOf(c.created_at)} />
              <RecordLink kind="claim" id={c.claim_id} label={`#${c.claim_id}, ${t('app.claims.view')}`}>
                {`#${c.claim_id}`}
              </RecordLink>
              <RecordLink kind="offer" id={c.offer_id}>
                {c.offer_title}
              </RecordLink>
              <Typography variant="body2" color="text.secondary" component="span">
                ·
              </Typography>
              <RecordLink kind="member" id={c.user_id}>
                {c.user_name || c.user_email}
              </RecordLink>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
