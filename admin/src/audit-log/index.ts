import HistoryIcon from '@mui/icons-material/History';
import type { AuditLogRow } from '../../../shared/contract/admin/audit-log';
import { AuditLogList } from './audit-log-list';

export default {
  list: AuditLogList,
  icon: HistoryIcon,
  recordRepresentation: (e: AuditLogRow) => `${e.action} ${e.target_type} #${e.target_id}`,
};
