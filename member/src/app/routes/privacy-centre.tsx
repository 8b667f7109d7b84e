import { PrivacyCentreView } from '../../features/privacy/components/privacy-centre-view';

export function PrivacyCentreRoute() {
  return <PrivacyCentreView />;
}
