import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { MemberOffer, OffersResponse } from '../../../../shared/contract/member';
import { getOffersQueryOptions } from './api/get-offers';

// The return moment (docs/product-rules.md#live-updates): the member leaves the app for the partner's
// tab, the partner confirms meanwhile, and the member comes back. What happened while the page was
// hidden is said when it is seen again: a banner names the offers that became ready to spin ("BillEase
// confirmed — Spin now") and the dashboard brings the card into view. It compares the offers as they
// were when the page was hidden with the offers after the return, so it holds whether the news came as
// a live event while hidden or as the refetch of a reconnect ('resync').

export interface ReturnMoment {
  /** Offers that became ready to spin while the page was hidden, in the dashboard's order. */
  ready: { id: number; title: string }[];
}

/** After the return, how long offers that arrive (a reconnect's refetch) still join the moment. */
export const RETURN_WINDOW_MS = 15_000;

type Listener = () => void;
const listeners = new Set<Listener>();
let moment: ReturnMoment | null = null;

function emit() {
  listeners.forEach((l) => l());
}

export function getReturnMoment(): ReturnMoment | null {
  return moment;
}

/** Ends the return window early (the member has acted on or dismissed the banner). */
let endReturnWindow: (() => void) | null = null;

/** The member acted on the banner or dismissed it: it goes, and nothing more joins it until the next return. */
export function dismissReturnMoment(): void {
  endReturnWindow?.();
  if (moment === null) return;
  moment = null;
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useReturnMoment(): ReturnMoment | null {
  return useSyncExternalStore(subscribe, getReturnMoment, () => null);
}

function readyOffers(queryClient: QueryClient): MemberOffer[] {
  const data = queryClient.getQueryData<OffersResponse>(getOffersQueryOptions().queryKey);
  return (data?.offers ?? []).filter((o) => o.completed && !o.spinner_used);
}

let returnWindowOpen = false;

/**
 * True from the page's return until RETURN_WINDOW_MS later: a spin made ready then joins the banner
 * (the offers' refetch) instead of a toast beside it.
 */
export function inReturnWindow(): boolean {
  return returnWindowOpen;
}

export function isPageHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

/**
 * Watches the page's visibility for the signed-in member's session (the member shell calls it once).
 * Returns the function that stops watching.
 */
export function watchReturns(queryClient: QueryClient): () => void {
  let readyWhenHidden: Set<number> | null = null;
  let stopWindow: (() => void) | null = null;

  const collect = (before: Set<number>) => {
    const fresh = readyOffers(queryClient).filter((o) => !before.has(o.offer_id));
    if (fresh.length === 0) return;
    const known = new Set(moment?.ready.map((r) => r.id));
    const added = fresh
      .filter((o) => !known.has(o.offer_id))
      .map((o) => ({ id: o.offer_id, title: o.title?.trim() || 'Untitled Offer' }));
    if (added.length === 0) return;
    moment = { ready: [...(moment?.ready ?? []), ...added] };
    emit();
  };

  const onVisibility = () => {
    if (isPageHidden()) {
      stopWindow?.();
      stopWindow = null;
      readyWhenHidden = new Set(readyOffers(queryClient).map((o) => o.offer_id));
      return;
    }
    const before = readyWhenHidden;
    readyWhenHidden = null;
    if (!before) return;
    collect(before);
    // A reconnect's refetch lands a moment later: offers updated soon after the return still count.
    const key = JSON.stringify(getOffersQueryOptions().queryKey);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryHash === key) collect(before);
    });
    const timer = setTimeout(() => stopWindow?.(), RETURN_WINDOW_MS);
    returnWindowOpen = true;
    stopWindow = () => {
      clearTimeout(timer);
      unsubscribe();
      returnWindowOpen = false;
      stopWindow = null;
      endReturnWindow = null;
    };
    endReturnWindow = stopWindow;
  };

  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    stopWindow?.();
  };
}

/** The banner's sentence: "BillEase confirmed", "BillEase and 2 more offers confirmed". */
export function returnMomentText(m: ReturnMoment): string {
  const [first, ...rest] = m.ready;
  if (!first) return '';
  if (rest.length === 0) return `${first.title} confirmed`;
  return `${first.title} and ${rest.length} more ${rest.length === 1 ? 'offer' : 'offers'} confirmed`;
}
