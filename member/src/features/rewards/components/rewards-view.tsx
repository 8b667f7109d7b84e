import { useEffect, useRef, useState } from 'react';
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
import { MEMBER_PAGE_HEADS } from '../../../../../shared/member-pages';
import { PageHead } from '../../../components/ui/page-head';
import { StatCard } from '../../../components/ui/stat-card';
import { EmptyState } from '../../../components/ui/state';
import { QueryState } from '../../../components/query-state';
import { Tabs } from '../../../components/ui/tabs';
import { messageOf } from '../../../lib/api-client';
import { useUserStats } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useBrand } from '../../../lib/brands';
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

/** The wallet's groups (issue 35, item 8): what can be used now, then what was used, then what expired. */
export type WalletGroup = 'active' | 'used' | 'expired';

export function walletGroupOf(v: UserVoucher, now: Date = new Date()): WalletGroup {
  if (v.status === 'used') return 'used';
  return isUsable(v, now) ? 'active' : 'expired';
}

const GROUP_TITLES: Record<WalletGroup, string> = { active: 'Active', used: 'Used', expired: 'Expired' };

/** How long the Undo of a used mark stays offered. */
export const UNDO_MS = 5000;

function VouchersPanel({ data }: { data: UserStatsResponse }) {
  const owed = data.owedVouchers ?? [];
  const markUsed = useMarkVoucherUsed();
  const [undo, setUndo] = useState<{ id: number; label: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function setUsed(v: UserVoucher, used: boolean) {
    const label = `${formatRupees(v.voucher_amount)} ${v.voucher_brand || 'voucher'}`;
    markUsed.mutate(
      { voucher_id: v.voucher_id, used },
      {
        onSuccess: () => {
          clearTimeout(timer.current);
          if (used) {
            setUndo({ id: v.voucher_id, label });
            timer.current = setTimeout(() => setUndo(null), UNDO_MS);
          } else {
            setUndo(null);
            toast.success(`${label} is back in Active`);
          }
        },
        onError: (error) => toast.error(messageOf(error, MARK_USED_FAILED_MESSAGE)),
      },
    );
  }

  if (data.userVouchers.length === 0 && owed.length === 0) {
    return (
      <EmptyState icon={<GiftIcon size={28} />} title="No Vouchers Yet">
        Complete an offer and spin the slot machine to win your first voucher.
      </EmptyState>
    );
  }
  const now = new Date();
  const sorted = sortWallet(data.userVouchers, now);
  const groups: Record<WalletGroup, UserVoucher[]> = { active: [], used: [], expired: [] };
  for (const v of sorted) groups[walletGroupOf(v, now)].push(v);
  const undoing = undo ? data.userVouchers.find((v) => v.voucher_id === undo.id) : undefined;
  return (
    <div className="wallet">
      <div className="wallet__undo-slot" aria-live="polite">
        {undo ? (
          <div className="wallet__undo" role="status">
            <span>{undo.label} marked as used.</span>
            <Button
              size="sm"
              variant="secondary"
              icon={<UndoIcon />}
              onClick={() => undoing && setUsed(undoing, false)}
              disabled={!undoing || markUsed.isPending}
            >
              Undo
            </Button>
          </div>
        ) : null}
      </div>
      {(['active', 'used', 'expired'] as const).map((g) => {
        const rows = groups[g];
        const count = rows.length + (g === 'active' ? owed.length : 0);
        if (count === 0) return null;
        return (
          <section key={g} className="wallet__group" aria-labelledby={`wallet-${g}`}>
            <h3 id={`wallet-${g}`} className="wallet__group-title">
              {GROUP_TITLES[g]} <span className="section-count">{count}</span>
            </h3>
            <ul className="wallet__list">
              {g === 'active'
                ? owed.map((o) => <OwedVoucherCard key={`owed-${o.owed_id}`} owed={o} />)
                : null}
              {rows.map((v) => (
                <WalletVoucher
                  key={v.voucher_id}
                  voucher={v}
                  now={now}
                  group={g}
                  busy={markUsed.isPending && markUsed.variables?.voucher_id === v.voucher_id}
                  onSetUsed={setUsed}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** A small counter-clockwise arrow for Undo. */
function UndoIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </svg>
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

/**
 * One voucher of the wallet: a compact row (brand, amount, expiry, source) that expands to its code,
 * description, terms, the brand's redeem steps and link, and Mark as used (or, once used, Mark as not
 * used).
 */
function WalletVoucher({
  voucher: v,
  now,
  group,
  busy,
  onSetUsed,
}: {
  voucher: UserVoucher;
  now: Date;
  group: WalletGroup;
  busy: boolean;
  onSetUsed: (v: UserVoucher, used: boolean) => void;
}) {
  const online = useOnline();
  // A push notification's "Show code" opens /rewards#voucher-<id> (issue 38): that voucher opens in view.
  const anchor = `voucher-${v.voucher_id}`;
  const [open, setOpen] = useState(() => window.location.hash === `#${anchor}`);
  useEffect(() => {
    if (window.location.hash === `#${anchor}`)
      document.getElementById(anchor)?.scrollIntoView({ block: 'center' });
  }, [anchor]);
  const brandOf = useBrand(open);
  const brand = brandOf(v.voucher_brand);
  const used = v.status === 'used';
  const chip = used ? null : expiryChip(daysLeft(v.expiry_date, now));
  const expiry = v.expiry_date ? localDay(v.expiry_date) : null;
  const panelId = `voucher-${v.voucher_id}-details`;

  return (
    <li
      id={anchor}
      className={`voucher voucher--row${group === 'active' ? '' : ' voucher--done'}${open ? ' voucher--open' : ''}`}
    >
      <button
        type="button"
        className="voucher__summary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="voucher__amount">{formatRupees(v.voucher_amount)}</span>
        <span className="voucher__who">
          <span className="voucher__brand">{v.voucher_brand || 'Unknown'}</span>
          <span className="voucher__sub">
            {v.voucher_source === 'free_spin' ? 'Free Spin' : 'Offer Completion'}
            {v.title && v.voucher_source !== 'free_spin' ? ` · ${v.title}` : ''}
          </span>
        </span>
        <span className="voucher__chips">
          {used ? <Badge tone="neutral">Used</Badge> : null}
          {chip ? (
            <Badge tone={CHIP_TONE[chip.tone]} className="voucher__expiry-chip">
              {chip.text}
            </Badge>
          ) : null}
        </span>
        <span className="voucher__chevron" aria-hidden="true">
          ▾
        </span>
        <span className="sr-only">{open ? ' Hide details' : ' Show code and details'}</span>
      </button>
      {/* Always in the page (hidden until opened): a code stays findable in the saved offline copy. */}
      <div id={panelId} className="voucher__details" hidden={!open}>
        {
          <>
            {v.voucher_description ? <p className="voucher__desc">{v.voucher_description}</p> : null}
            <CodeBox code={v.voucher_code} />
            <p className="voucher__meta">
              {expiry
                ? `${chip?.tone === 'expired' ? 'Expired' : 'Valid until'} ${formatDate(expiry)} · `
                : ''}
              {v.title ? `${v.title} · ` : ''}Won {formatDate(v.assigned_at)}
            </p>
            {v.voucher_terms ? (
              <p className="voucher__terms">
                <span className="voucher__terms-label">Terms: </span>
                {v.voucher_terms}
              </p>
            ) : null}
            {brand?.redeem_steps ? (
              <div className="voucher__steps">
                <p className="voucher__terms-label">How to redeem</p>
                <p>{brand.redeem_steps}</p>
              </div>
            ) : null}
            <div className="voucher__actions">
              {brand?.redeem_url && group === 'active' ? (
                <a
                  className="btn btn--primary btn--sm"
                  href={brand.redeem_url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Redeem
                  <span className="sr-only"> at {v.voucher_brand} (opens in a new tab)</span>
                </a>
              ) : null}
              {group === 'active' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<CheckIcon size={16} />}
                  onClick={() => onSetUsed(v, true)}
                  loading={busy}
                  disabled={!online}
                >
                  Mark as used
                </Button>
              ) : null}
              {group === 'used' ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onSetUsed(v, false)}
                  loading={busy}
                  disabled={!online}
                >
                  Mark as not used
                </Button>
              ) : null}
              {online || group === 'expired' ? null : (
                <p className="voucher__hint">You're offline. Connect to change it.</p>
              )}
            </div>
          </>
        }
      </div>
    </li>
  );
}

/** Why a conversion in the history reads Reversed: the partner's reason when it sent one. */
export function reversalNote(reason: string | null): string {
  const why = reason?.trim();
  return why ? `Reversed by the partner: ${why}` : 'Reversed by the partner.';
}

/** A free-spin win in the history (issue 35, item 8: a free-spin win counted in Statistics only). */
interface FreeSpinWin {
  at: string;
  amount: number;
  brand: string | null;
  owed: boolean;
}

/** The free spins' wins: their vouchers and the owed ones, as history rows. */
export function freeSpinWins(data: UserStatsResponse): FreeSpinWin[] {
  return [
    ...data.userVouchers
      .filter((v) => v.voucher_source === 'free_spin')
      .map((v) => ({ at: v.assigned_at, amount: v.voucher_amount, brand: v.voucher_brand, owed: false })),
    ...(data.owedVouchers ?? [])
      .filter((o) => o.voucher_source === 'free_spin')
      .map((o) => ({ at: o.won_at, amount: o.voucher_amount, brand: null, owed: true })),
  ];
}

function HistoryPanel({ data }: { data: UserStatsResponse }) {
  const free = freeSpinWins(data);
  if (data.completions.length === 0 && free.length === 0) {
    return (
      <EmptyState icon={<ClockIcon size={28} />} title="No History Yet">
        Offers you complete will be listed here.
      </EmptyState>
    );
  }
  // Offers and free spins together, the latest first.
  const rows = [
    ...data.completions.map((c, i) => ({ kind: 'offer' as const, at: c.completed_at, c, i })),
    ...free.map((f, i) => ({ kind: 'free' as const, at: f.at, f, i })),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <ul className="list">
      {rows.map((row) => {
        if (row.kind === 'free') {
          const f = row.f;
          return (
            <li key={`free-${row.at}-${row.i}`} className="list-row">
              <div className="list-row__main">
                <p className="list-row__title">Free Spin Bonus</p>
                <p className="list-row__meta">Free spin · {formatDateTime(f.at)}</p>
              </div>
              <Badge tone={f.owed ? 'amber' : 'green'}>
                {formatRupees(f.amount)}
                {f.owed ? ' on its way' : f.brand ? ` ${f.brand}` : ''}
              </Badge>
            </li>
          );
        }
        const c = row.c;
        const amount = c.voucher_amount ?? amountFromRewardType(c.reward_type);
        const reversed = c.status === 'reversed';
        return (
          <li key={`${c.completed_at}-${row.i}`} className="list-row">
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
