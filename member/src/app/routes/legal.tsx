import { HelpView, PrivacyView, TermsView } from '../../features/fair-play/components/legal-views';

/** /terms, /privacy and /help: public pages (issue 37), one chunk. */
export function TermsRoute() {
  return <TermsView />;
}
export function PrivacyRoute() {
  return <PrivacyView />;
}
export function HelpRoute() {
  return <HelpView />;
}
