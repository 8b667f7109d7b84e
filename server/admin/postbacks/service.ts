// GET|POST /api/admin/postbacks.php: the postback log (a read, its query in
// server/admin/postbacks/repository.ts) and Replay of a refused attempt, audited.
import type { Db } from '../../db/client';
import * as list from './repository';
import { pagination } from '../mapper';
import { toPostbackRow } from './mapper';
import { conflict, notFound } from '../../lib/errors';
import { replayAttempt } from '../../postbacks/service';
import type { AdminPostbacksResponse } from '../../../shared/contract/admin/postbacks';
import { writeAudit, type Actor } from '../audit/service';

export async function listPostbacks(
  db: Db,
  input: list.PostbackListInput,
): Promise<Omit<AdminPostbacksResponse, 'success'>> {
  const r = await list.listPostbacks(db, input);
  return { postbacks: r.rows.map(toPostbackRow), pagination: pagination(input, r.total, r.estimated) };
}

/**
 * Re-runs a refused attempt through its network's current configuration (replayAttempt); the answer
 * the receiver would have given. Audited with both attempts' ids and outcomes.
 */
export async function replayPostback(
  db: Db,
  actor: Actor,
  deps: { publicUrl: string; now?: Date },
  postbackId: number,
): Promise<{ outcome: string; httpStatus: number; detail: string }> {
  const before = await list.findPostback(db, postbackId);
  const result = await replayAttempt(db, deps, postbackId);
  if (result.kind === 'not_found') throw notFound('Postback attempt not found');
  if (result.kind === 'not_replayable') throw conflict(`This attempt cannot be replayed: ${result.why}`);
  await writeAudit(db, actor, {
    action: 'postback.replay',
    targetType: 'postback',
    targetId: postbackId,
    before: { outcome: before?.outcome ?? null, http_status: before?.http_status ?? null },
    after: {
      outcome: result.outcome,
      http_status: result.httpStatus,
      detail: result.detail,
      replay_postback_id: result.newPostbackId,
    },
  });
  return { outcome: result.outcome, httpStatus: result.httpStatus, detail: result.detail };
}
