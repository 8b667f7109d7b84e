import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout } from './auth';

/**
 * The member pages' logout button. A module of its own, not in lib/auth.tsx: the sign-in page
 * imports lib/auth.tsx, and this hook would bring react-query's mutation hook and observer (about
 * 3 KB gzip) into /login's first load, where nothing mutates (docs/product-rules.md#performance-bar).
 */
export function useLogout(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(queryClient),
    onSettled: () => onDone?.(),
  });
}
