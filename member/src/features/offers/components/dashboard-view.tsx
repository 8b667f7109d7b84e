import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MemberOffer } from '../../../../../shared/contract/member';
import { formatRupees, percentText } from '../../../../../shared/format';
import { DEFAULT_SLOT_CONFIG, tableOdds, type SlotConfig } from '../../../../../shared/slot';
import { MEMBER_PAGE_HEADS } from '../../../../../shared/member-pages';
import { Button } from '../../../components/ui/button';
import {
  GiftIcon,
  RefreshIcon,
  SparkleIcon,
  TrophyIcon,
  UsersIcon,
  WalletIcon,
  CheckIcon,
} from '../../../components/ui/icons';
import { PageHead } from '../../../components/ui/page-head';
import { StatCard } from '../../../components/ui/stat-card';
import { EmptyState } from '../../../components/ui/state';
import { QueryState } from '../../../components/query-state';
import { messageOf } from '../../../lib/api-client';
import { useSessionUser, useUserStats } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { useClickOffer } from '../api/click-offer';
import { getOffersQueryOptions, useOffers } from '../api/get-offers';
import { getStartedOffersQueryOptions, useStartedOffers } from '../api/get-started-offers';
import { groupOffers } from '../offer-state';
import { categoriesOf, filterAndSort, OFFER_SORT_LABELS, type OfferSort } from '../offer-sort';
import { HowItWorks } from './how-it-works';
import { useReturnMoment } from '../return-moment';
import type { SpinRequestState } from './return-banner';
import { OfferCard, type OfferCardProps } from './offer-card';
import { SlotMachineModal } from './slot-machine-modal';

/** The free spin's odds before the member spins: its chance of a voucher and the amounts it pays now. */
export function freeChanceText(odds: SlotConfig | undefined): string {
  const table = tableOdds(odds ?? DEFAULT_SLOT_CONFIG);
  const prizes = table.prizes.map((p) => `${formatRupees(p.amount)} ${percentText(p.percent)}`).join(' · ');
  return `${percentText(Math.max(0, 100 - table.tryAgain))} chance of a voucher${prizes ? ` (${prizes})` : ''}`;
}

export const START_FAILED_TOAST = 'Failed to start offer';
/** How long the return moment's cards stay lit. */
const HIGHLIGHT_MS = 6000;
const HEAD = MEMBER_PAGE_HEADS['/dashboard'];

function Section({
  title,
  count,
  children,
  hint,
  tools,
}: {
  title: string;
  count: number;
  children: ReactNode;
  hint?: string;
  /** Controls under the heading (the available offers' filter and sort). */
  tools?: ReactNode;
}) {
  if (count === 0) return null;
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="offer-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id} className="section-title">
          {title} <span className="section-count">{count}</span>
        </h2>
        {hint ? <p className="section-hint">{hint}</p> : null}
      </div>
      {tools}
      <div className="offer-grid">{children}</div>
    </section>
  );
}

/** A callback whose identity never changes but which always runs the latest render's code. */
function useStableCallback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** Opens the tab before the request so browsers treat it as the click's own popup. */
function openPendingTab(): Window | null {
  try {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    return tab;
  } catch {
    return null;
  }
}

export function DashboardView() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const offersQuery = useOffers();
  // The offer grid is the heaviest render of the app: it follows the data at low priority, in
  // slices that leave the main thread free for input (no long task when the offers arrive).
  const offersData = useDeferredValue(offersQuery.data);
  const statsQuery = useUserStats();
  const sessionUser = useSessionUser();
  const click = useClickOffer();
  const [startingId, setStartingId] = useState<number | null>(null);
  const [spinOffer, setSpinOffer] = useState<MemberOffer | null>(null);
  const [spinOpen, setSpinOpen] = useState(false);
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(() => new Set());
  const location = useLocation();
  const navigate = useNavigate();
  const moment = useReturnMoment();
  // The started offers are asked for after the first render (which comes from the page's own answers,
  // with no call): the cards read In progress a moment later.
  const [afterFirstPaint, setAfterFirstPaint] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAfterFirstPaint(true), 250);
    return () => clearTimeout(timer);
  }, []);
  const startedQuery = useStartedOffers(online && afterFirstPaint);
  const [category, setCategory] = useState<string | null>(null);
  const [sort, setSort] = useState<OfferSort>('newest');

  const offerCount = offersData?.offers.length ?? 0;
  // The cards arrive a few per task (the first screen's in the first commit): see useProgressiveCount.
  const shownCards = useProgressiveCount(offerCount);

  const firstName = statsQuery.data?.user.first_name ?? sessionUser?.firstName ?? '';
  const stats = statsQuery.data?.stats;

  // Stable identities, so that the memoised offer cards skip the dashboard's re-renders.
  const startOffer = useStableCallback((offer: MemberOffer) => {
    if (!online || click.isPending) return;
    setStartingId(offer.offer_id);
    const tab = openPendingTab();
    click.mutate(offer.offer_id, {
      onSuccess: (data) => {
        if (tab && !tab.closed) tab.location.href = data.redirectUrl;
        else window.open(data.redirectUrl, '_blank', 'noopener,noreferrer');
        // The card now reads In progress, with Continue through this click's link.
        void queryClient.invalidateQueries({ queryKey: getStartedOffersQueryOptions().queryKey });
        toast.success(
          `${data.offerTitle || offer.title || 'Untitled Offer'} opened successfully!`,
          'Complete the offer to earn rewards',
        );
      },
      onError: (error) => {
        tab?.close();
        toast.error(messageOf(error, START_FAILED_TOAST));
      },
      onSettled: () => setStartingId(null),
    });
  });

  const openSpin = useStableCallback((offer: MemberOffer | null) => {
    setSpinOffer(offer);
    setSpinOpen(true);
  });

  // The return moment: the cards that became ready while the member was away come into view, lit
  // for a few seconds (without smooth scrolling when the member prefers reduced motion).
  useEffect(() => {
    if (!moment || !offersData) return;
    const ids = moment.ready.map((r) => r.id);
    setHighlighted(new Set(ids));
    const card = document.getElementById(`offer-${ids[0]}`);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    card?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    const timer = setTimeout(() => setHighlighted(new Set()), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [moment, offersData]);

  // "Spin now" from the return banner: this offer's slot machine, once its card is known.
  const spinRequest = (location.state as SpinRequestState | null)?.spinOfferId;
  useEffect(() => {
    if (spinRequest === undefined || !offersData) return;
    const offer = offersData.offers.find((o) => o.offer_id === spinRequest && o.completed && !o.spinner_used);
    void navigate(location.pathname, { replace: true, state: null });
    if (offer) openSpin(offer);
  }, [spinRequest, offersData, navigate, location.pathname, openSpin]);

  function closeSpin() {
    setSpinOpen(false);
    setSpinOffer(null);
    void queryClient.refetchQueries({ queryKey: getOffersQueryOptions().queryKey });
  }

  function renderOffers(data: NonNullable<typeof offersData>) {
    const offers = data.offers;
    const freeSpins = Number(data.freeSpinsRemaining ?? 0);
    const groups = groupOffers(offers);
    const startedById = new Map((startedQuery.data?.started ?? []).map((s) => [s.offer_id, s]));
    const categories = categoriesOf(groups.available);
    const shownCategory = category !== null && categories.includes(category) ? category : null;
    const available = filterAndSort(groups.available, shownCategory, sort);
    // One section per group, in this order; only an available offer can be started.
    const sections: {
      title: string;
      hint?: string;
      offers: MemberOffer[];
      tools?: ReactNode;
      cardProps?: (offer: MemberOffer) => Pick<OfferCardProps, 'starting' | 'startDisabled' | 'started'>;
    }[] = [
      { title: 'Ready to Spin', hint: 'Completed offers with a spin waiting', offers: groups.readyToSpin },
      // Offers in progress come before new ones: what the member already started stays in view.
      { title: 'Pending Verification', hint: 'The partner is confirming these', offers: groups.pending },
      {
        title: 'Available Offers',
        hint: 'Complete one to earn a spin',
        offers: available,
        tools:
          groups.available.length > 1 ? (
            <div className="offer-tools" role="group" aria-label="Filter and sort offers">
              <label className="offer-tools__field">
                <span>Category</span>
                <select
                  value={shownCategory ?? ''}
                  onChange={(e) => setCategory(e.target.value === '' ? null : e.target.value)}
                >
                  <option value="">All categories</option>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <label className="offer-tools__field">
                <span>Sort by</span>
                <select value={sort} onChange={(e) => setSort(e.target.value as OfferSort)}>
                  {(Object.keys(OFFER_SORT_LABELS) as OfferSort[]).map((k) => (
                    <option key={k} value={k}>
                      {OFFER_SORT_LABELS[k]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ) : undefined,
        cardProps: (o) => ({
          starting: startingId === o.offer_id,
          startDisabled: !online || (click.isPending && startingId !== o.offer_id),
          started: startedById.get(o.offer_id) ?? null,
        }),
      },
      { title: 'Completed & Rewarded', offers: groups.completed },
    ];
    // Sections in order share the budget of cards rendered so far.
    let budget = shownCards;
    const shown = sections.map((section) => {
      const rows = section.offers.slice(0, Math.max(0, budget));
      budget -= rows.length;
      return rows;
    });
    return (
      <>
        {freeSpins > 0 ? (
          <section className="free-spin-banner" aria-label="Free spins">
            <div className="free-spin-banner__icon" aria-hidden="true">
              <SparkleIcon size={26} />
            </div>
            <div className="free-spin-banner__text">
              <h2>
                You have {freeSpins} free {freeSpins === 1 ? 'spin' : 'spins'}!
              </h2>
              <p>Earned by referring friends — free spins never expire.</p>
              <p className="free-spin-banner__odds">{freeChanceText(data.freeSpinOdds)}</p>
            </div>
            <Button
              variant="gold"
              icon={<SparkleIcon size={18} />}
              onClick={() => openSpin(null)}
              disabled={!online}
            >
              Use Free Spin
            </Button>
          </section>
        ) : null}
        {offers.length === 0 ? (
          <EmptyState icon={<GiftIcon size={28} />} title="No Offers Available">
            New partner offers land here regularly. Check back soon.
          </EmptyState>
        ) : (
          sections.map((section, i) => (
            <Section
              key={section.title}
              title={section.title}
              count={section.offers.length}
              hint={section.hint}
              tools={section.tools}
            >
              {shown[i]!.map((o) => (
                <OfferCard
                  key={o.offer_id}
                  offer={o}
                  onStart={startOffer}
                  onSpin={openSpin}
                  {...section.cardProps?.(o)}
                  canSpin={online}
                  highlighted={highlighted.has(o.offer_id)}
                />
              ))}
            </Section>
          ))
        )}
        <SlotMachineModal
          open={spinOpen}
          offer={spinOffer}
          freeSpinsRemaining={freeSpins}
          freeSpinOdds={data.freeSpinOdds}
          onClose={closeSpin}
        />
      </>
    );
  }

  return (
    <div className="page">
      <PageHead title={`Welcome${firstName ? `, ${firstName}` : ''}!`} subtitle={HEAD.subtitle}>
        <Button
          variant="ghost"
          size="sm"
          icon={<RefreshIcon size={18} className={offersQuery.isFetching ? 'spin-icon' : undefined} />}
          onClick={() => {
            void offersQuery.refetch();
            if (online) void startedQuery.refetch();
          }}
          disabled={!online || offersQuery.isFetching}
        >
          Refresh
        </Button>
      </PageHead>
      {stats && stats.total_completions === 0 && stats.total_vouchers_won === 0 ? (
        <HowItWorks />
      ) : (
        <div className="stat-grid" aria-label="Your statistics" role="group">
          <StatCard
            tone="violet"
            icon={<CheckIcon />}
            label="Offers Completed"
            value={stats ? stats.total_completions : '—'}
          />
          <StatCard
            tone="green"
            icon={<TrophyIcon />}
            label="Vouchers Won"
            value={stats ? stats.total_vouchers_won : '—'}
          />
          <StatCard
            tone="blue"
            icon={<UsersIcon />}
            label="Referrals"
            value={stats ? stats.successful_referrals : '—'}
          />
          <StatCard
            tone="amber"
            icon={<WalletIcon />}
            label="Total Earned"
            value={stats ? formatRupees(stats.total_voucher_value) : '—'}
          />
        </div>
      )}
      <QueryState
        query={offersQuery}
        data={offersData}
        loading={HEAD.loading}
        offline="Your offers will appear once you're back online."
      >
        {renderOffers}
      </QueryState>
    </div>
  );
}
