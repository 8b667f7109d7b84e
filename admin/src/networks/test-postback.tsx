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
import SendIcon from '@mui/icons-material/Send';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AdminDataProvider, NetworkTestRequest, NetworkTestResult } from '../data-provider';
import { serverErrorText } from '../http-client';
import { DetailList } from '../components/detail-list';
import { OutcomeChip } from '../postbacks/outcome-chip';
import { ChoiceField } from './choice-field';

const STATUSES = [
  'approved',
  'pending',
  'reversed',
] as const satisfies readonly NetworkTestRequest['status'][];

/**
 * Send test postback: signs a postback as the network would for a click (blank: the network's latest)
 * and shows what the receiver would do. A dry run: nothing is credited or logged.
 */
export function TestPostbackCard({ networkId }: { networkId: Identifier }) {
  const t = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [clickId, setClickId] = useState('');
  const [status, setStatus] = useState<NetworkTestRequest['status']>('approved');
  const [payout, setPayout] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<NetworkTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    setResult(null);
    try {
      setResult(
        await dataProvider.testNetworkPostback({
          network_id: networkId,
          click_id: clickId,
          status,
          payout: payout.trim() === '' ? undefined : Number(payout),
        }),
      );
    } catch (e) {
      setError(serverErrorText(e) ?? (e as Error)?.message ?? t('app.errors.generic'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="test-postback-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography id="test-postback-title" variant="h6" component="h2">
          {t('app.networks.test.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('app.networks.test.help')}
        </Typography>
        <Box
          component="form"
          onSubmit={send}
          noValidate
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            size="small"
            label={t('app.networks.test.click_id')}
            value={clickId}
            helperText={t('app.networks.test.click_id_help')}
            onChange={(e) => setClickId(e.target.value)}
          />
          <ChoiceField
            fullWidth={false}
            label={t('app.networks.test.status')}
            value={status}
            values={STATUSES}
            labelOf={(s) => t(`app.networks.test.statuses.${s}`)}
            onChange={setStatus}
          />
          <TextField
            size="small"
            type="number"
            label={t('app.networks.test.payout')}
            value={payout}
            onChange={(e) => setPayout(e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={sending}
            startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          >
            {t('app.networks.test.send')}
          </Button>
        </Box>
        <Box aria-live="polite" sx={{ mt: result || error ? 2 : 0 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {result && (
            <Box data-testid="test-result">
              <Alert severity={result.http_status < 300 ? 'success' : 'warning'} sx={{ mb: 2 }}>
                {result.detail}
              </Alert>
              <DetailList
                items={[
                  [t('app.networks.test.outcome'), <OutcomeChip key="o" outcome={result.outcome} />],
                  [t('app.networks.test.http_status'), String(result.http_status)],
                  [t('app.networks.test.body'), <Mono key="b">{result.body || '—'}</Mono>],
                  [
                    t('app.networks.test.request'),
                    <Mono key="r">{`${result.request.method} ${result.request.url}`}</Mono>,
                  ],
                  ...Object.entries(result.request.headers).map(
                    ([name, value]) => [name, <Mono key={name}>{value}</Mono>] as [string, ReactNode],
                  ),
                ]}
              />
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

export function Mono({ children }: { children: string }) {
  return (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}>
      {children}
    </Box>
  );
}
