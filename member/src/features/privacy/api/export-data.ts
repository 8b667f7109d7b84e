import { useMutation } from '@tanstack/react-query';
import type { PrivacyExportResponse } from '../../../../../shared/contract/privacy';
import { api } from '../../../lib/api-client';

export const EXPORT_FAILED_MESSAGE = 'Could not prepare your data. Please try again.';

/** The file name the download is saved as (the server names the same file for a direct GET). */
export const exportFileName = (userId: number, at: string) =>
  `spinrewards-my-data-${userId}-${at.slice(0, 10)}.json`;

/** GET /api/privacy-export.php, saved as a JSON file through a temporary link. */
export async function downloadMyData(): Promise<{ fileName: string }> {
  const data = await api.get<PrivacyExportResponse>('/privacy-export.php');
  if (!data?.success) throw new Error(EXPORT_FAILED_MESSAGE);
  const fileName = exportFileName(data.member.user_id, data.exported_at);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return { fileName };
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
