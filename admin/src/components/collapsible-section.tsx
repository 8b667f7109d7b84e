import { Box, ButtonBase, Card, CardContent, Collapse, Typography } from '@mui/material';
import ExpandIcon from '@mui/icons-material/ExpandMore';
import { useId, type ReactNode } from 'react';
import { useStore } from 'react-admin';

/**
 * A list page's secondary summary (vouchers by brand, the referral funnel, the conversions' breakdown
 * cards) folded under its heading, so that the table's first row is on the first screen at 1280×720
 * (issue 36). Collapsed by default; the administrator's choice is remembered per section.
 */
export function CollapsibleSection({
  storeKey,
  title,
  hint,
  children,
}: {
  /** Where the open/closed choice is remembered (react-admin's store). */
  storeKey: string;
  title: string;
  /** One line shown beside the heading while folded (e.g. the brands' count). */
  hint?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useStore<boolean>(`summary.${storeKey}.open`, false);
  return (
    <Card component="section" aria-labelledby={`${id}-title`} sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" id={`${id}-title`} sx={{ m: 0 }}>
        <ButtonBase
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!open)}
          sx={{
            width: '100%',
            justifyContent: 'space-between',
            gap: 2,
            px: 2,
            py: 1,
            font: 'inherit',
            textAlign: 'left',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <Box component="span">{title}</Box>
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {hint && !open && (
              <Typography component="span" variant="body2" color="text.secondary">
                {hint}
              </Typography>
            )}
            <ExpandIcon
              aria-hidden
              sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
            />
          </Box>
        </ButtonBase>
      </Typography>
      <Collapse in={open} id={`${id}-body`}>
        <CardContent sx={{ pt: 0 }}>{children}</CardContent>
      </Collapse>
    </Card>
  );
}
