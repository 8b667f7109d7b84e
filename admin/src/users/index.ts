import UserIcon from '@mui/icons-material/People';
import type { AdminUserRow } from '../../../shared/contract/admin/users';
import { UserList } from './user-list';
import { UserShow } from './user-show';

export default {
  list: UserList,
  show: UserShow,
  icon: UserIcon,
  recordRepresentation: (u: AdminUserRow) => `${u.first_name} ${u.last_name}`.trim() || u.email,
};
