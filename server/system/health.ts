// Readiness: whether the database answers (the health route's check).
export { databaseReachable } from '../db/client';
