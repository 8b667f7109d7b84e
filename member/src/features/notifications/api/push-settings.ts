// GET / POST /api/push-settings.php, POST /api/push-subscribe.php and /api/push-unsubscribe.php
// (shared/contract/push.ts): the member's notification switches and this browser's subscription.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PushKindSwitches,
  PushSettingsResponse,
  PushSubscribeRequest,
} from '../../../../../shared/contract/push';
import {
  PUSH_SETTINGS_PATH,
  PUSH_SUBSCRIBE_PATH,
  PUSH_UNSUBSCRIBE_PATH,
} from '../../../../../shared/contract/paths';
import { api } from '../../../lib/api-client';
import { currentSubscription, subscribeThisBrowser } from '../push-client';

export const SETTINGS_FAILED_MESSAGE = 'Could not load your notification settings.';
export const SAVE_FAILED_MESSAGE = 'Could not save your notification settings. Please try again.';
export const SUBSCRIBE_FAILED_MESSAGE = 'Could not turn on notifications. Please try again.';

export function getPushSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['push-settings'],
    queryFn: ({ signal }) => api.get<PushSettingsResponse>(PUSH_SETTINGS_PATH, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePushSettings(enabled = true) {
  return useQuery({ ...getPushSettingsQueryOptions(), enabled });
}

/** Turns kinds on or off; the answer is the member's settings as saved. */
export function useUpdatePushKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: Partial<PushKindSwitches>) =>
      api.post<PushSettingsResponse>(PUSH_SETTINGS_PATH, { kinds }, SAVE_FAILED_MESSAGE),
    onSuccess: (data) => queryClient.setQueryData(getPushSettingsQueryOptions().queryKey, data),
  });
}

/** The member pressed "Allow notifications": the browser's permission, then this browser's subscription. */
export function useEnableNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const json = await subscribeThisBrowser(publicKey);
      const body: PushSubscribeRequest = {
        endpoint: json.endpoint ?? '',
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      };
      return api.post<{ success: true; subscriptions: number }>(
        PUSH_SUBSCRIBE_PATH,
        body,
        SUBSCRIBE_FAILED_MESSAGE,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPushSettingsQueryOptions().queryKey }),
  });
}

/** Stops notifications on this browser: the server forgets it, the browser drops its subscription. */
export function useDisableNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const sub = await currentSubscription();
      if (!sub) return;
      await api.post(PUSH_UNSUBSCRIBE_PATH, { endpoint: sub.endpoint }, SAVE_FAILED_MESSAGE);
      await sub.unsubscribe();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPushSettingsQueryOptions().queryKey }),
  });
}
