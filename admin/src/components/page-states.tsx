import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReactNode } from 'react';

/** Loading text of a page ('Loading offers...'), announced to screen readers. */
export function PageLoading({ message }: { message: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={28} />
      <Typography>{message}</Typography>
    </Box>
  );
}

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography color="text.secondary">{message}</Typography>
      {children}
    </Box>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useTranslate();
  const message = (error as Error | null)?.message || t('app.errors.generic');
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('app.actions.retry')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
