import ConversionIcon from '@mui/icons-material/TaskAlt';
import type { AdminConversionRow } from '../../../shared/contract/admin/conversions';
import { ConversionList } from './conversion-list';

export default {
  list: ConversionList,
  icon: ConversionIcon,
  recordRepresentation: (c: AdminConversionRow) => `#${c.completion_id} ${c.title ?? 'Untitled Offer'}`,
};
