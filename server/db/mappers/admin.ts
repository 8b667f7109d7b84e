// Shapes the admin lists share: a page's pagination block and the member columns a row starts with.
import type { Pagination } from '../../../shared/contract/common';
import type { PageInput } from '../admin/list-sql';
import { iso, num, str } from '../row-mappers';

export function pagination(p: PageInput, total: number, estimated = false): Pagination {
  return {
    page: p.page,
    limit: p.limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / p.limit)),
    ...(estimated ? { estimated: true } : {}),
  };
}

/** A page whose total is the filtered count (countRows) when there is one, else the unfiltered total. */
export function paginationOf(
  p: PageInput,
  count: { total: number; estimated: boolean } | null,
  unfilteredTotal: number,
): Pagination {
  return pagination(p, count ? count.total : unfilteredTotal, count?.estimated ?? false);
}

/** The member columns the users list and the dashboard's recent users both start with. */
export function memberOf(r: Record<string, unknown>) {
  return {
    user_id: num(r.id),
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    email: str(r.email),
    registration_date: iso(r.registration_date),
    registration_method: str(r.registration_method),
  };
}
