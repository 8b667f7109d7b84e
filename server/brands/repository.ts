// Voucher brands' redeem settings (migration 0031). Parameterised `sql` templates only.
import { sql } from 'drizzle-orm';
import { execute, query, type Queryable } from '../db/client';

export interface MemberBrandRow {
  brand: string;
  redeem_url: string | null;
  redeem_steps: string | null;
}

export interface AdminBrandRow extends MemberBrandRow {
  voucher_count: number | string;
  updated_at: Date | string | null;
}

/** The brands with a redeem link or steps, by name. */
export function listMemberBrands(db: Queryable): Promise<MemberBrandRow[]> {
  return query<MemberBrandRow>(
    db,
    sql`select brand, redeem_url, redeem_steps from brand_settings
         where redeem_url is not null or redeem_steps is not null
         order by lower(brand)`,
  );
}

/**
 * Every brand the vouchers name (spelled as the first voucher of the brand does) and every brand with
 * settings, with its voucher count, by name.
 */
export function listAdminBrands(db: Queryable): Promise<AdminBrandRow[]> {
  return query<AdminBrandRow>(
    db,
    sql`with v as (
          select lower(voucher_brand) as k, min(voucher_brand) as brand, count(*) as n
            from vouchers group by lower(voucher_brand))
        select coalesce(s.brand, v.brand) as brand, s.redeem_url, s.redeem_steps,
               coalesce(v.n, 0) as voucher_count, s.updated_at
          from v full join brand_settings s on lower(s.brand) = v.k
         order by lower(coalesce(s.brand, v.brand))
         limit 1000`,
  );
}

export function findBrandSettings(db: Queryable, brand: string): Promise<AdminBrandRow[]> {
  return query<AdminBrandRow>(
    db,
    sql`select s.brand, s.redeem_url, s.redeem_steps, s.updated_at,
               (select count(*) from vouchers v where lower(v.voucher_brand) = lower(s.brand)) as voucher_count
          from brand_settings s where lower(s.brand) = lower(${brand})`,
  );
}

/** Writes the brand's settings (one row per brand, whatever the case it is typed in). */
export async function upsertBrandSettings(
  db: Queryable,
  s: { brand: string; redeemUrl: string | null; redeemSteps: string | null; by: string },
): Promise<void> {
  await execute(
    db,
    sql`insert into brand_settings (brand, redeem_url, redeem_steps, updated_at, updated_by)
        values (${s.brand}, ${s.redeemUrl}, ${s.redeemSteps}, now(), ${s.by})
        on conflict (lower(brand)) do update
           set redeem_url = excluded.redeem_url, redeem_steps = excluded.redeem_steps,
               updated_at = now(), updated_by = excluded.updated_by`,
  );
}
