import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

/** An absolute URL: the server gives the receiver's path, or a whole URL when PUBLIC_URL is set. */
export function absoluteUrl(url: string, origin = window.location.origin): string {
  try {
    return new URL(url, origin).toString().replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  } catch {
    return url;
  }
}

/**
 * The postback URL to paste into the network's dashboard, with a Copy button. The help names this
 * network's own macros in its own syntax (issue 36: BitLabs writes [%TX%], CPX {trans_id}), or says
 * that the network appends its parameters itself when it has none.
 */
export function PostbackUrlCard({
  url,
  slug,
  macros = {},
}: {
  url: string;
  slug: string;
  macros?: Record<string, string>;
}) {
  const t = useTranslate();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const full = absoluteUrl(url);
  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), 4000);
    return () => clearTimeout(timer);
  }, [status]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(full);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <Card component="section" aria-labelledby="postback-url-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography id="postback-url-title" variant="h6" component="h2">
          {t('app.networks.url.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('app.networks.url.help', { slug })}{' '}
          {Object.keys(macros).length > 0
            ? t('app.networks.url.macros', { macros: Object.values(macros).join(', ') })
            : t('app.networks.url.no_macros')}
        </Typography>
        <Box
          component="code"
          data-testid="postback-url"
          sx={{
            display: 'block',
            fontFamily: 'monospace',
            fontSize: 13,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            wordBreak: 'break-all',
            mb: 1.5,
          }}
        >
          {full}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Button variant="outlined" size="small" startIcon={<CopyIcon />} onClick={copy}>
            {t('app.networks.url.copy')}
          </Button>
          <Typography variant="body2" role="status" color={status === 'failed' ? 'error' : 'success.dark'}>
            {status === 'copied'
              ? t('app.networks.url.copied')
              : status === 'failed'
                ? t('app.networks.url.copy_failed')
                : ''}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
