// The dashboard's Notifications panel (issue 38): per kind of Web Push notification, the members who
// opted in (a subscribed browser and the kind on) and the notifications sent and failed in the last
// 7 days (GET /api/admin/push-summary.php). Failed counts every delivery a push service refused or
// did not answer, and the dead subscriptions it removed.
import {
  Alert,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { PUSH_KIND_LABELS } from '../../../shared/push';
import type { AdminDataProvider } from '../data-provider';
import { ErrorState, PageLoading } from '../components/page-states';
import { formatCount } from '../lib/format';

export const PUSH_SUMMARY_KEY = ['admin', 'push-summary'];

export function NotificationsPanel() {
  const t = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: PUSH_SUMMARY_KEY,
    queryFn: () => dataProvider.getPushSummary(),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (query.error) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);

  const title = t('app.notifications.title', { _: 'Notifications' });
  return (
    <Card component="section" aria-labelledby="notifications-panel-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="notifications-panel-title" variant="h6" component="h2">
          {title}
        </Typography>
        {query.isPending ? (
          <PageLoading message={t('app.notifications.loading', { _: 'Loading notifications...' })} />
        ) : query.error || !query.data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('app.notifications.subtitle', {
                _: '%{smart_count} member receives push notifications. Sent and failed: last %{days} days. |||| %{smart_count} members receive push notifications. Sent and failed: last %{days} days.',
                smart_count: query.data.subscribed_members,
                days: query.data.days,
              })}
            </Typography>
            {query.data.enabled ? null : (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('app.notifications.off', {
                  _: 'Web Push is off: set PUSH_VAPID_PUBLIC_KEY, PUSH_VAPID_PRIVATE_KEY and PUSH_VAPID_SUBJECT (docs/operations.md).',
                })}
              </Alert>
            )}
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="notifications-panel-title">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      {t('app.notifications.kind', { _: 'Kind' })}
                    </TableCell>
                    <TableCell component="th" scope="col" align="right">
                      {t('app.notifications.opted_in', { _: 'Opted in' })}
                    </TableCell>
                    <TableCell component="th" scope="col" align="right">
                      {t('app.notifications.sent', { _: 'Sent' })}
                    </TableCell>
                    <TableCell component="th" scope="col" align="right">
                      {t('app.notifications.failed', { _: 'Failed' })}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {query.data.kinds.map((k) => (
                    <TableRow key={k.kind}>
                      <TableCell component="th" scope="row">
                        {PUSH_KIND_LABELS[k.kind].label}
                      </TableCell>
                      <TableCell align="right">{formatCount(k.opted_in)}</TableCell>
                      <TableCell align="right">{formatCount(k.sent)}</TableCell>
                      <TableCell align="right" sx={k.failed > 0 ? { color: 'error.main' } : undefined}>
                        {formatCount(k.failed)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
