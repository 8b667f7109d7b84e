import { useEffect, useState } from 'react';
import type { OwedVoucher, UserStatsResponse, UserVoucher } from '../../../../../shared/contract/member';
import { formatDate, formatDateTime, formatPercent, formatRupees } from '../../../../../shared/format';
import { amountFromRewardType, owedVoucherText, winRateRating } from '../../../../../shared/slot';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CodeBox } from '../../../components/ui/copy-button';
import {
  ChartIcon,
  CheckIcon,
  GiftIcon,
  TrophyIcon,
  WalletIcon,
  ClockIcon,
} from '../../../components/ui/icons';
import { MEMBER_PAGE_HEADS } from '../../../../../shared/page-heads';
import { PageHead } from '../../../components/ui/page-head';
import { StatCard } from '../../../components/ui/stat-card';
import { EmptyState } from '../../../components/ui/state';
import { QueryState } from '../../../components/query-state';
import { Tabs } from '../../../components/ui/tabs';
import { messageOf } from '../../../lib/api-client';
import { useUserStats } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { MARK_USED_FAILED_MESSAGE, useMarkVoucherUsed } from '../api/mark-voucher-used';
import { daysLeft, expiryChip, isUsable, localDay, sortWallet } from '../voucher-wallet';

const HEAD = MEMBER_PAGE_HEADS['/rewards'];

type Tab = 'vouchers' | 'history' | 'statistics';

/** Vouchers won per spin, in percent: the input of the win-rate rating. */
export function winRate(vouchersWon: number, spinsUsed: number): number {
  return spinsUsed > 0 ? (vouchersWon / spinsUsed) * 100 : 0;
}

export function RewardsView() {
  const query = useUserStats();
  const [tab, setTab] = useState<Tab>('vouchers');

  function renderRewards(data: UserStatsResponse) {
    const rate = winRate(data.stats.total_vouchers_won, data.stats.spins_used);
    return (
      <>
        <div className="stat-grid stat-grid--three" role="group" aria-label="Rewards summary">
          <StatCard
            tone="violet"
            icon={<GiftIcon />}
            label="Vouchers Won"
            value={data.stats.total_vouchers_won}
          />
          <StatCard
            tone="green"
            icon={<WalletIcon />}
            label="Total Value"
            value={formatRupees(data.stats.total_voucher_value)}
          />
          <StatCard
            tone="amber"
            icon={<TrophyIcon />}
            label="Win Rate"
            value={formatPercent(rate)}
            hint={winRateRating(rate)}
          />
        </div>
        <div className="card">
          <Tabs
            label="Reward sections"
            value={tab}
            onChange={setTab}
            tabs={[
              { id: 'vouchers', label: 'Vouchers' },
              { id: 'history', label: 'History' },
              { id: 'statistics', label: 'Statistics' },
            ]}
          >
            {tab === 'vouchers' ? <VouchersPanel data={data} /> : null}
            {tab === 'history' ? <HistoryPanel data={data} /> : null}
            {tab === 'statistics' ? <StatisticsPanel data={data} rate={rate} /> : null}
          </Tabs>
        </div>
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
        offline="Your rewards will appear once you're back online."
      >
        {renderRewards}
      </QueryState>
    </div>
  );
}

function VouchersPanel({ data }: { data: UserStatsResponse }) {
  const owed = data.owedVouchers ?? [];
  if (data.userVouchers.length === 0 && owed.length === 0) {
    return (
      <EmptyState icon={<GiftIcon size={28} />} title="No Vouchers Yet">
        Complete an offer and spin the slot machine to win your first voucher.
      </EmptyState>
    );
  }
  const now = new Date();
  return (
    <ul className="voucher-grid">
      {owed.map((o) => (
        <OwedVoucherCard key={`owed-${o.owed_id}`} owed={o} />
      ))}
      {sortWallet(data.userVouchers, now).map((v) => (
        <WalletVoucher key={v.voucher_id} voucher={v} now={now} />
      ))}
    </ul>
  );
}

/**
 * A win whose code is owed (docs/product-rules.md#spins): the last code of its amount went to another
 * member at the same moment; it is assigned automatically when that amount is restocked, and the live
 * event 'voucher' then brings it into the wallet.
 */
function OwedVoucherCard({ owed: o }: { owed: OwedVoucher }) {
  return (
    <li className="voucher voucher--owed" data-testid="owed-voucher">
      <div className="voucher__head">
        <div>
          <p className="voucher__brand">On its way</p>
          <p className="voucher__amount">{formatRupees(o.voucher_amount)}</p>
        </div>
        <div className="voucher__chips">
          <Badge tone="amber">Owed</Badge>
          <Badge tone={o.voucher_source === 'free_spin' ? 'pink' : 'violet'}>
            {o.voucher_source === 'free_spin' ? 'Free Spin' : 'Offer Completion'}
          </Badge>
        </div>
      </div>
      <p className="voucher__owed-title">{owedVoucherText(o.voucher_amount)}</p>
      <p className="voucher__desc">
        The last code went to another winner at the same moment. Yours is assigned automatically as soon as
        codes are restocked, and its code appears here.
      </p>
      <p className="voucher__meta">
        {o.title ? `${o.title} · ` : ''}Won {formatDate(o.won_at)}
      </p>
    </li>
  );
}

const CHIP_TONE = { ok: 'green', soon: 'red', expired: 'neutral' } as const;

/** One voucher of the wallet: its amount, expiry chip, description, terms, code and 'Mark as used'. */
function WalletVoucher({ voucher: v, now }: { voucher: UserVoucher; now: Date }) {
  const online = useOnline();
  const markUsed = useMarkVoucherUsed();
  const [confirming, setConfirming] = useState(false);
  const used = v.status === 'used';
  const chip = used ? null : expiryChip(daysLeft(v.expiry_date, now));
  const expiry = v.expiry_date ? localDay(v.expiry_date) : null;
  const usable = isUsable(v, now);

  function onMarkUsed() {
    markUsed.mutate(
      { voucher_id: v.voucher_id },
      {
        onSuccess: () => toast.success('Voucher marked as used'),
        onError: (error) => toast.error(messageOf(error, MARK_USED_FAILED_MESSAGE)),
        onSettled: () => setConfirming(false),
      },
    );
  }

  // A push notification's "Show code" opens /rewards#voucher-<id> (issue 38): bring that voucher into view.
  const anchor = `voucher-${v.voucher_id}`;
  useEffect(() => {
    if (window.location.hash === `#${anchor}`)
      document.getElementById(anchor)?.scrollIntoView({ block: 'center' });
  }, [anchor]);

  return (
    <li id={anchor} className={`voucher${usable ? '' : ' voucher--done'}`}>
      <div className="voucher__head">
        <div>
          <p className="voucher__brand">{v.voucher_brand || 'Unknown'}</p>
          <p className="voucher__amount">{formatRupees(v.voucher_amount)}</p>
        </div>
        <div className="voucher__chips">
          {used ? <Badge tone="neutral">Used</Badge> : null}
          {chip ? (
            <Badge tone={CHIP_TONE[chip.tone]} className="voucher__expiry-chip">
              {chip.text}
            </Badge>
          ) : null}
          <Badge tone={v.voucher_source === 'free_spin' ? 'pink' : 'violet'}>
            {v.voucher_source === 'free_spin' ? 'Free Spin' : 'Offer Completion'}
          </Badge>
        </div>
      </div>
      {v.voucher_description ? <p className="voucher__desc">{v.voucher_description}</p> : null}
      <CodeBox code={v.voucher_code} />
      <p className="voucher__meta">
        {expiry ? `${chip?.tone === 'expired' ? 'Expired' : 'Valid until'} ${formatDate(expiry)} · ` : ''}
        {v.title ? `${v.title} · ` : ''}Won {formatDate(v.assigned_at)}
      </p>
      {v.voucher_terms ? (
        <p className="voucher__terms">
          <span className="voucher__terms-label">Terms: </span>
          {v.voucher_terms}
        </p>
      ) : null}
      {usable ? (
        <div className="voucher__actions">
          {confirming && online ? (
            <>
              <p className="voucher__hint" id={`voucher-confirm-${v.voucher_id}`}>
                Mark this code as used? This can't be undone.
              </p>
              <Button
                size="sm"
                icon={<CheckIcon size={16} />}
                onClick={onMarkUsed}
                loading={markUsed.isPending}
                aria-describedby={`voucher-confirm-${v.voucher_id}`}
              >
                Yes, mark as used
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setConfirming(false)}
                disabled={markUsed.isPending}
              >
                Cancel
              </Button>
            </>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              icon={<CheckIcon size={16} />}
              onClick={() => setConfirming(true)}
              disabled={!online}
              aria-describedby={online ? undefined : `voucher-offline-${v.voucher_id}`}
            >
              Mark as used
            </Button>
          )}
          {online ? null : (
            <p className="voucher__hint" id={`voucher-offline-${v.voucher_id}`}>
              You're offline. Connect to mark it as used.
            </p>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Why a conversion in the history reads Reversed: the partner's reason when it sent one. */
export function reversalNote(reason: string | null): string {
  const why = reason?.trim();
  return why ? `Reversed by the partner: ${why}` : 'Reversed by the partner.';
}

function HistoryPanel({ data }: { data: UserStatsResponse }) {
  if (data.completions.length === 0) {
    return (
      <EmptyState icon={<ClockIcon size={28} />} title="No History Yet">
        Offers you complete will be listed here.
      </EmptyState>
    );
  }
  return (
    <ul className="list">
      {data.completions.map((c, i) => {
        const amount = c.voucher_amount ?? amountFromRewardType(c.reward_type);
        const reversed = c.status === 'reversed';
        return (
          <li key={`${c.completed_at}-${i}`} className="list-row">
            <div className="list-row__main">
              <p className="list-row__title">{c.title?.trim() || 'Untitled Offer'}</p>
              <p className="list-row__meta">
                {c.category || 'General'} · {formatDateTime(c.completed_at)}
                {reversed && c.reversed_at ? ` · Reversed ${formatDateTime(c.reversed_at)}` : ''}
              </p>
            </div>
            {reversed ? (
              <Badge tone="red">Reversed</Badge>
            ) : amount ? (
              <Badge tone="green">
                {formatRupees(amount)}
                {c.voucher_brand ? ` ${c.voucher_brand}` : ''}
              </Badge>
            ) : (
              <Badge tone="neutral">No reward</Badge>
            )}
            {reversed ? <p className="list-row__note">{reversalNote(c.reversal_reason)}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

function StatisticsPanel({ data, rate }: { data: UserStatsResponse; rate: number }) {
  return (
    <div className="stats-panel">
      <dl className="kv-grid">
        <div>
          <dt>Spins used</dt>
          <dd>{data.stats.spins_used}</dd>
        </div>
        <div>
          <dt>Vouchers won</dt>
          <dd>{data.stats.total_vouchers_won}</dd>
        </div>
        <div>
          <dt>Win rate</dt>
          <dd>{formatPercent(rate)}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>{winRateRating(rate)}</dd>
        </div>
      </dl>
      <h3 className="subheading">
        <ChartIcon size={18} /> Vouchers by brand
      </h3>
      {data.voucherBreakdown.length === 0 ? (
        <p className="muted">No vouchers won yet.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Amount</th>
              <th scope="col">Count</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {data.voucherBreakdown.map((b) => (
              <tr key={`${b.voucher_brand}-${b.voucher_amount}`}>
                <td>{b.voucher_brand}</td>
                <td>{formatRupees(b.voucher_amount)}</td>
                <td>{b.count}</td>
                <td>{formatRupees(b.total_value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
