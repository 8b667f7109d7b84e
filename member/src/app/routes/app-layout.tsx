import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/ui/spinner';
import { MemberLayout } from '../../components/layouts/member-layout';
import { ProtectedRoute } from '../../lib/auth';

/** Member pages: guard, then the shell around the page. */
export function AppLayoutRoute() {
  return (
    <ProtectedRoute>
      <MemberLayout>
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <Outlet />
        </Suspense>
      </MemberLayout>
    </ProtectedRoute>
  );
}
