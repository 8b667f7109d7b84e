import { Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import GrantIcon from '@mui/icons-material/CardGiftcard';
import DenyIcon from '@mui/icons-material/DoNotDisturbOn';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import type { AdminReferralRow, ReferralDecision } from '../../../shared/contract/admin/referrals';
import { REFERRAL_REASON_MAX } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import { serverErrorText } from '../http-client';

/**
 * Grant Reward and Deny on a referral held because both accounts look like the same device
 * (`needs_review`). Each asks for confirmation (Deny with an optional reason), is disabled while the
 * call runs, and says how it went; the list is refreshed either way (another admin may have decided).
 */
export function ReferralDecisionButtons({ referral }: { referral: AdminReferralRow }) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [open, setOpen] = useState<ReferralDecision | null>(null);
  const [reason, setReason] = useState('');
  const who = referral.referrer_name || referral.referrer_email;
  const friend = referral.referred_name || referral.referred_email;

  const decide = () => {
    const decision = open;
    if (!decision) return;
    update(
      'referrals',
      {
        id: referral.referral_id,
        data: { decision, ...(decision === 'deny' && reason.trim() ? { reason: reason.trim() } : {}) },
        previousData: { ...referral, id: referral.referral_id },
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(decision === 'grant' ? 'app.referrals.granted' : 'app.referrals.denied', {
            type: 'success',
            messageArgs: { name: who },
          });
          setOpen(null);
          setReason('');
          refresh();
        },
        onError: (error) => {
          notify(
            serverErrorText(error) ??
              t(decision === 'grant' ? 'app.referrals.grant_failed' : 'app.referrals.deny_failed'),
            { type: 'error' },
          );
          setOpen(null);
          refresh();
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="contained"
        color="success"
        disabled={isPending}
        startIcon={
          isPending && open === 'grant' ? <CircularProgress size={14} color="inherit" /> : <GrantIcon />
        }
        aria-label={`${t('app.referrals.grant_reward')}: ${who} → ${friend}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen('grant');
        }}
      >
        {t('app.referrals.grant_reward')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={isPending}
        startIcon={
          isPending && open === 'deny' ? <CircularProgress size={14} color="inherit" /> : <DenyIcon />
        }
        aria-label={`${t('app.referrals.deny')}: ${who} → ${friend}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen('deny');
        }}
      >
        {t('app.referrals.deny')}
      </Button>
      <Confirm
        isOpen={open === 'grant'}
        loading={isPending}
        title={t('app.referrals.grant_title', { name: who })}
        content={t('app.referrals.grant_confirm', { name: who, friend })}
        confirm={t('app.referrals.grant_reward')}
        confirmColor="primary"
        onConfirm={decide}
        onClose={() => !isPending && setOpen(null)}
      />
      <Confirm
        isOpen={open === 'deny'}
        loading={isPending}
        title={t('app.referrals.deny_title', { name: who })}
        content={
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <Typography variant="body2">{t('app.referrals.deny_confirm', { name: who, friend })}</Typography>
            <TextField
              label={t('app.referrals.deny_reason')}
              helperText={t('app.referrals.deny_reason_help', { max: REFERRAL_REASON_MAX })}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: REFERRAL_REASON_MAX } }}
            />
          </Box>
        }
        confirm={t('app.referrals.deny')}
        confirmColor="warning"
        onConfirm={decide}
        onClose={() => !isPending && setOpen(null)}
      />
    </Box>
  );
}

/** After a decision: who took it, when, and the reason when one was given. */
export function ReferralDecisionNote({ referral }: { referral: AdminReferralRow }) {
  const t = useTranslate();
  if (!referral.review_decision) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
      {t(referral.review_decision === 'granted' ? 'app.referrals.granted_by' : 'app.referrals.denied_by', {
        admin: referral.reviewed_by ?? '—',
        date: referral.reviewed_at ? formatDateTime(referral.reviewed_at) : '—',
      })}
      {referral.review_reason ? ` · ${referral.review_reason}` : ''}
    </Typography>
  );
}
