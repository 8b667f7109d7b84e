import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberBrand, MemberBrandsResponse } from '../../../shared/contract/brands';
import { api } from './api-client';

// GET /api/brands.php (issue 35, item 7): each voucher brand's redeem link and steps, as the console set
// them. Rarely changes: stale after 30 minutes. Shared by the wallet and the spin's result panel.
export const getBrandsQueryOptions = () =>
  queryOptions({
    queryKey: ['brands'],
    queryFn: ({ signal }) => api.get<MemberBrandsResponse>('/brands.php', signal),
    staleTime: 30 * 60 * 1000,
  });

/**
 * The brand's settings by name (case-insensitive), or null while loading or when it has none. Fetched
 * only once `enabled` (a won voucher shown, a wallet row opened): never part of a page's first render.
 */
export function useBrand(enabled = true): (brand: string | null | undefined) => MemberBrand | null {
  const { data } = useQuery({ ...getBrandsQueryOptions(), enabled });
  return (brand) => {
    const key = brand?.trim().toLowerCase();
    if (!key) return null;
    return data?.brands.find((b) => b.brand.trim().toLowerCase() === key) ?? null;
  };
}
