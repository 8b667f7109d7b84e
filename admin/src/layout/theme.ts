import { defaultTheme, type RaThemeOptions } from 'react-admin';

// Colours that carry white or coloured text keep a 4.5:1 contrast (WCAG AA, checked by axe-core in
// tests/e2e/admin-usability.e2e.ts): MUI's default warning (#ed6c02, 3.1:1 with white) and info
// (#0288d1, 3.9:1) are a shade darker here; initials avatars are violet on lavender (8.6:1) instead of
// white on light grey (1.7:1).
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#5b3cc4' },
    secondary: { main: '#1f2a44' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    background: { default: '#f5f6fa' },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    ...defaultTheme.components,
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    MuiAvatar: {
      styleOverrides: { colorDefault: { backgroundColor: '#ede9fb', color: '#4527a0' } },
    },
    // react-admin's row checkboxes put their aria-label on the checkbox's <span> (not allowed on a
    // span without a role) and leave the <input> unnamed: the name moves to the input.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: { 'aria-label'?: string; inputProps?: Record<string, unknown> }) => ({
            ...ownerState.inputProps,
            ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
          }),
        },
      },
    },
  },
};
