import { Switch, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { ConfirmReasonDialog, useCommonReasons } from './confirm-reason-dialog';

/**
 * The Active switch of an offer or a partner network (issue 36): it asks first (what changes for
 * members, why), sends the opposite of the current is_active with the reason, and offers Undo
 * (react-admin's undoable mode: the call goes once the notification closes; Undo sends nothing). The
 * notification keeps the specification's words ('Offer activated successfully' …).
 */
export function ActivationSwitch({
  kind,
  record,
  id,
  name,
  isActive,
  size = 'medium',
}: {
  kind: 'offer' | 'network';
  record: RaRecord;
  id: Identifier;
  name: string;
  isActive: boolean;
  size?: 'small' | 'medium';
}) {
  const t = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [asking, setAsking] = useState(false);
  const resource = kind === 'offer' ? 'offers' : 'networks';
  const words = kind === 'offer' ? 'app.offers' : 'app.networks';
  const turningOff = isActive;
  const reasons = useCommonReasons(`${kind}_${turningOff ? 'off' : 'on'}`);
  const label = turningOff ? t(`${words}.deactivate`) : t(`${words}.activate`);

  const confirm = (reason: string) => {
    setAsking(false);
    update(
      resource,
      { id, data: { is_active: !isActive, reason }, previousData: record },
      {
        mutationMode: 'undoable',
        onSuccess: () =>
          notify(turningOff ? `${words}.deactivated` : `${words}.activated`, {
            type: 'success',
            undoable: true,
          }),
        onError: () => notify(`${words}.update_failed`, { type: 'error' }),
      },
    );
  };

  return (
    <>
      <Tooltip title={label}>
        <Switch
          size={size}
          checked={isActive}
          disabled={isPending}
          onClick={(e) => e.stopPropagation()}
          slotProps={{ input: { 'aria-label': `${label}: ${name}` } }}
          onChange={() => setAsking(true)}
        />
      </Tooltip>
      {asking && (
        <ConfirmReasonDialog
          open
          title={t(`app.confirm.${kind}_${turningOff ? 'off' : 'on'}_title`, { name })}
          effect={t(`app.confirm.${kind}_${turningOff ? 'off' : 'on'}_effect`)}
          affected={[name]}
          reasons={reasons}
          confirmLabel={t(turningOff ? 'app.confirm.confirm_deactivate' : 'app.confirm.confirm_activate')}
          danger={turningOff}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
