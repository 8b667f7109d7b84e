import {
  Avatar,
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import OfferIcon from '@mui/icons-material/LocalOffer';
import ConversionIcon from '@mui/icons-material/TaskAlt';
import RevenueIcon from '@mui/icons-material/Payments';
import VoucherIcon from '@mui/icons-material/CardGiftcard';
import SendIcon from '@mui/icons-material/Send';
import ShareIcon from '@mui/icons-material/Share';
import CasinoIcon from '@mui/icons-material/Casino';
import ClawbackIcon from '@mui/icons-material/Undo';
import HeldIcon from '@mui/icons-material/PauseCircle';
import CurrencyIcon from '@mui/icons-material/CurrencyRupee';
import CostIcon from '@mui/icons-material/Redeem';
import MarginIcon from '@mui/icons-material/TrendingUp';
import { Link as RouterLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import { useBasename, useTranslate } from 'react-admin';
import type { AdminDashboardResponse } from '../../../shared/contract/admin/dashboard';
import { formatDate, formatPercent, formatRupees, formatTime, initials } from '../../../shared/format';
import { ErrorState, PageLoading } from '../components/page-states';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { formatCount, formatPayout } from '../lib/format';
import { DashboardChart, useChartRange } from './dashboard-chart';
import { useDashboard } from './use-dashboard';
import { AttentionPanel } from './attention-panel';
import { GettingStarted } from './getting-started';
import { NotificationsPanel } from '../notifications/notifications-panel';

/** Recent users and conversions 8 rows, top referrers 10, funnel bars at least 10% wide. */
export const RECENT_ROWS = 8;
export const TOP_REFERRERS = 10;
export const FUNNEL_MIN_WIDTH = 10;

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {/* A region that may scroll sideways can be reached and scrolled with the keyboard. */}
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-labelledby={id}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

/** A date and time on two short lines, so that the recent lists fit their half of a 1280 px screen. */
function DateTimeCell({ value }: { value: string }) {
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {formatDate(value)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatTime(value)}
      </Typography>
    </TableCell>
  );
}

/** A long email breaks before its @ (or anywhere, if still too long) instead of widening its column. */
const WRAP = { overflowWrap: 'anywhere' } as const;
function Email({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at <= 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}

function Funnel({ funnel }: { funnel: AdminDashboardResponse['referralFunnel'] }) {
  const t = useTranslate();
  const total = funnel.total_referrals || 0;
  const steps = [
    { label: t('app.dashboard.funnel_total'), value: funnel.total_referrals },
    { label: t('app.dashboard.funnel_completed'), value: funnel.completed_first_offer },
    { label: t('app.dashboard.funnel_rewarded'), value: funnel.rewards_granted },
  ];
  return (
    <Box>
      {steps.map((step) => {
        const pct = total > 0 ? (100 * step.value) / total : 0;
        return (
          <Box key={step.label} sx={{ mb: 1.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography variant="body2">{step.label}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatCount(step.value)}
              </Typography>
            </Box>
            <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, height: 22 }}>
              <Box
                data-testid="funnel-bar"
                sx={{
                  width: `${Math.max(FUNNEL_MIN_WIDTH, Math.min(100, pct))}%`,
                  height: '100%',
                  borderRadius: 1,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: 12,
                  px: 1,
                  display: 'flex',
                  alignItems: 'center',
                }}
              >
                {formatPercent(pct)}
              </Box>
            </Box>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Chip label={t('app.dashboard.completion_rate', { rate: formatPercent(funnel.completion_rate) })} />
        <Chip
          label={t('app.dashboard.reward_success_rate', { rate: formatPercent(funnel.reward_success_rate) })}
        />
      </Box>
    </Box>
  );
}

/** Clawbacks in the last 30 days (linking to the reversed conversions) and members held for review. */
function ReversalCards({ stats }: { stats: AdminDashboardResponse['stats'] }) {
  const t = useTranslate();
  const basename = useBasename();
  const reversed = `${basename}/conversions?filter=${encodeURIComponent(JSON.stringify({ status: 'reversed' }))}`;
  return (
    <StatGrid columns={2}>
      <StatCard
        label={t('app.dashboard.clawbacks')}
        value={formatCount(stats.clawbacks30d.count)}
        hint={
          <>
            {t('app.dashboard.clawbacks_hint', { value: formatRupees(stats.clawbacks30d.value) })}
            {' · '}
            <Link component={RouterLink} to={reversed}>
              {t('app.dashboard.see_reversed')}
            </Link>
          </>
        }
        icon={<ClawbackIcon />}
        color="error.main"
      />
      <StatCard
        label={t('app.dashboard.held_members')}
        value={formatCount(stats.heldMembers)}
        hint={t('app.dashboard.held_hint')}
        icon={<HeldIcon />}
        color="warning.dark"
      />
    </StatGrid>
  );
}

/** Revenue (USD payouts at FX_USD_INR), voucher cost and margin, all in rupees, side by side. */
function MoneyCards({ money }: { money: AdminDashboardResponse['money'] }) {
  const t = useTranslate();
  return (
    <Box component="section" aria-labelledby="money-title" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="money-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('app.money.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('app.money.subtitle', { fx: money.fx_usd_inr })}
        </Typography>
      </Box>
      <StatGrid columns={3}>
        <StatCard
          label={t('app.money.revenue')}
          value={formatRupees(money.revenue_inr)}
          hint={t('app.money.revenue_hint', { usd: formatPayout(money.revenue_usd) })}
          icon={<CurrencyIcon />}
          color="success.dark"
        />
        <StatCard
          label={t('app.money.voucher_cost')}
          value={formatRupees(money.voucher_cost)}
          hint={t('app.money.voucher_cost_hint')}
          icon={<CostIcon />}
          color="secondary.main"
        />
        <StatCard
          label={t('app.money.margin')}
          value={formatRupees(money.margin_inr)}
          hint={t('app.money.margin_hint')}
          icon={<MarginIcon />}
          color={money.margin_inr < 0 ? 'error.main' : 'success.main'}
        />
      </StatGrid>
    </Box>
  );
}

export function DashboardPage() {
  const t = useTranslate();
  const [days, setDays] = useChartRange();
  const { data, isPending, error, refetch, isPlaceholderData } = useDashboard(days);
  if (isPending) {
    return (
      <>
        <PageHeader title={t('app.dashboard.title')} />
        <PageLoading message={t('app.dashboard.loading')} />
      </>
    );
  }
  if (error || !data) {
    return (
      <>
        <PageHeader title={t('app.dashboard.title')} />
        <ErrorState error={error} onRetry={() => refetch()} />
      </>
    );
  }
  const s = data.stats;
  return (
    <>
      <PageHeader title={t('app.dashboard.title')} subtitle={t('app.dashboard.subtitle')} />
      <GettingStarted data={data.gettingStarted} />
      {/* Claims waiting come first: members who did the offer and were not credited (issue 36). */}
      <AttentionPanel />
      <StatGrid columns={4}>
        <StatCard
          label={t('app.dashboard.total_users')}
          value={formatCount(s.total_users)}
          hint={t('app.dashboard.users_hint', {
            n: s.new_users_today,
            firebase: formatCount(s.firebase_users),
          })}
          icon={<PeopleIcon />}
        />
        <StatCard
          label={t('app.dashboard.active_offers')}
          value={formatCount(s.active_offers)}
          icon={<OfferIcon />}
          color="#e07a1f"
        />
        <StatCard
          label={t('app.dashboard.total_conversions')}
          value={formatCount(s.total_conversions)}
          hint={t('app.dashboard.today', { n: s.conversions_today })}
          icon={<ConversionIcon />}
          color="success.main"
        />
        <StatCard
          label={t('app.dashboard.total_revenue')}
          value={formatPayout(s.total_revenue)}
          hint={t('app.dashboard.today', { n: formatPayout(s.revenue_today) })}
          icon={<RevenueIcon />}
          color="success.dark"
        />
        <StatCard
          label={t('app.dashboard.available_vouchers')}
          value={formatCount(s.available_vouchers)}
          hint={t('app.dashboard.distributed', { n: formatCount(s.distributed_vouchers) })}
          icon={<VoucherIcon />}
          color="secondary.main"
        />
        <StatCard
          label={t('app.dashboard.voucher_value')}
          value={formatRupees(s.total_voucher_value)}
          hint={t('app.dashboard.rewards_given', { n: formatCount(s.total_rewards_given) })}
          icon={<SendIcon />}
          color="info.main"
        />
        <StatCard
          label={t('app.dashboard.referrals')}
          value={formatCount(s.total_referrals)}
          hint={t('app.dashboard.referrals_hint', {
            successful: formatCount(s.successful_referrals),
            today: s.referrals_today,
            rate: formatPercent(s.referral_conversion_rate),
          })}
          icon={<ShareIcon />}
          color="warning.main"
        />
        <StatCard
          label={t('app.dashboard.free_spins')}
          value={formatCount(s.total_free_spins_remaining)}
          hint={t('app.dashboard.free_spins_hint', { n: formatCount(s.total_free_spins_granted) })}
          icon={<CasinoIcon />}
          color="error.main"
        />
      </StatGrid>
      <ReversalCards stats={s} />
      <MoneyCards money={data.money} />
      <NotificationsPanel />

      <DashboardChart
        data={data.dailyConversions}
        days={days}
        onDaysChange={setDays}
        loading={isPlaceholderData}
      />

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 2 }}>
        <Section title={t('app.dashboard.recent_users')} id="recent-users">
          {data.recentUsers.length === 0 ? (
            <Typography color="text.secondary">{t('app.dashboard.no_users')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('app.columns.user')}</TableCell>
                  <TableCell>{t('app.columns.registered')}</TableCell>
                  <TableCell align="right">{t('app.columns.completions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.recentUsers.slice(0, RECENT_ROWS).map((u) => (
                  <TableRow key={u.user_id}>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                        <Avatar sx={{ width: 28, height: 28, fontSize: 12 }}>
                          {initials(`${u.first_name} ${u.last_name}`)}
                        </Avatar>
                        <Box>
                          <Typography variant="body2">
                            {`${u.first_name} ${u.last_name}`.trim() || 'Unknown'}
                          </Typography>
                          <Typography variant="caption" color="text.secondary" sx={WRAP}>
                            <Email value={u.email} />
                          </Typography>
                        </Box>
                      </Box>
                    </TableCell>
                    <DateTimeCell value={u.registration_date} />
                    <TableCell align="right">{u.total_completions}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section title={t('app.dashboard.recent_conversions')} id="recent-conversions">
          {data.recentConversions.length === 0 ? (
            <Typography color="text.secondary">{t('app.dashboard.no_conversions')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>
                    {t('app.columns.offer')} · {t('app.columns.user')}
                  </TableCell>
                  <TableCell align="right">{t('app.columns.payout')}</TableCell>
                  <TableCell>{t('app.columns.reward')}</TableCell>
                  <TableCell>{t('app.columns.date')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.recentConversions.slice(0, RECENT_ROWS).map((c) => (
                  <TableRow key={c.completion_id}>
                    <TableCell>
                      <Typography variant="body2">{c.title || 'Untitled Offer'}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {c.first_name || 'Unknown'}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatPayout(c.payout_amount)}</TableCell>
                    <TableCell>
                      {c.voucher_won ? (
                        <Chip size="small" color="success" label={formatRupees(c.voucher_amount)} />
                      ) : (
                        <Chip size="small" variant="outlined" label={t('app.dashboard.no_voucher')} />
                      )}
                    </TableCell>
                    <DateTimeCell value={c.completed_at} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section title={t('app.dashboard.top_referrers')} id="top-referrers">
          {data.topReferrers.length === 0 ? (
            <Typography color="text.secondary">{t('app.dashboard.no_referrers')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('app.columns.referrer')}</TableCell>
                  <TableCell>{t('app.columns.code')}</TableCell>
                  <TableCell align="right">{t('app.columns.successful')}</TableCell>
                  <TableCell align="right">{t('app.columns.rate')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.topReferrers.slice(0, TOP_REFERRERS).map((r) => (
                  <TableRow key={r.referral_code}>
                    <TableCell>
                      <Typography variant="body2">{r.referrer_name || 'Unknown'}</Typography>
                      <Typography variant="caption" color="text.secondary" component="div" sx={WRAP}>
                        <Email value={r.referrer_email} />
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <code>{r.referral_code}</code>
                    </TableCell>
                    <TableCell align="right">{`${r.successful_referrals} / ${r.total_referrals}`}</TableCell>
                    <TableCell align="right">{formatPercent(r.conversion_rate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
        <Section title={t('app.dashboard.referral_funnel')} id="referral-funnel">
          <Funnel funnel={data.referralFunnel} />
        </Section>
      </Box>
    </>
  );
}
