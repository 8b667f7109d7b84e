import { describe, expect, it } from 'vitest';
import { makeOffer } from '../../testing/mocks/db';
import {
  aboutDuration,
  agoText,
  groupOffers,
  OFFER_STATE_LABELS,
  offerState,
  previewHost,
} from './offer-state';

// The card state and dashboard section each member offer shows in (docs/product-rules.md#offer-states).
describe('offer states', () => {
  const offers = {
    available: makeOffer({ offer_id: 1 }),
    verifying: makeOffer({ offer_id: 2, status: 'pending' }),
    ready: makeOffer({ offer_id: 3, completed: true, status: 'completed' }),
    won: makeOffer({ offer_id: 4, completed: true, spinner_used: true, reward_type: 'voucher_10' }),
    'no-reward': makeOffer({ offer_id: 5, completed: true, spinner_used: true, reward_type: 'none' }),
  } as const;

  it.each(Object.entries(offers))('%s', (state, offer) => {
    expect(offerState(offer)).toBe(state);
  });

  it('a completed offer is never Verifying, whatever its status says', () => {
    expect(offerState(makeOffer({ completed: true, status: 'pending' }))).toBe('ready');
  });

  it('labels each state as the card shows it', () => {
    expect(OFFER_STATE_LABELS).toEqual({
      available: 'Available',
      verifying: 'Verifying',
      ready: 'Ready to Spin',
      won: 'Reward Won',
      'no-reward': 'No Reward',
    });
  });

  it('groups the dashboard: ready to spin, available, pending, completed; each offer once', () => {
    const ids = (list: { offer_id: number }[]) => list.map((o) => o.offer_id);
    const groups = groupOffers(Object.values(offers));
    expect({
      readyToSpin: ids(groups.readyToSpin),
      available: ids(groups.available),
      pending: ids(groups.pending),
      completed: ids(groups.completed),
    }).toEqual({ readyToSpin: [3], available: [1], pending: [2], completed: [4, 5] });
    // A completed offer whose status still says pending is ready to spin, not pending.
    const late = makeOffer({ offer_id: 6, completed: true, status: 'pending' });
    expect(ids(groupOffers([late]).readyToSpin)).toEqual([6]);
    expect(ids(groupOffers([late]).pending)).toEqual([]);
  });

  it('shows the host of a preview link, "Invalid URL" for one that is not a link, nothing without one', () => {
    expect(previewHost('https://streamplus.example.com/trial?x=1')).toBe('streamplus.example.com');
    expect(previewHost('not a url')).toBe('Invalid URL');
    expect(previewHost('mailto:someone@example.com')).toBe('Invalid URL');
    expect(previewHost(null)).toBeNull();
    expect(previewHost('')).toBeNull();
  });
});

// The started offer's line on its card: "Started 12 min ago · usually confirms in about 2 hours".
describe("the started line's times", () => {
  it.each([
    [1, 'about 1 minute'],
    [2, 'about 2 minutes'],
    [59, 'about 59 minutes'],
    [60, 'about 1 hour'],
    [89, 'about 1 hour'],
    [90, 'about 2 hours'],
    [47 * 60 + 29, 'about 47 hours'],
    [47 * 60 + 30, 'about 2 days'],
    [48 * 60, 'about 2 days'],
    [84 * 60, 'about 4 days'],
  ])('an observed %d minutes reads "%s"', (minutes, text) => {
    expect(aboutDuration(minutes)).toBe(text);
  });

  const now = Date.parse('2026-12-05T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [-90_000, 'just now'],
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 min ago'],
    [12 * 60_000 + 59_000, '12 min ago'],
    [59 * 60_000, '59 min ago'],
    [60 * 60_000, '1 h ago'],
    [47 * 3_600_000 + 59 * 60_000, '47 h ago'],
    [48 * 3_600_000, '2 days ago'],
    [71 * 3_600_000, '2 days ago'],
    [72 * 3_600_000, '3 days ago'],
  ])('started %d ms before now reads "%s"', (ms, text) => {
    expect(agoText(ago(ms), now)).toBe(text);
  });

  it('counts from the present by default', () => {
    expect(agoText(new Date(Date.now() - 5 * 60_000).toISOString())).toBe('5 min ago');
  });
});
