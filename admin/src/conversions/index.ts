import ConversionIcon from '@mui/icons-material/TaskAlt';
import type { AdminConversionRow } from '../../../shared/api-types';
import { ConversionList } from './conversion-list';

export default {
  list: ConversionList,
  icon: ConversionIcon,
  recordRepresentation: (c: AdminConversionRow) => `#${c.completion_id} ${c.title ?? 'Untitled Offer'}`,
};
