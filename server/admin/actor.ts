// The administrator a change is audited under: the signed-in admin (app.requireAdmin ran first) and
// the address the call came from.
import type { Actor } from './audit/service';

export function actorOf(request: { admin: { adminId: number; username: string } | null; ip: string }): Actor {
  return { adminId: request.admin!.adminId, username: request.admin!.username, ip: request.ip };
}
