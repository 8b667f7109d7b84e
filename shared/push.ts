// Web Push (issue 38): the kinds of notification a member can turn on or off, in the order the
// profile and the console list them. Plain data: the member app and the console import it at run time.
export const PUSH_KINDS = [
  'spin_ready',
  'voucher_expiring',
  'claim_answered',
  'referral_reward',
  'account_messages',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, { label: string; hint: string }> = {
  spin_ready: { label: 'Spin ready', hint: 'A partner confirmed your offer: your spin is waiting' },
  voucher_expiring: { label: 'Voucher expiring', hint: 'Three days before an unused voucher expires' },
  claim_answered: { label: 'Claim answered', hint: 'We answered a missing-reward claim' },
  referral_reward: { label: 'Referral reward', hint: 'A friend you invited earned you a free spin' },
  account_messages: { label: 'Account messages', hint: 'Changes to your rewards and account' },
};
