import { Box, Button, Stack, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { pageNumbers, showingRange } from '../lib/pages';

/**
 * Pagination (docs/product-rules.md#admin-rules): 'Showing x to y of z {noun}', Previous (disabled
 * on page 1), at most 5 page numbers around the current page, Next (disabled on the last page).
 */
export function SpecPagination({
  noun,
  hideWhenSinglePage = false,
}: {
  noun: string;
  hideWhenSinglePage?: boolean;
}) {
  const { page, perPage, total, setPage, isPending } = useListContext();
  if (isPending || !total) return null;
  if (hideWhenSinglePage && Math.ceil(total / perPage) <= 1) return null;
  return <PageNav page={page} perPage={perPage} total={total} setPage={setPage} noun={noun} />;
}

/** The pagination bar itself, for a list context (SpecPagination) or a page's own table (a timeline). */
export function PageNav({
  page,
  perPage,
  total,
  setPage,
  noun,
  label,
}: {
  page: number;
  perPage: number;
  total: number;
  setPage: (page: number) => void;
  noun: string;
  /** The navigation's name, when a page has more than one. */
  label?: string;
}) {
  const t = useTranslate();
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const { from, to } = showingRange(page, perPage, total);
  return (
    <Stack
      component="nav"
      aria-label={label ?? t('app.pagination.label')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2 }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('app.pagination.showing', { from, to, total, noun })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('app.pagination.previous')}
        </Button>
        {pageNumbers(page, totalPages).map((n) => (
          <Button
            key={n}
            size="small"
            variant={n === page ? 'contained' : 'text'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t('app.pagination.page', { page: n })}
            onClick={() => setPage(n)}
            sx={{ minWidth: 36 }}
          >
            {n}
          </Button>
        ))}
        <Button
          size="small"
          variant="outlined"
          disabled={page >= totalPages}
          onClick={() => setPage(page + 1)}
        >
          {t('app.pagination.next')}
        </Button>
      </Box>
    </Stack>
  );
}
