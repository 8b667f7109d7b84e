import {
  Box,
  Card,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBasename, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Link as MuiLink } from '@mui/material';
import type { TimelineItem, TimelineKind, TimelineSubject } from '../../../shared/contract/admin/records';
import { formatDateTime, formatRupees } from '../../../shared/format';
import type { AdminDataProvider } from '../data-provider';
import { RecordLink } from '../components/record-links';
import { EmptyState, ErrorState, PageLoading } from '../components/page-states';
import { formatPayout } from '../lib/format';
import { PageNav } from '../components/spec-pagination';

const PER_PAGE = 20;

type ChipColor = 'default' | 'success' | 'error' | 'warning' | 'info' | 'primary';

/** A status's colour: good outcomes green, refusals and reversals red, waits amber. */
function statusColor(item: TimelineItem): ChipColor {
  const s = item.status ?? '';
  if (item.kind === 'reversal' || /block|reject|refused|invalid|denied|deactivate|reversed|clawback/.test(s))
    return 'error';
  if (/pending|held|stock_out|completed_waiting/.test(s)) return 'warning';
  if (/approved|credited|won|successful|activate|unblock|accepted|duplicate/.test(s)) return 'success';
  return 'default';
}

/** Where an item itself leads: its own record where it has a page, else the record it is about. */
function ownLink(item: TimelineItem, basename: string): string | null {
  switch (item.kind) {
    case 'click':
      return item.click_id ? `${basename}/clicks/${encodeURIComponent(item.click_id)}/show` : null;
    case 'postback':
      return item.postback_id ? `${basename}/postbacks/${item.postback_id}/show` : null;
    case 'claim':
      return item.claim_id ? `${basename}/claims/${item.claim_id}/show` : null;
    case 'conversion':
    case 'reversal':
      return item.click_id
        ? `${basename}/clicks/${encodeURIComponent(item.click_id)}/show`
        : item.completion_id
          ? `${basename}/conversions?${new URLSearchParams({ filter: JSON.stringify({ search: String(item.completion_id) }) })}`
          : null;
    case 'admin': {
      const target = item.network_id
        ? { target_type: 'network', target_id: String(item.network_id) }
        : item.offer_id
          ? { target_type: 'offer', target_id: String(item.offer_id) }
          : item.user_id
            ? { target_type: 'user', target_id: String(item.user_id) }
            : null;
      return target
        ? `${basename}/audit-log?${new URLSearchParams({ filter: JSON.stringify(target) })}`
        : null;
    }
    case 'referral':
      return item.user_id ? `${basename}/users/${item.user_id}/show` : null;
    default:
      return item.offer_id ? `${basename}/offers/${item.offer_id}/show` : null;
  }
}

function amountOf(item: TimelineItem): string | null {
  if (item.amount === null) return null;
  return item.kind === 'conversion' || (item.kind === 'reversal' && !item.voucher_id)
    ? formatPayout(item.amount)
    : formatRupees(item.amount);
}

/**
 * One record's timeline (issue 36): everything that happened to a member, an offer, a network or a
 * click, newest first, 20 to a page; each item links to its own record and to those it names.
 * `hide` leaves out a column that would only repeat the page's own record.
 */
export function TimelineTable({
  subject,
  id,
  kinds,
  offer,
  title,
  hide = [],
}: {
  subject: TimelineSubject;
  id: Identifier;
  kinds?: readonly TimelineKind[];
  /** A member's history about this offer only. */
  offer?: Identifier;
  title?: string;
  hide?: ('member' | 'offer' | 'click')[];
}) {
  const t = useTranslate();
  const basename = useBasename();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [page, setPage] = useState(1);
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['timeline', subject, String(id), kinds?.join(',') ?? '', offer ?? '', page],
    queryFn: () => dataProvider.getTimeline({ subject, id, page, limit: PER_PAGE, kinds, offer }),
    placeholderData: keepPreviousData,
  });
  const heading = title ?? t('app.records.timeline');
  const total = data?.pagination.total ?? 0;
  const show = (c: 'member' | 'offer' | 'click') => !hide.includes(c);

  return (
    <Card component="section" aria-label={heading} sx={{ mb: 2 }}>
      <CardHeader title={heading} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      {isPending ? (
        <PageLoading message={t('app.records.timeline_loading')} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState message={t('app.records.timeline_empty')} />
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('app.records.timeline_label')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('app.records.when')}</TableCell>
                  <TableCell>{t('app.records.event')}</TableCell>
                  {show('member') && <TableCell>{t('app.records.member')}</TableCell>}
                  {show('offer') && <TableCell>{t('app.records.offer')}</TableCell>}
                  {show('click') && <TableCell>{t('app.records.click')}</TableCell>}
                  <TableCell align="right">{t('app.records.amount')}</TableCell>
                  <TableCell>{t('app.records.details')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((item) => {
                  const own = ownLink(item, basename);
                  const kindLabel = t(`app.records.kinds.${item.kind}`);
                  return (
                    <TableRow key={`${item.kind}-${item.ref}`} data-kind={item.kind}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.at)}</TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          {own ? (
                            <MuiLink
                              component={RouterLink}
                              to={own}
                              underline="hover"
                              sx={{ fontWeight: 600 }}
                            >
                              {kindLabel}
                            </MuiLink>
                          ) : (
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {kindLabel}
                            </Typography>
                          )}
                          {item.status && (
                            <Chip
                              size="small"
                              variant="outlined"
                              color={statusColor(item)}
                              label={item.status}
                            />
                          )}
                        </Stack>
                      </TableCell>
                      {show('member') && (
                        <TableCell>
                          <RecordLink kind="member" id={item.user_id}>
                            {item.user_name ?? (item.user_id ? `#${item.user_id}` : '')}
                          </RecordLink>
                        </TableCell>
                      )}
                      {show('offer') && (
                        <TableCell>
                          <RecordLink kind="offer" id={item.offer_id}>
                            {item.offer_title ?? ''}
                          </RecordLink>
                          {item.network_id && (
                            <Typography variant="caption" component="div">
                              <RecordLink kind="network" id={item.network_id}>
                                {item.network_name ?? `#${item.network_id}`}
                              </RecordLink>
                            </Typography>
                          )}
                        </TableCell>
                      )}
                      {show('click') && (
                        <TableCell
                          sx={{
                            fontFamily: 'monospace',
                            fontSize: 12,
                            maxWidth: 120,
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          {/* The whole id, cut by CSS: the visible text stays part of the link's name. */}
                          <RecordLink
                            kind="click"
                            id={item.click_id}
                            label={item.click_id ? `${t('app.records.click')} ${item.click_id}` : undefined}
                          >
                            {item.click_id ?? ''}
                          </RecordLink>
                        </TableCell>
                      )}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {amountOf(item)}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                        <Typography variant="body2" color="text.secondary">
                          {item.detail}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          <PageNav
            page={page}
            perPage={PER_PAGE}
            total={total}
            setPage={setPage}
            noun={t('app.records.timeline_noun')}
            label={`${heading}: ${t('app.pagination.label')}`}
          />
        </>
      )}
    </Card>
  );
}
