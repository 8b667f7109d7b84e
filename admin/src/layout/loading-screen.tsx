import { Box, CircularProgress, Typography } from '@mui/material';
import { BRAND_NAME } from '../../../shared/constants';

/**
 * Full-screen loader while the session is being checked. Rendered by react-admin
 * before its i18n context is guaranteed, so the two sentences are written here, in English.
 */
export function LoadingScreen() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress />
      <Typography variant="h6" component="p">{`Loading ${BRAND_NAME}`}</Typography>
      <Typography color="text.secondary">Please wait while we prepare your rewards...</Typography>
    </Box>
  );
}
