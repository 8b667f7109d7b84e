import PostbackIcon from '@mui/icons-material/ReceiptLong';
import type { AdminPostbackRow } from '../../../shared/contract/admin/postbacks';
import { PostbackList } from './postback-list';

export default {
  list: PostbackList,
  icon: PostbackIcon,
  recordRepresentation: (p: AdminPostbackRow) => `#${p.postback_id} ${p.network}`,
};
