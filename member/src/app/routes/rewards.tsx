import { RewardsView } from '../../features/rewards/components/rewards-view';

export function RewardsRoute() {
  return <RewardsView />;
}
