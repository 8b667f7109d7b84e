// Voucher brands' redeem settings (issue 35, item 7): the console saves a brand's redeem link and steps
// (audited); members read the brands that have some (their wallet's Redeem action and steps).
import type { Db, Queryable } from '../db/client';
import { insertAuditEntry } from '../admin/audit/write-repository';
import type { Actor } from '../admin/audit/service';
import type { AdminBrand, MemberBrand } from '../../shared/contract/brands';
import {
  findBrandSettings,
  listAdminBrands,
  listMemberBrands,
  upsertBrandSettings,
  type AdminBrandRow,
} from './repository';

const toAdminBrand = (r: AdminBrandRow): AdminBrand => ({
  brand: r.brand,
  redeem_url: r.redeem_url,
  redeem_steps: r.redeem_steps,
  voucher_count: Number(r.voucher_count),
  updated_at: r.updated_at === null ? null : new Date(r.updated_at).toISOString(),
});

export async function memberBrands(db: Queryable): Promise<MemberBrand[]> {
  return (await listMemberBrands(db)).map((r) => ({
    brand: r.brand,
    redeem_url: r.redeem_url,
    redeem_steps: r.redeem_steps,
  }));
}

export async function adminBrands(db: Queryable): Promise<AdminBrand[]> {
  return (await listAdminBrands(db)).map(toAdminBrand);
}

/** Empty text is no value. */
const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

export async function saveBrand(
  db: Db,
  actor: Actor,
  input: { brand: string; redeem_url: string | null; redeem_steps: string | null },
): Promise<AdminBrand> {
  return db.transaction(async (tx) => {
    const brand = input.brand.trim();
    const [before] = await findBrandSettings(tx, brand);
    const after = { redeem_url: orNull(input.redeem_url), redeem_steps: orNull(input.redeem_steps) };
    // A brand already saved keeps the spelling it was first saved with.
    const name = before?.brand ?? brand;
    await upsertBrandSettings(tx, {
      brand: name,
      redeemUrl: after.redeem_url,
      redeemSteps: after.redeem_steps,
      by: actor.username,
    });
    await insertAuditEntry(tx, {
      adminId: actor.adminId,
      adminUsername: actor.username,
      action: 'brand.edit',
      targetType: 'brand',
      targetId: name,
      before: before ? { redeem_url: before.redeem_url, redeem_steps: before.redeem_steps } : null,
      after,
      ip: actor.ip ?? null,
    });
    const [saved] = await findBrandSettings(tx, name);
    return toAdminBrand(saved!);
  });
}
