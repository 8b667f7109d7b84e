import { Link, useNavigate } from 'react-router';
import { PROFILE_BADGES } from '../../../../../shared/constants';
import { formatPercent, formatRupees, initials } from '../../../../../shared/format';
import { paths } from '../../../config/paths';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  CheckIcon,
  GiftIcon,
  LogoutIcon,
  ShieldIcon,
  SparkleIcon,
  TrophyIcon,
  UsersIcon,
  WalletIcon,
  ZapIcon,
} from '../../../components/ui/icons';
import { StatCard } from '../../../components/ui/stat-card';
import { QueryState } from '../../../components/query-state';
import { SupportContact } from '../../../components/support-contact';
import { useUserStats } from '../../../lib/auth';
import { useLogout } from '../../../lib/use-logout';

export interface ProfileBadge {
  id: 'active' | 'lucky' | 'influencer';
  name: 'Active User' | 'Lucky Winner' | 'Influencer';
  rule: string;
  progress: number;
  target: number;
  earned: boolean;
}

/** Profile badges: Active User, Lucky Winner, Influencer, at the PROFILE_BADGES thresholds. */
export function profileBadges(completions: number, vouchers: number, referrals: number): ProfileBadge[] {
  const { activeUserCompletions, luckyWinnerVouchers, influencerReferrals } = PROFILE_BADGES;
  return [
    {
      id: 'active',
      name: 'Active User',
      rule: `${activeUserCompletions} completed offers`,
      progress: completions,
      target: activeUserCompletions,
    },
    {
      id: 'lucky',
      name: 'Lucky Winner',
      rule: `${luckyWinnerVouchers} vouchers won`,
      progress: vouchers,
      target: luckyWinnerVouchers,
    },
    {
      id: 'influencer',
      name: 'Influencer',
      rule: `${influencerReferrals} successful referrals`,
      progress: referrals,
      target: influencerReferrals,
    },
  ].map((b) => ({ ...b, earned: b.progress >= b.target }) as ProfileBadge);
}

const BADGE_ICONS = { active: ZapIcon, lucky: TrophyIcon, influencer: UsersIcon };

export function ProfileView() {
  const query = useUserStats();
  const navigate = useNavigate();
  const logout = useLogout(() =>
    navigate(paths.login.getHref(), { replace: true, state: { loggedOut: true } }),
  );

  return (
    <div className="page">
      <QueryState
        query={query}
        data={query.data}
        loading="Loading your profile..."
        offline="Your profile will appear once you're back online."
      >
        {(data) => <ProfileDetails data={data} logout={logout} />}
      </QueryState>
    </div>
  );
}

function ProfileDetails({
  data: { user, stats },
  logout,
}: {
  data: NonNullable<ReturnType<typeof useUserStats>['data']>;
  logout: ReturnType<typeof useLogout>;
}) {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || 'Member';
  const badges = profileBadges(stats.total_completions, stats.total_vouchers_won, stats.successful_referrals);
  const earned = badges.filter((b) => b.earned);
  const winRate = stats.spins_used > 0 ? (stats.total_vouchers_won / stats.spins_used) * 100 : 0;

  return (
    <>
      <section className="profile-hero" aria-labelledby="profile-name">
        <span className="avatar avatar--lg" aria-hidden="true">
          {initials(name)}
        </span>
        <div className="profile-hero__text">
          <h1 id="profile-name" className="page-title">
            {name}
          </h1>
          <p className="page-subtitle">{user.email}</p>
          {earned.length > 0 ? (
            <ul className="badge-row" aria-label="Your badges">
              {earned.map((b) => (
                <li key={b.id}>
                  <Badge tone="violet">{b.name}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Button
          variant="secondary"
          icon={<LogoutIcon size={18} />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          Logout
        </Button>
      </section>

      <div className="stat-grid" role="group" aria-label="Your statistics">
        <StatCard
          tone="violet"
          icon={<CheckIcon />}
          label="Offers Completed"
          value={stats.total_completions}
        />
        <StatCard tone="green" icon={<TrophyIcon />} label="Vouchers Won" value={stats.total_vouchers_won} />
        <StatCard
          tone="blue"
          icon={<UsersIcon />}
          label="Successful Referrals"
          value={stats.successful_referrals}
        />
        <StatCard
          tone="amber"
          icon={<WalletIcon />}
          label="Total Earned"
          value={formatRupees(stats.total_voucher_value)}
        />
      </div>

      <div className="two-col">
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title" className="card-title">
            Account information
          </h2>
          <dl className="kv-list">
            <div>
              <dt>Full name</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>Member ID</dt>
              <dd>#{user.user_id}</dd>
            </div>
            <div>
              <dt>Referral code</dt>
              <dd>
                <code>{user.referral_code}</code>
              </dd>
            </div>
            <div>
              <dt>Signed in with</dt>
              <dd>Google</dd>
            </div>
          </dl>
          {/* Fair play (issue 37): the rules, terms, privacy, help and the support contact, one line. */}
          <div className="profile-legal">
            <p>
              <Link to={paths.rules.getHref()}>Official Rules</Link> ·{' '}
              <Link to={paths.terms.getHref()}>Terms</Link> ·{' '}
              <Link to={paths.privacy.getHref()}>Privacy</Link> · <Link to={paths.help.getHref()}>Help</Link>
            </p>
            <SupportContact />
          </div>
        </section>
        <section className="card" aria-labelledby="statistics-title">
          <h2 id="statistics-title" className="card-title">
            Statistics
          </h2>
          <dl className="kv-list">
            <div>
              <dt>Spins used</dt>
              <dd>{stats.spins_used}</dd>
            </div>
            <div>
              <dt>Win rate</dt>
              <dd>{formatPercent(winRate)}</dd>
            </div>
            <div>
              <dt>Free spins remaining</dt>
              <dd>{stats.free_spins_remaining}</dd>
            </div>
            <div>
              <dt>Free spins earned</dt>
              <dd>{stats.total_free_spins_earned}</dd>
            </div>
            <div>
              <dt>Referral conversion</dt>
              <dd>{formatPercent(stats.referral_conversion_rate)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section className="card" aria-labelledby="badges-title">
        <h2 id="badges-title" className="card-title">
          Badges
        </h2>
        <ul className="achievement-grid">
          {badges.map((b) => {
            const Icon = BADGE_ICONS[b.id];
            return (
              <li key={b.id} className={`achievement${b.earned ? ' achievement--earned' : ''}`}>
                <span className="achievement__icon" aria-hidden="true">
                  <Icon size={22} />
                </span>
                <div>
                  <p className="achievement__name">{b.name}</p>
                  <p className="achievement__rule">
                    {b.earned ? 'Earned' : `${Math.min(b.progress, b.target)} of ${b.rule}`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card privacy-link" aria-labelledby="privacy-link-title">
        <div>
          <h2 id="privacy-link-title" className="card-title">
            Privacy centre
          </h2>
          <p className="muted">Download your data, correct your name or delete your account.</p>
        </div>
        <Link to={paths.privacyCentre.getHref()} className="btn btn--secondary btn--md">
          <ShieldIcon size={18} />
          Open privacy centre
        </Link>
      </section>

      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title" className="card-title">
          Quick actions
        </h2>
        <div className="quick-actions">
          <Link to={paths.referrals.getHref()} className="quick-action">
            <SparkleIcon />
            <span>
              <strong>Invite friends</strong>
              <small>Earn free spins</small>
            </span>
          </Link>
          <Link to={paths.rewards.getHref()} className="quick-action">
            <GiftIcon />
            <span>
              <strong>My rewards</strong>
              <small>See your vouchers</small>
            </span>
          </Link>
        </div>
      </section>
    </>
  );
}
