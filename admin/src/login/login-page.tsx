import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import LockIcon from '@mui/icons-material/AdminPanelSettings';
import { useEffect, useState, type FormEvent } from 'react';
import { useBasename, useCheckAuth, useLogin, useNotify, useTranslate } from 'react-admin';
import { takeJustLoggedOut } from '../auth-provider';
import { useNavigate } from 'react-router-dom';
import { BRAND_NAME } from '../../../shared/constants';

/**
 * Admin login: username and password, submit disabled while either is empty or
 * while submitting; an admin who is already signed in goes straight to /admin/dashboard.
 */
export function LoginPage() {
  const t = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const checkAuth = useCheckAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Just logged out: stay here, even if the failed logout call left the server session alive.
    if (takeJustLoggedOut()) return;
    checkAuth({}, false)
      .then(() => navigate(`${basename}/dashboard`, { replace: true }))
      .catch(() => {
        /* not signed in: stay here */
      });
  }, [checkAuth, navigate, basename]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await login({ username: username.trim(), password });
      notify('app.auth.login_success', { type: 'success' });
    } catch (e) {
      const message = (e as Error)?.message || t('app.auth.login_failed');
      setError(message);
      notify(message, { type: 'error' });
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #2b1a6b 0%, #5b3cc4 55%, #8f6cf0 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <LockIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t('app.auth.title', { brand: BRAND_NAME })}
            </Typography>
            <Typography color="text.secondary">{t('app.auth.subtitle')}</Typography>
          </Box>
          <form onSubmit={submit} noValidate>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }} role="alert">
                {error}
              </Alert>
            )}
            <TextField
              label={t('app.auth.username')}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoComplete="username"
              autoFocus
              required
              fullWidth
              margin="normal"
              name="username"
            />
            <TextField
              label={t('app.auth.password')}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              required
              fullWidth
              margin="normal"
              name="password"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              sx={{ mt: 2 }}
              disabled={!username.trim() || !password || submitting}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {submitting ? t('app.auth.signing_in') : t('app.auth.sign_in')}
            </Button>
          </form>
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ mt: 3, textAlign: 'center' }}
          >
            {t('app.monitored')}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
