// The voucher brands' settings (issue 35, item 7): per brand, the link where its codes are redeemed and
// the steps to redeem them; the member's wallet shows a Redeem action for a brand with a link.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminBrand } from '../../../shared/contract/brands';
import { formatDateTime } from '../../../shared/format';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import type { AdminDataProvider } from '../data-provider';
import { serverErrorText } from '../http-client';

export const BRANDS_KEY = ['admin', 'brands'];

/** The same check as the contract's (plain, no zod in the console): a full https:// address. */
export function redeemUrlProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  if (v.length > 500) return 'app.brands.url_too_long';
  return /^(https:\/\/[a-z0-9.-]+\.[a-z]{2,}|http:\/\/(localhost|127\.0\.0\.1))(:\d+)?(\/\S*)?$/i.test(v)
    ? null
    : 'app.brands.url_invalid';
}

function BrandRow({ brand }: { brand: AdminBrand }) {
  const t = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(brand.redeem_url ?? '');
  const [steps, setSteps] = useState(brand.redeem_steps ?? '');
  const problem = redeemUrlProblem(url);
  const changed = url.trim() !== (brand.redeem_url ?? '') || steps.trim() !== (brand.redeem_steps ?? '');
  const save = useMutation({
    mutationFn: () =>
      dataProvider.saveBrand({
        brand: brand.brand,
        redeem_url: url.trim() || null,
        redeem_steps: steps.trim() || null,
      }),
    onSuccess: () => {
      notify(t('app.brands.saved', { brand: brand.brand }), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: BRANDS_KEY });
    },
    onError: (error) => notify(serverErrorText(error) ?? t('app.brands.save_failed'), { type: 'error' }),
  });
  const id = `brand-${brand.brand.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <TableRow>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 140 }}>
        <Typography fontWeight={700} id={id}>
          {brand.brand}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('app.brands.vouchers', { smart_count: brand.voucher_count })}
        </Typography>
        {brand.updated_at ? (
          <Typography variant="caption" color="text.secondary">
            {t('app.brands.updated', { when: formatDateTime(brand.updated_at) })}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 260 }}>
        <TextField
          label={t('app.brands.redeem_url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={problem !== null}
          helperText={problem ? t(problem) : t('app.brands.redeem_url_help')}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { 'aria-describedby': id, inputMode: 'url' } }}
        />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', minWidth: 260 }}>
        <TextField
          label={t('app.brands.redeem_steps')}
          value={steps}
          onChange={(e) => setSteps(e.target.value)}
          size="small"
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000, 'aria-describedby': id } }}
        />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={!changed || problem !== null || save.isPending}
          onClick={() => save.mutate()}
          aria-label={t('app.brands.save_brand', { brand: brand.brand })}
        >
          {t('ra.action.save')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

export function BrandsPage() {
  const t = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const query = useQuery({ queryKey: BRANDS_KEY, queryFn: () => dataProvider.getBrands() });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeader title={t('app.brands.title')} subtitle={t('app.brands.subtitle')} />
      {query.isPending ? (
        <PageLoading message={t('app.brands.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Alert severity="info">{t('app.brands.empty')}</Alert>
      ) : (
        <Card>
          <CardContent sx={{ overflowX: 'auto' }}>
            <Stack spacing={1}>
              <Table size="small" aria-label={t('app.brands.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('app.brands.brand')}</TableCell>
                    <TableCell>{t('app.brands.redeem_url')}</TableCell>
                    <TableCell>{t('app.brands.redeem_steps')}</TableCell>
                    <TableCell>{t('ra.action.save')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {query.data.map((b) => (
                    <BrandRow key={b.brand} brand={b} />
                  ))}
                </TableBody>
              </Table>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
