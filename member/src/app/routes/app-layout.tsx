import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/ui/spinner';
import { MemberLayout } from '../../components/layouts/member-layout';
import { ProtectedRoute } from '../../lib/auth';
import { ReturnBanner } from '../../features/offers/components/return-banner';
import { EligibilityGate } from '../../features/fair-play/components/eligibility-gate';
import { useLiveUpdates } from '../live-updates';

/** The signed-in member's live updates (rendered inside the guard, so only once signed in). */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

/** Member pages: guard, then the shell around the page. */
export function AppLayoutRoute() {
  return (
    <ProtectedRoute>
      <LiveUpdates />
      <MemberLayout>
        <EligibilityGate />
        <ReturnBanner />
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <Outlet />
        </Suspense>
      </MemberLayout>
    </ProtectedRoute>
  );
}
