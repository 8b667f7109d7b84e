import { useState, useSyncExternalStore } from 'react';
import type { ReferralStatsResponse } from '../../../../../shared/contract/member';
import { formatDate, formatPercent, initials } from '../../../../../shared/format';
import { referralRating } from '../../../../../shared/slot';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { CopyButton } from '../../../components/ui/copy-button';
import {
  ChatIcon,
  MailIcon,
  SendIcon,
  ShareIcon,
  SparkleIcon,
  UsersIcon,
  CheckIcon,
  ClockIcon,
} from '../../../components/ui/icons';
import { MEMBER_PAGE_HEADS } from '../../../../../shared/member-pages';
import { PageHead } from '../../../components/ui/page-head';
import { StatCard } from '../../../components/ui/stat-card';
import { EmptyState } from '../../../components/ui/state';
import { QueryState } from '../../../components/query-state';
import { Tabs } from '../../../components/ui/tabs';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import { useReferralStats } from '../api/get-referral-stats';
import {
  monthLabel,
  monthlyRate,
  referralStatusLabel,
  SHARE_MESSAGE,
  shareTargets,
  shareUrlHere,
  REVIEW_OUTCOME_NOTE,
} from '../referral-status';

const HEAD = MEMBER_PAGE_HEADS['/referrals'];

type Tab = 'share' | 'statistics' | 'history';

const STATUS_TONES: Record<string, BadgeTone> = {
  Registered: 'amber',
  Processing: 'blue',
  'Under review': 'amber',
  Rewarded: 'green',
  'Reward granted': 'green',
  'Not approved': 'red',
  Unknown: 'neutral',
};

export function ReferralsView() {
  const query = useReferralStats();
  const [tab, setTab] = useState<Tab>('share');

  // The link and the share buttons come first, so that a phone shows them without scrolling.
  function renderReferrals(data: ReferralStatsResponse) {
    return (
      <>
        <div className="card">
          <Tabs
            label="Referral sections"
            value={tab}
            onChange={setTab}
            tabs={[
              { id: 'share', label: 'Share' },
              { id: 'statistics', label: 'Statistics' },
              { id: 'history', label: 'History' },
            ]}
          >
            {tab === 'share' ? <SharePanel data={data} /> : null}
            {tab === 'statistics' ? <StatisticsPanel data={data} /> : null}
            {tab === 'history' ? <HistoryPanel data={data} /> : null}
          </Tabs>
        </div>
        <div className="stat-grid" role="group" aria-label="Referral summary">
          <StatCard
            tone="violet"
            icon={<UsersIcon />}
            label="Total Referrals"
            value={data.summary.totalReferrals}
          />
          <StatCard
            tone="green"
            icon={<CheckIcon />}
            label="Successful"
            value={data.summary.successfulReferrals}
          />
          <StatCard tone="amber" icon={<ClockIcon />} label="Pending" value={data.summary.pendingReferrals} />
          <StatCard
            tone="pink"
            icon={<SparkleIcon />}
            label="Free Spins Earned"
            value={data.summary.totalFreeSpinsEarned}
          />
        </div>
        <HowItWorks />
      </>
    );
  }

  return (
    <div className="page">
      <PageHead title={HEAD.title} subtitle={HEAD.subtitle} />
      <QueryState
        query={query}
        data={query.data}
        loading={HEAD.loading}
        offline="Your referral data will appear once you're back online."
      >
        {renderReferrals}
      </QueryState>
    </div>
  );
}

function HowItWorks() {
  const steps = [
    { title: 'Share your link', text: 'Send your referral link or code to friends.' },
    { title: 'Friend completes an offer', text: 'They sign up with your link and finish a first offer.' },
    { title: 'You get a free spin', text: '1 free spin per friend, and it never expires.' },
  ];
  return (
    <section className="card how-it-works" aria-labelledby="how-title">
      <h2 id="how-title" className="card-title">
        How it works
      </h2>
      <ol className="steps">
        {steps.map((s, i) => (
          <li key={s.title} className="step">
            <span className="step__num" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <p className="step__title">{s.title}</p>
              <p className="step__text">{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The page's origin in the browser; null while rendering on the server and hydrating (no window). */
const noSubscription = () => () => {};
function usePageOrigin(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
}

function SharePanel({ data }: { data: ReferralStatsResponse }) {
  const origin = usePageOrigin();
  const shareUrl = origin ? shareUrlHere(data.shareUrl, origin) : data.shareUrl;
  const targets = shareTargets(shareUrl, data.referralCode);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function shareNative() {
    if (canShare) {
      try {
        await navigator.share({ title: 'SpinRewards', text: SHARE_MESSAGE, url: shareUrl });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    // No share sheet: the link is copied instead.
    try {
      await copyText(shareUrl);
      toast.success('Referral link copied to clipboard!');
    } catch {
      toast.error('Failed to copy referral link');
    }
  }

  return (
    <div className="share-panel">
      <div className="field">
        <label className="field__label" htmlFor="referral-link">
          Your referral link
        </label>
        <div className="field__row">
          <input
            id="referral-link"
            className="input"
            readOnly
            value={shareUrl}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton
            text={shareUrl}
            successMessage="Referral link copied to clipboard!"
            failureMessage="Failed to copy referral link"
            variant="primary"
            size="md"
          >
            Copy Link
          </CopyButton>
        </div>
      </div>
      <div className="referral-code">
        <div>
          <p className="field__label">Your referral code</p>
          <p className="referral-code__value">{data.referralCode}</p>
        </div>
        <CopyButton
          text={data.referralCode}
          successMessage="Referral code copied to clipboard!"
          failureMessage="Failed to copy referral code"
          aria-label={`Copy Code ${data.referralCode}`}
        >
          Copy Code
        </CopyButton>
      </div>
      <p className="field__label">Share with friends</p>
      <div className="share-grid">
        <a
          className="share-btn share-btn--whatsapp"
          href={targets.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ChatIcon />
          <span>WhatsApp</span>
        </a>
        <a
          className="share-btn share-btn--telegram"
          href={targets.telegram}
          target="_blank"
          rel="noopener noreferrer"
        >
          <SendIcon />
          <span>Telegram</span>
        </a>
        <a className="share-btn share-btn--email" href={targets.email}>
          <MailIcon />
          <span>Email</span>
        </a>
        <button type="button" className="share-btn share-btn--more" onClick={() => void shareNative()}>
          <ShareIcon />
          <span>Share</span>
        </button>
      </div>
    </div>
  );
}

function StatisticsPanel({ data }: { data: ReferralStatsResponse }) {
  const rate = Number(data.summary.conversionRate) || 0;
  return (
    <div className="stats-panel">
      <div className="rate-card">
        <p className="rate-card__value">{formatPercent(rate)}</p>
        <p className="rate-card__label">Conversion rate</p>
        <Badge tone={rate >= 60 ? 'green' : rate >= 40 ? 'amber' : 'neutral'}>{referralRating(rate)}</Badge>
      </div>
      <h3 className="subheading">Monthly performance</h3>
      {data.monthlyPerformance.length === 0 ? (
        <EmptyState title="No Referrals Yet">Share your link to start filling this chart.</EmptyState>
      ) : (
        <ul className="month-list">
          {data.monthlyPerformance.map((m) => {
            const monthRate = monthlyRate(m.registrations, m.successful);
            return (
              <li key={m.month} className="month-row">
                <span className="month-row__label">{monthLabel(m.month)}</span>
                <span className="month-row__bar" aria-hidden="true">
                  <span style={{ width: `${Math.max(4, Math.min(100, monthRate))}%` }} />
                </span>
                <span className="month-row__nums">
                  {m.successful}/{m.registrations} successful
                </span>
                {monthRate >= 50 ? <Badge tone="green">Great</Badge> : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function HistoryPanel({ data }: { data: ReferralStatsResponse }) {
  if (data.referralDetails.length === 0) {
    return (
      <EmptyState icon={<UsersIcon size={28} />} title="No Referrals Yet">
        Friends who sign up with your link will show up here.
      </EmptyState>
    );
  }
  return (
    <ul className="list">
      {data.referralDetails.map((r, i) => {
        const name = `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || 'Unknown';
        const label = referralStatusLabel(r.status, r.under_review, r.review_outcome);
        const note = REVIEW_OUTCOME_NOTE[label];
        return (
          <li key={`${name}-${r.registration_date}-${i}`} className="list-row">
            <span className="avatar avatar--sm" aria-hidden="true">
              {initials(name)}
            </span>
            <div className="list-row__main">
              <p className="list-row__title">{name}</p>
              <p className="list-row__meta">
                Joined {formatDate(r.registration_date)}
                {r.first_completion_date
                  ? ` · First offer ${formatDate(r.first_completion_date)}`
                  : ''} · {r.total_completions} {r.total_completions === 1 ? 'offer' : 'offers'}
              </p>
            </div>
            <Badge tone={STATUS_TONES[label]}>{label}</Badge>
            {note ? <p className="list-row__note">{note}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
