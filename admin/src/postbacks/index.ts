import PostbackIcon from '@mui/icons-material/ReceiptLong';
import type { AdminPostbackRow } from '../../../shared/contract/admin/postbacks';
import { PostbackList } from './postback-list';
import { PostbackShow } from './postback-show';

export default {
  show: PostbackShow,
  list: PostbackList,
  icon: PostbackIcon,
  recordRepresentation: (p: AdminPostbackRow) => `#${p.postback_id} ${p.network}`,
};
