// Every member route (docs/product-rules.md#screens-and-routes) in one typed object: links and
// redirects never retype a path.
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    getHref: (ref?: string | null) => (ref ? `/login?ref=${encodeURIComponent(ref)}` : '/login'),
  },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  referrals: { path: '/referrals', getHref: () => '/referrals' },
  rewards: { path: '/rewards', getHref: () => '/rewards' },
  profile: { path: '/profile', getHref: () => '/profile' },
  // Public pages (issue 37): no sign-in needed.
  rules: { path: '/rules', getHref: (hash?: string) => (hash ? `/rules#${hash}` : '/rules') },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  help: { path: '/help', getHref: () => '/help' },
  /** The privacy centre (issue 37): linked from the profile; a public address that asks to sign in. */
  privacyCentre: { path: '/privacy-centre', getHref: () => '/privacy-centre' },
} as const;

/** A 401 redirects to /login unless already on a login path. */
export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/');
}
