import { DashboardView } from '../../features/offers/components/dashboard-view';
import { NotificationsOptIn } from '../../features/notifications/components/notifications-opt-in';

export function DashboardRoute() {
  return (
    <>
      <NotificationsOptIn />
      <DashboardView />
    </>
  );
}
