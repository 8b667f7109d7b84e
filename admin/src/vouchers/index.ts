import VoucherIcon from '@mui/icons-material/CardGiftcard';
import type { AdminVoucherRow } from '../../../shared/contract/admin/vouchers';
import { VoucherList } from './voucher-list';

export default {
  list: VoucherList,
  icon: VoucherIcon,
  recordRepresentation: (v: AdminVoucherRow) => v.voucher_code,
};
