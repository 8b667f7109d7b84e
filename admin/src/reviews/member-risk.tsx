import {
  Alert,
  Box,
  Chip,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';
import type { AdminRiskResponse } from '../../../shared/contract/admin/reviews';
import { formatDate, formatDateTime } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { ErrorState, PageLoading } from '../components/page-states';
import { ListLink, RecordLink } from '../components/record-links';
import { RecordCard } from '../records/record-card';
import { LevelChip, ReasonList, shortFingerprint, useRisk } from './risk-bits';

/** The review queue filtered to one member (every status: what waits and what was decided). */
export function MemberReviewsLink({ userId }: { userId: Identifier }) {
  const t = useTranslate();
  return (
    <ListLink resource="reviews" filter={{ status: 'every', user_id: String(userId) }}>
      {t('app.risk.review_link')}
    </ListLink>
  );
}

/**
 * The member page's Risk card (issue 33): score and level, the reasons, how many accounts are linked,
 * whether rewards are paused, and the member's rewards in the review queue.
 */
export function RiskCard({ userId }: { userId: Identifier }) {
  const t = useTranslate();
  const { data, isPending, error, refetch } = useRisk(userId);
  return (
    <RecordCard title={t('app.records.member_page.risk')}>
      {isPending ? (
        <PageLoading message={t('app.risk.loading')} />
      ) : error || !data ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <LevelChip level={data.level} score={data.score} />
            {data.rewards_paused_at && (
              <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
                {t('app.risk.paused', { at: formatDateTime(data.rewards_paused_at) })}
              </Typography>
            )}
          </Box>
          {data.reasons.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('app.risk.card_empty')}
            </Typography>
          ) : (
            <ReasonList reasons={data.reasons} label={t('app.reviews.reasons_title')} />
          )}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {data.linked_accounts.length === 0
              ? t('app.risk.linked_zero')
              : t('app.risk.linked_count', { smart_count: data.linked_accounts.length })}
          </Typography>
          <Box sx={{ mt: 1 }}>
            <MemberReviewsLink userId={userId} />
          </Box>
        </>
      )}
    </RecordCard>
  );
}

function LinkedAccounts({ risk }: { risk: AdminRiskResponse }) {
  const t = useTranslate();
  if (risk.linked_accounts.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('app.risk.linked_none')}
      </Typography>
    );
  return (
    <List dense disablePadding aria-label={t('app.risk.linked_title')}>
      {risk.linked_accounts.map((a) => (
        <ListItem key={a.user_id} disableGutters sx={{ display: 'block', py: 0.5 }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            <RecordLink kind="member" id={a.user_id}>
              {a.name || a.email}
            </RecordLink>
          </Typography>
          <Typography
            variant="body2"
            component="span"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {` ${a.email} · ${t('app.risk.registered', { date: formatDate(a.registration_date) })}`}
          </Typography>
          <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, ml: 1, flexWrap: 'wrap' }}>
            <Typography variant="caption" component="span">
              {t('app.risk.linked_by', {
                what: a.links.map((l) => t(`app.risk.links.${l}`)).join(', '),
              })}
            </Typography>
            {a.is_suspicious && <Chip size="small" color="error" label={t('app.risk.blocked')} />}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}

function Referrals({ risk }: { risk: AdminRiskResponse }) {
  const t = useTranslate();
  return (
    <>
      <DetailList
        items={[
          [
            t('app.risk.referred_by'),
            risk.referred_by ? (
              <RecordLink key="r" kind="member" id={risk.referred_by.user_id}>
                {risk.referred_by.name || `#${risk.referred_by.user_id}`}
              </RecordLink>
            ) : (
              t('app.risk.referred_by_nobody')
            ),
          ],
        ]}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }} id="referral-tree">
        {t('app.risk.tree')}
      </Typography>
      {risk.referral_tree.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('app.risk.tree_none')}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby="referral-tree">
          {risk.referral_tree.map((n) => (
            <ListItem
              key={`${n.user_id}-${n.depth}`}
              disableGutters
              sx={{ pl: (n.depth - 1) * 3, py: 0.25, display: 'block' }}
              aria-label={t('app.risk.tree_node', {
                name: n.name,
                depth: n.depth,
                completions: n.completions,
              })}
            >
              <Typography variant="body2" component="span" aria-hidden>
                {n.depth > 1 ? '└ ' : ''}
              </Typography>
              <RecordLink kind="member" id={n.user_id}>
                {n.name || `#${n.user_id}`}
              </RecordLink>
              <Typography variant="caption" color="text.secondary" component="span">
                {` · ${t('app.risk.completions', { smart_count: n.completions })}`}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

function Sightings({ risk }: { risk: AdminRiskResponse }) {
  const t = useTranslate();
  if (risk.sightings.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('app.risk.sightings_none')}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('app.risk.sightings_title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('app.risk.col_when')}</TableCell>
            <TableCell>{t('app.risk.col_kind')}</TableCell>
            <TableCell>{t('app.risk.col_address')}</TableCell>
            <TableCell>{t('app.risk.col_network')}</TableCell>
            <TableCell>{t('app.risk.col_hosting')}</TableCell>
            <TableCell>{t('app.risk.col_fingerprint')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {risk.sightings.map((s, i) => (
            <TableRow key={`${s.at}-${i}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.at)}</TableCell>
              <TableCell>
                {s.kind === 'registration' ? (
                  <Chip size="small" variant="outlined" label={t('app.risk.sighting_kinds.registration')} />
                ) : (
                  t('app.risk.sighting_kinds.sign_in')
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {s.address ?? '—'}
              </TableCell>
              <TableCell>
                {[s.asn !== null ? `AS${s.asn}` : null, s.network].filter(Boolean).join(' · ') || '—'}
              </TableCell>
              <TableCell>
                {s.hosting ? (
                  <Chip size="small" color="warning" label={t('app.risk.hosting_yes')} />
                ) : (
                  t('app.risk.hosting_no')
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }} title={s.fingerprint ?? undefined}>
                {shortFingerprint(s.fingerprint)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * One member's risk in full (the review page): score, level and reasons, linked accounts (what links
 * them), who referred them and whom they referred, where they registered and signed in from.
 */
export function MemberRiskDetails({ userId }: { userId: Identifier }) {
  const t = useTranslate();
  const { data, isPending, error, refetch } = useRisk(userId);
  if (isPending) return <PageLoading message={t('app.risk.loading')} />;
  if (error || !data) return <ErrorState error={error} onRetry={() => refetch()} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, mb: 2 }}>
      <RecordCard title={t('app.reviews.member_risk')}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <LevelChip level={data.level} score={data.score} />
          {data.rewards_paused_at && (
            <Alert severity="error" sx={{ py: 0 }}>
              {t('app.risk.paused', { at: formatDateTime(data.rewards_paused_at) })}
            </Alert>
          )}
        </Box>
        <ReasonList reasons={data.reasons} label={t('app.reviews.member_risk')} />
        <Box sx={{ mt: 1 }}>
          <MemberReviewsLink userId={userId} />
        </Box>
      </RecordCard>
      <RecordCard title={`${t('app.risk.linked_title')} (${data.linked_accounts.length})`}>
        <LinkedAccounts risk={data} />
      </RecordCard>
      <RecordCard title={t('app.risk.referrals_title')}>
        <Referrals risk={data} />
      </RecordCard>
      <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <RecordCard title={t('app.risk.sightings_title')}>
          <Sightings risk={data} />
        </RecordCard>
      </Box>
    </Box>
  );
}
