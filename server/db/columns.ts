// Row types and column lists from the table definitions (server/db/schema.ts) for the repositories'
// raw SQL: a record is one object mapping each of its fields to its column, which gives both the
// statement's column list and the type of the rows it returns.
import { sql, type Column, type InferColumnsDataTypes, type SQL, type Table } from 'drizzle-orm';

/** A record's fields and the column each one is read from and written to. */
export type Columns = Record<string, Column>;

/**
 * A column's value as raw SQL (`query`, `run`) returns it: both drivers return numeric as text (the
 * table's `mode: 'number'` applies to Drizzle's own queries only).
 */
type SqlData<C extends Column> =
  | (C['_']['columnType'] extends 'PgNumeric' | 'PgNumericNumber' ? string : C['_']['data'])
  | (C['_']['notNull'] extends true ? never : null);

/** A record as the repository returns it: each field as its column's type says. */
export type RecordOf<M extends Columns> = InferColumnsDataTypes<M>;

/** A record as `selectList(columns)` reads it in raw SQL, before its numeric fields are numbers. */
export type SqlRecordOf<M extends Columns> = { [K in keyof M]: SqlData<M[K]> };

/** camelCase → snake_case: `offerUrl` → `offer_url`. */
type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;

/**
 * A column's name: its literal where the type keeps it, else its key in snake_case (a column made by a
 * helper such as schema.ts's `money(name: string)` has the type `string` for its name).
 */
type ColumnName<K extends string, C extends Column> = string extends C['_']['name']
  ? SnakeCase<K>
  : C['_']['name'];

/** A table's row as raw SQL returns it (`select t.*`), by column name. */
export type SqlRowOf<T extends Table> = {
  [K in keyof T['_']['columns'] & string as ColumnName<K, T['_']['columns'][K]>]: SqlData<
    T['_']['columns'][K]
  >;
};

/** `"column" as "field", …`: a record's select (or returning) list. */
export function selectList(columns: Columns): SQL {
  return sql.join(
    Object.entries(columns).map(([field, c]) => sql`${sql.identifier(c.name)} as ${sql.identifier(field)}`),
    sql`, `,
  );
}

/** A value for its column: a jsonb column's as its JSON text cast to jsonb, any other as a parameter. */
function valueFor(column: Column, value: unknown): SQL {
  return column.getSQLType() === 'jsonb' ? sql`${JSON.stringify(value)}::jsonb` : sql`${value}`;
}

/** `("column", …) values (value, …)`: an insert of one record (only the fields `columns` names). */
export function insertValues<M extends Columns>(columns: M, record: RecordOf<M>): SQL {
  const fields = Object.keys(columns) as (keyof M & string)[];
  return sql`(${sql.join(
    fields.map((f) => sql.identifier(columns[f]!.name)),
    sql`, `,
  )}) values (${sql.join(
    fields.map((f) => valueFor(columns[f]!, record[f])),
    sql`, `,
  )})`;
}

/** `"column" = value, …`: an update's set list (only the fields `columns` names). */
export function setList<M extends Columns>(columns: M, record: RecordOf<M>): SQL {
  const fields = Object.keys(columns) as (keyof M & string)[];
  return sql.join(
    fields.map((f) => sql`${sql.identifier(columns[f]!.name)} = ${valueFor(columns[f]!, record[f])}`),
    sql`, `,
  );
}
