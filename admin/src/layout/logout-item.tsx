import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { forwardRef } from 'react';
import { useLogout, useNotify, useTranslate } from 'react-admin';

/** Logout goes to /admin/login even when the call fails, then says 'Admin logged out successfully'. */
export const LogoutItem = forwardRef<HTMLLIElement>(function LogoutItem(_props, ref) {
  const logout = useLogout();
  const notify = useNotify();
  const t = useTranslate();
  return (
    <MenuItem
      ref={ref}
      onClick={async () => {
        await logout();
        notify('app.auth.logged_out', { type: 'info' });
      }}
    >
      <ListItemIcon>
        <ExitIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t('ra.auth.logout')}</ListItemText>
    </MenuItem>
  );
});
