import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getOffersQueryOptions } from '../features/offers/api/get-offers';
import { getReferralStatsQueryOptions } from '../features/referrals/api/get-referral-stats';
import { server } from '../testing/mocks/server';
import { createTestQueryClient } from '../testing/test-utils';
import { api, ApiError } from '../lib/api-client';
import { getUserStatsQueryOptions } from '../lib/auth';
import { queryConfig, shouldRetry } from '../lib/query-client';

function Probe() {
  const q = useQuery({ queryKey: ['probe'], queryFn: () => api.get('/offers.php') });
  return <p>{q.isError ? `failed: ${q.error.message}` : q.isSuccess ? 'ok' : 'loading'}</p>;
}

async function callsFor(status: number) {
  let calls = 0;
  server.use(
    http.get('*/api/offers.php', () => {
      calls += 1;
      return HttpResponse.json({ success: false, error: 'nope' }, { status });
    }),
  );
  window.history.replaceState({}, '', '/login');
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Probe />
    </QueryClientProvider>,
  );
  await screen.findByText(/^failed/);
  return calls;
}

describe('react-query caching and retries', () => {
  it('retries a failing call at most 2 times', async () => {
    expect(await callsFor(500)).toBe(3);
  });
  it('never retries a 401', async () => {
    expect(await callsFor(401)).toBe(1);
  });
  it('never retries a 403', async () => {
    expect(await callsFor(403)).toBe(1);
  });
  it('retry rule', () => {
    expect(shouldRetry(0, new ApiError('x', 500))).toBe(true);
    expect(shouldRetry(2, new ApiError('x', 500))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 403))).toBe(false);
  });
  it('keeps data fresh 5 minutes with no refetch on focus; offers 2 min stale and refetched every 5; stats 2; referrals 5', () => {
    expect(queryConfig.queries?.staleTime).toBe(5 * 60_000);
    expect(queryConfig.queries?.refetchOnWindowFocus).toBe(false);
    expect(getOffersQueryOptions().staleTime).toBe(2 * 60_000);
    expect(getOffersQueryOptions().refetchInterval).toBe(5 * 60_000);
    expect(getUserStatsQueryOptions().staleTime).toBe(2 * 60_000);
    expect(getReferralStatsQueryOptions().staleTime).toBe(5 * 60_000);
  });
});
