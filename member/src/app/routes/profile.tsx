import { ProfileView } from '../../features/profile/components/profile-view';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';

export function ProfileRoute() {
  return (
    <>
      <ProfileView />
      <NotificationSettings />
    </>
  );
}
