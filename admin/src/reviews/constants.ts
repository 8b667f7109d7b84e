// The review queue's lists: plain values from shared/trust.ts, the same the contract's schemas are built
// from (the console imports only types from the contract).
export {
  DENY_CATEGORIES,
  HOLD_STATUSES,
  REVIEW_BULK_MAX,
  RISK_LEVELS,
  type RiskReason,
} from '../../../shared/trust';
