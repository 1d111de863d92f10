import { sql } from "kysely";

/**
 * A UUIDv7 made by Postgres, for rows the SQL layer inserts (Postgres 15 has no uuidv7()): the same kind of
 * id Prisma's `@default(uuid(7))` makes, so those rows keep the table's time-ordered ids.
 */
export const newId = sql<string>`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing
  substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
