import { ReferralsView } from '../../features/referrals/components/referrals-view';

export function ReferralsRoute() {
  return <ReferralsView />;
}
