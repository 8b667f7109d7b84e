// Partner networks (docs/networks.md): one row per network, its configuration in `config` and the
// columns. A StoredNetwork is the whole configuration the verifier reads, secrets included: it never
// leaves the server (admin answers are built by the admin mapper, with secret_hint only).
import { sql } from 'drizzle-orm';
import type { NetworkConfig } from '../../shared/networks/config';
import { execute, query, type Queryable } from '../db/client';

export interface StoredNetwork {
  id: number;
  config: NetworkConfig;
  createdAt: Date;
  updatedAt: Date;
}

/** A networks row under the names of StoredNetwork's config (timestamps as the driver returns them). */
export interface NetworkRow {
  id: number;
  slug: string;
  name: string;
  preset: NetworkConfig['preset'];
  isActive: boolean;
  config: Omit<
    NetworkConfig,
    | 'name'
    | 'slug'
    | 'isActive'
    | 'preset'
    | 'secret'
    | 'previousSecret'
    | 'previousSecretValidUntil'
    | 'macros'
  > & { macros: StoredMacros };
  secret: string;
  previousSecret: string | null;
  previousSecretValidUntil: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/**
 * The macros as [parameter, macro] pairs: their order is the postback URL's, and a jsonb object does
 * not keep its keys' order (an object is still read, from a row stored before the pairs).
 */
type StoredMacros = [string, string][] | Record<string, string>;

const macrosOf = (m: StoredMacros): Record<string, string> => (Array.isArray(m) ? Object.fromEntries(m) : m);

const columns = sql`id, slug, name, preset, is_active as "isActive", config, secret,
  previous_secret as "previousSecret", previous_secret_valid_until as "previousSecretValidUntil",
  created_at as "createdAt", updated_at as "updatedAt"`;

/** A row as the verifier reads it: the stored config with the columns put back in. */
export function toStoredNetwork(r: NetworkRow): StoredNetwork {
  return {
    id: r.id,
    config: {
      ...r.config,
      macros: macrosOf(r.config.macros),
      name: r.name,
      slug: r.slug,
      isActive: r.isActive,
      preset: r.preset,
      secret: r.secret,
      previousSecret: r.previousSecret,
      previousSecretValidUntil: r.previousSecretValidUntil
        ? new Date(r.previousSecretValidUntil).toISOString()
        : null,
    },
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  };
}

/** What the config column stores: the configuration without the fields that are columns. */
export function storedConfig(c: NetworkConfig): NetworkRow['config'] {
  const {
    name: _name,
    slug: _slug,
    isActive: _isActive,
    preset: _preset,
    secret: _secret,
    previousSecret: _previousSecret,
    previousSecretValidUntil: _until,
    ...rest
  } = c;
  return { ...rest, macros: Object.entries(c.macros) };
}

export async function findNetworkBySlug(db: Queryable, slug: string): Promise<StoredNetwork | undefined> {
  const [row] = await query<NetworkRow>(db, sql`select ${columns} from networks where slug = ${slug}`);
  return row && toStoredNetwork(row);
}

export async function findNetworkById(db: Queryable, id: number): Promise<StoredNetwork | undefined> {
  const [row] = await query<NetworkRow>(db, sql`select ${columns} from networks where id = ${id}`);
  return row && toStoredNetwork(row);
}

/** Stores a validated configuration; the new network's id (the slug's unique index refuses a taken slug). */
export async function insertNetwork(db: Queryable, c: NetworkConfig): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    sql`insert into networks (slug, name, preset, is_active, config, secret, previous_secret,
                              previous_secret_valid_until)
        values (${c.slug}, ${c.name}, ${c.preset}, ${c.isActive}, ${JSON.stringify(storedConfig(c))}::jsonb,
                ${c.secret}, ${c.previousSecret}, ${c.previousSecretValidUntil})
        returning id`,
  );
  return row!.id;
}

/** The network's row, locked for an edit (the transaction's other statements see it unchanged). */
export async function lockNetworkById(db: Queryable, id: number): Promise<StoredNetwork | undefined> {
  const [row] = await query<NetworkRow>(db, sql`select ${columns} from networks where id = ${id} for update`);
  return row && toStoredNetwork(row);
}

/** Stores an edited, validated configuration (the slug never changes: it is left as it is). */
export async function updateNetwork(db: Queryable, id: number, c: NetworkConfig): Promise<void> {
  await execute(
    db,
    sql`update networks
           set name = ${c.name}, preset = ${c.preset}, is_active = ${c.isActive},
               config = ${JSON.stringify(storedConfig(c))}::jsonb, secret = ${c.secret},
               previous_secret = ${c.previousSecret},
               previous_secret_valid_until = ${c.previousSecretValidUntil}, updated_at = now()
         where id = ${id}`,
  );
}
