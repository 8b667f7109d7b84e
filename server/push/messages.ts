// What each member event says as a push notification (issue 38; docs/operations.md#web-push lists
// them). The events are the live stream's (server/events/service.ts): one source of truth for
// "what changed for a member". Each kind has its TTL (how long a push service keeps an undelivered
// message), its urgency (RFC 8030 §5.3: how readily a phone on battery wakes for it) and a topic
// (RFC 8030 §5.4: a newer message with the same topic replaces an undelivered one, so a burst of
// events becomes one notification; the service worker also uses it as the notification's tag).
import type { MemberEvent } from '../events/service';
import { formatRupees } from '../../shared/format';
import type { PushKind } from '../../shared/push';

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/** What the service worker shows (public/push-sw.js reads exactly these fields). */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** The page a click opens (a path of the member app). */
  url: string;
  /** The notification's tag: the same topic replaces the notification shown. */
  tag: string;
  /** One action button, or none: 'spin' (Spin now) or 'show-code' (Show code). */
  action: 'spin' | 'show-code' | null;
  /** Spins ready, for the app icon's badge (Badging API), when the notification is about spins. */
  badge?: number;
}

export interface KindPolicy {
  /** Seconds a push service keeps the message for an offline device. */
  ttl: number;
  urgency: Urgency;
}

const HOUR = 3600;
export const KIND_POLICY: Record<PushKind, KindPolicy> = {
  // A spin is the product's moment: wake the phone, keep it for a day.
  spin_ready: { ttl: 24 * HOUR, urgency: 'high' },
  // Three days ahead: a day late is still in time.
  voucher_expiring: { ttl: 24 * HOUR, urgency: 'normal' },
  claim_answered: { ttl: 3 * 24 * HOUR, urgency: 'normal' },
  referral_reward: { ttl: 24 * HOUR, urgency: 'normal' },
  account_messages: { ttl: 3 * 24 * HOUR, urgency: 'low' },
};

/** A notification to send: its kind, the payload (the badge filled in at send time) and its topic. */
export interface Notification {
  kind: PushKind;
  /** RFC 8030 topic: at most 32 characters of the base64url alphabet. */
  topic: string;
  payload: PushPayload;
  /** Fill `badge` with the member's spins ready when sent. */
  countSpins?: boolean;
}

const WALLET = '/rewards';
const OFFERS = '/dashboard';

const quoted = (title: unknown) =>
  typeof title === 'string' && title.trim() ? `“${title.trim()}”` : 'Your offer';

/** The member's wallet at one voucher (the rewards page scrolls to `#voucher-<id>`). */
export function walletUrl(voucherId: number): string {
  return `${WALLET}#voucher-${voucherId}`;
}

/** The notification a live event makes, or null for the events that send none. */
export function notificationFor(event: MemberEvent): Notification | null {
  const d = event.data;
  switch (event.type) {
    case 'conversion': {
      if (d.status === 'approved') {
        return {
          kind: 'spin_ready',
          topic: 'spins',
          countSpins: true,
          payload: {
            kind: 'spin_ready',
            title: 'Your spin is ready',
            body: `${quoted(d.title)} is confirmed. Spin now to win a voucher.`,
            url: OFFERS,
            tag: 'spins',
            action: 'spin',
          },
        };
      }
      if (d.status === 'reversed') {
        return {
          kind: 'account_messages',
          topic: 'account',
          payload: {
            kind: 'account_messages',
            title: d.notApproved === true ? 'A reward was not approved' : 'A reward was reversed',
            body: `${quoted(d.title)}: open the app to see why.`,
            url: OFFERS,
            tag: 'account',
            action: null,
          },
        };
      }
      return null; // pending: the member just did it; nothing to bring them back for
    }
    case 'free_spin':
      return {
        kind: 'referral_reward',
        topic: 'spins',
        countSpins: true,
        payload: {
          kind: 'referral_reward',
          title: 'You earned a free spin',
          body: 'A friend you invited completed an offer. Spin now to win a voucher.',
          url: OFFERS,
          tag: 'spins',
          action: 'spin',
        },
      };
    case 'claim': {
      const approved = d.status === 'approved';
      const claimId = typeof d.claimId === 'number' ? d.claimId : 0;
      return {
        kind: 'claim_answered',
        topic: `claim-${claimId}`,
        countSpins: approved,
        payload: {
          kind: 'claim_answered',
          title: approved ? 'Your claim was approved' : 'Your claim was not approved',
          body: approved
            ? `${quoted(d.title)} is credited. Spin now to win a voucher.`
            : typeof d.reason === 'string' && d.reason
              ? `${quoted(d.title)}: ${d.reason}`.slice(0, 240)
              : `${quoted(d.title)}: open the app to see why.`,
          url: OFFERS,
          tag: `claim-${claimId}`,
          action: approved ? 'spin' : null,
        },
      };
    }
    case 'referral':
      return {
        kind: 'referral_reward',
        topic: 'referrals',
        payload: {
          kind: 'referral_reward',
          title: 'A referral was not approved',
          body: 'One of your invitations did not earn a free spin. Open the app to see it.',
          url: '/referrals',
          tag: 'referrals',
          action: null,
        },
      };
    case 'voucher': {
      // An owed voucher delivered: the member's win arrived.
      const voucherId = typeof d.voucherId === 'number' ? d.voucherId : 0;
      const amount = typeof d.amount === 'number' ? formatRupees(d.amount) : 'Your';
      return {
        kind: 'spin_ready',
        topic: `voucher-${voucherId}`,
        payload: {
          kind: 'spin_ready',
          title: `Your ${amount} voucher is ready`,
          body: `${quoted(d.title)}: your code is in your wallet.`,
          url: walletUrl(voucherId),
          tag: `voucher-${voucherId}`,
          action: 'show-code',
        },
      };
    }
    default:
      return null;
  }
}

/** The voucher-expiry job's notification (server/push/expiry-job.ts). */
export function expiringVoucherNotification(v: {
  voucherId: number;
  amount: number;
  brand: string;
  expiryDate: string;
}): Notification {
  return {
    kind: 'voucher_expiring',
    topic: `voucher-${v.voucherId}`,
    payload: {
      kind: 'voucher_expiring',
      title: `Your ${formatRupees(v.amount)} ${v.brand} voucher expires soon`,
      body: `Use it by ${v.expiryDate}. Tap to see the code.`,
      url: walletUrl(v.voucherId),
      tag: `voucher-${v.voucherId}`,
      action: 'show-code',
    },
  };
}
