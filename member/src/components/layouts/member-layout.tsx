import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { BRAND } from '../../config/constants';
import { paths } from '../../config/paths';
import { useSessionUser, useUserStats } from '../../lib/auth';
import { useLogout } from '../../lib/use-logout';
import { OfflineNotice } from '../ui/offline-notice';
import {
  GiftIcon,
  HomeIcon,
  LogoMark,
  LogoutIcon,
  MenuIcon,
  CloseIcon,
  UserIcon,
  UsersIcon,
  SparkleIcon,
} from '../ui/icons';

const NAV = [
  { to: paths.dashboard.path, label: 'Dashboard', icon: HomeIcon },
  { to: paths.referrals.path, label: 'Referrals', icon: UsersIcon },
  { to: paths.rewards.path, label: 'Rewards', icon: GiftIcon },
  { to: paths.profile.path, label: 'Profile', icon: UserIcon },
] as const;

/** Member shell: header navigation, free-spins badge, greeting, logout, mobile menu, tab bar. */
export function MemberLayout({ children }: { children: ReactNode }) {
  const stats = useUserStats();
  const sessionUser = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const logoutMutation = useLogout(() =>
    navigate(paths.login.getHref(), { replace: true, state: { loggedOut: true } }),
  );

  const firstName = stats.data?.user.first_name ?? sessionUser?.firstName ?? '';
  const email = stats.data?.user.email ?? sessionUser?.email ?? '';
  const freeSpins = Number(stats.data?.stats.free_spins_remaining ?? 0);

  // The menu closes when the member navigates.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const logoutButton = (extraClass = '') => (
    <button
      type="button"
      className={`btn btn--ghost btn--sm logout-btn ${extraClass}`}
      onClick={() => logoutMutation.mutate()}
      disabled={logoutMutation.isPending}
    >
      <LogoutIcon size={18} />
      <span>Logout</span>
    </button>
  );

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <NavLink to={paths.dashboard.path} className="brand" aria-label={`${BRAND} home`}>
            <LogoMark size={34} />
            <span className="brand__name">{BRAND}</span>
          </NavLink>
          <nav className="topnav" aria-label="Main">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className="topnav__link">
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="topbar__end">
            {freeSpins > 0 ? (
              <NavLink to={paths.dashboard.path} className="free-spins-badge">
                <SparkleIcon size={16} />
                <span className="free-spins-badge__count">{freeSpins}</span>{' '}
                <span className="free-spins-badge__label">
                  {freeSpins === 1 ? 'Free Spin' : 'Free Spins'}
                </span>
              </NavLink>
            ) : null}
            <div className="greeting">
              <p className="greeting__name">Hi, {firstName || 'there'}</p>
              <p className="greeting__email">{email}</p>
            </div>
            {logoutButton('topbar__logout')}
            <button
              type="button"
              className="icon-btn topbar__menu"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((v) => !v)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
        </div>
        {menuOpen ? (
          <div id="mobile-menu" className="mobile-menu">
            <div className="mobile-menu__user">
              <p className="greeting__name">Hi, {firstName || 'there'}</p>
              <p className="greeting__email">{email}</p>
            </div>
            <nav aria-label="Menu">
              {NAV.map((item) => (
                <NavLink key={item.to} to={item.to} className="mobile-menu__link">
                  <item.icon size={20} />
                  {item.label}
                </NavLink>
              ))}
            </nav>
            {logoutButton('mobile-menu__logout')}
          </div>
        ) : null}
      </header>
      <OfflineNotice />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <nav className="tabbar" aria-label="Tabs">
        {NAV.map((item) => (
          <NavLink key={item.to} to={item.to} className="tabbar__tab">
            <span className="tabbar__icon">
              <item.icon size={22} />
              {item.to === paths.referrals.path && freeSpins > 0 ? (
                <span className="tabbar__dot" aria-label="Free spins available" role="img" />
              ) : null}
            </span>
            <span className="tabbar__label">{item.label}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
