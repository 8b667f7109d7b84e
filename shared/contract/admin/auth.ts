// POST /api/admin/login.php and /api/admin/logout.php (docs/product-rules.md#sessions).
import { z } from 'zod';
import { ADMIN_API_BASE, ADMIN_LOGIN_PATH, ADMIN_LOGOUT_PATH } from '../paths';
import { endpoint, okResponses, type ResponseOf } from '../common';

const adminRecord = z.object({ id: z.number(), username: z.string(), email: z.string().nullable() });
export type AdminRecord = z.infer<typeof adminRecord>;

export const login = endpoint('POST', `${ADMIN_API_BASE}${ADMIN_LOGIN_PATH}`, {
  // Presence is checked by the service, so that the answer is one sentence ('Username and password
  // are required'), not a schema error.
  body: z.object({
    username: z.string().max(200, 'username is too long').nullish(),
    password: z.string().max(1000, 'password is too long').nullish(),
  }),
  response: okResponses({ admin: adminRecord }),
});
export type AdminLoginResponse = ResponseOf<typeof login>;

export const logout = endpoint('POST', `${ADMIN_API_BASE}${ADMIN_LOGOUT_PATH}`, {
  response: okResponses({}),
});
