import { Badge, Box, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/SpaceDashboard';
import PolicyIcon from '@mui/icons-material/Tune';
import BrandsIcon from '@mui/icons-material/Storefront';
import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  Menu,
  TitlePortal,
  UserMenu,
  useAuthState,
  useGetIdentity,
  useBasename,
  useTranslate,
} from 'react-admin';
import { LoadingScreen } from './loading-screen';
import { BRAND_NAME } from '../../../shared/constants';
import { LogoutItem } from './logout-item';
import { useAttention } from '../dashboard/use-attention';
import { ClaimsMenuItem } from '../claims/claims-menu-item';
import { ReviewsMenuItem } from '../reviews/reviews-menu-item';

/** The dashboard's menu entry, with the count of items that need attention (its panel lists them). */
function DashboardMenuItem() {
  const t = useTranslate();
  const basename = useBasename();
  // Held rewards and claims waiting count as one item each, in the server's count (issue 36).
  const count = useAttention().data?.count ?? 0;
  const label = t('app.attention.menu_count', { smart_count: count });
  return (
    <Menu.Item
      to={`${basename}/dashboard`}
      primaryText={t('app.menu.dashboard')}
      leftIcon={
        count > 0 ? (
          <Badge badgeContent={count} color="warning" max={99} title={label}>
            <DashboardIcon />
          </Badge>
        ) : (
          <DashboardIcon />
        )
      }
    />
  );
}

/** The risk policy's page (issue 33): thresholds, hold hours and rules. */
function RiskPolicyMenuItem() {
  const t = useTranslate();
  const basename = useBasename();
  return (
    <Menu.Item
      to={`${basename}/risk-policy`}
      primaryText={t('app.menu.risk_policy')}
      leftIcon={<PolicyIcon />}
    />
  );
}

/** The voucher brands' redeem settings (issue 35). */
function BrandsMenuItem() {
  const t = useTranslate();
  const basename = useBasename();
  return <Menu.Item to={`${basename}/brands`} primaryText={t('app.menu.brands')} leftIcon={<BrandsIcon />} />;
}

function AppMenu() {
  return (
    <Menu>
      <DashboardMenuItem />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="offers" />
      <Menu.ResourceItem name="vouchers" />
      <BrandsMenuItem />
      <Menu.ResourceItem name="referrals" />
      <Menu.ResourceItem name="conversions" />
      <Menu.ResourceItem name="networks" />
      <Menu.ResourceItem name="postbacks" />
      <ClaimsMenuItem />
      <ReviewsMenuItem />
      <Menu.ResourceItem name="clicks" />
      <Menu.ResourceItem name="audit-log" />
      <RiskPolicyMenuItem />
    </Menu>
  );
}

function ConsoleAppBar() {
  const t = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <AppBar
      userMenu={
        // The button shows the admin's name: its accessible name starts with it (WCAG 2.5.3, 'label in
        // name'); react-admin's default 'Profile' did not contain the visible text.
        <UserMenu label={identity?.fullName ? t('app.user_menu', { name: identity.fullName }) : undefined}>
          <LogoutItem />
        </UserMenu>
      }
    >
      <Typography
        variant="h6"
        component="span"
        sx={{ fontWeight: 700, mr: 2, display: { xs: 'none', sm: 'block' } }}
      >
        {t('app.brand_admin', { brand: BRAND_NAME })}
      </Typography>
      <TitlePortal />
    </AppBar>
  );
}

/** react-admin's layout: app bar, a sidebar that folds into a drawer on phones and tablets. */
export function AppLayout({ children }: { children: ReactNode }) {
  const t = useTranslate();
  // Guard for every page in the layout (the dashboard included): a full-screen
  // loader while the session is checked, /admin/login when there is none. (react-admin's own
  // `requireAuth` loops between logout and login when the console is mounted under /admin/*.)
  const { isPending, authenticated } = useAuthState(undefined, true);
  if (isPending || !authenticated) return <LoadingScreen />;
  return (
    <Layout
      menu={AppMenu}
      appBar={ConsoleAppBar}
      // A wide table must scroll inside its card, never squeeze the sidebar.
      sx={{
        minWidth: 0,
        '& .RaLayout-content': { minWidth: 0 },
        '& .RaLayout-contentWithSidebar > :first-of-type': { flexShrink: 0 },
      }}
    >
      <Box sx={{ px: { xs: 1, sm: 2 }, pb: 4, maxWidth: 1600, width: '100%', minWidth: 0, mx: 'auto' }}>
        {children}
      </Box>
      <Typography
        component="footer"
        variant="caption"
        color="text.secondary"
        sx={{ textAlign: 'center', pb: 2 }}
      >
        {t('app.monitored')}
      </Typography>
    </Layout>
  );
}
