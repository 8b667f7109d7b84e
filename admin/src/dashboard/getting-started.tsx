import {
  Box,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import DoneIcon from '@mui/icons-material/CheckCircle';
import TodoIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import type { AdminDashboardResponse, GettingStartedStep } from '../../../shared/contract/admin/dashboard';
import { formatRupees } from '../../../shared/format';

/** Where each step is done: a console page, or the member app (in a new tab). */
const STEP_LINKS: Record<GettingStartedStep, { to: string; external?: boolean }> = {
  network: { to: '/networks' },
  offers: { to: '/offers' },
  vouchers: { to: '/vouchers' },
  member_app: { to: '/', external: true },
};

/**
 * The getting-started checklist: shown while the console has no real activity and a step is left
 * (the server decides both, docs/decisions/getting-started-checklist.md); each step links to where
 * it is done.
 */
export function GettingStarted({ data }: { data: AdminDashboardResponse['gettingStarted'] }) {
  const t = useTranslate();
  const basename = useBasename();
  if (!data.show) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <Card component="section" aria-labelledby="getting-started" sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="getting-started" variant="h6" component="h2">
            {t('app.getting_started.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('app.getting_started.progress', { done, total: data.steps.length })}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('app.getting_started.subtitle')}
        </Typography>
        {/* Two columns from tablets up: the checklist stays short above the tiles. */}
        <List dense sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
          {data.steps.map((step) => {
            const link = STEP_LINKS[step.id];
            const label = t(`app.getting_started.${step.id}`);
            const hint =
              step.id === 'vouchers' && data.missing_amounts.length > 0
                ? t('app.getting_started.vouchers_missing', {
                    amounts: data.missing_amounts.map((a) => formatRupees(a)).join(', '),
                  })
                : t(`app.getting_started.${step.id}_hint`);
            return (
              <ListItem key={step.id} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {step.done ? (
                    <DoneIcon color="success" titleAccess={t('app.getting_started.done')} />
                  ) : (
                    <TodoIcon color="action" titleAccess={t('app.getting_started.todo')} />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={
                    link.external ? (
                      <Link href={link.to} target="_blank" rel="noopener">
                        {label}
                      </Link>
                    ) : (
                      <Link component={RouterLink} to={`${basename}${link.to}`}>
                        {label}
                      </Link>
                    )
                  }
                  secondary={hint}
                  sx={step.done ? { '& a': { textDecoration: 'line-through' } } : undefined}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
