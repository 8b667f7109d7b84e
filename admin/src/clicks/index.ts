import ClickIcon from '@mui/icons-material/AdsClick';
import type { AdminClickRow } from '../../../shared/contract/admin/clicks';
import { ClickList } from './click-list';
import { ClickShow } from './click-show';

export default {
  show: ClickShow,
  list: ClickList,
  icon: ClickIcon,
  recordRepresentation: (c: AdminClickRow) => c.click_id,
};
