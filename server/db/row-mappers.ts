// Mappers from raw SQL row values to the API's shapes, whichever driver (PGlite or node-postgres) read them.
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const bool = (v: unknown): boolean => v === true || v === 't' || v === 'true';
export const iso = (v: unknown): string =>
  v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
