import NetworkIcon from '@mui/icons-material/Hub';
import type { AdminNetworkRow } from '../../../shared/contract/admin/networks';
import { NetworkList } from './network-list';
import { NetworkCreate, NetworkEdit } from './network-pages';
import { NetworkShow } from './network-show';

export default {
  show: NetworkShow,
  list: NetworkList,
  create: NetworkCreate,
  edit: NetworkEdit,
  icon: NetworkIcon,
  recordRepresentation: (n: AdminNetworkRow) => n.name,
};
