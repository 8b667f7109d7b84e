import { DashboardView } from '../../features/offers/components/dashboard-view';

export function DashboardRoute() {
  return <DashboardView />;
}
