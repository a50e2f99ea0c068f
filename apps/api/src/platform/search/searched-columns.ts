import { sql } from 'drizzle-orm';
import { licenceKeys, properties, users } from '../../db/schema/index.js';
import type { SearchedColumn } from './contains-search.js';

// The trigram-indexed columns the lists search (migrations 0013, 0018, 0020, 0029), each with where ANALYZE
// keeps its sample: the table's column, or for an expression index the index and `expr`.

export const LICENCE_KEY_KEY: SearchedColumn = {
  sql: licenceKeys.key,
  sample: { table: 'licence_keys', column: 'key' },
};
export const LICENCE_KEY_NAME: SearchedColumn = {
  sql: licenceKeys.name,
  sample: { table: 'licence_keys', column: 'name' },
};
/** The licensee's name and email (decision 032, migration 0029). */
export const LICENCE_KEY_CUSTOMER_NAME: SearchedColumn = {
  sql: licenceKeys.customerName,
  sample: { table: 'licence_keys', column: 'customer_name' },
};
export const LICENCE_KEY_CUSTOMER_EMAIL: SearchedColumn = {
  sql: licenceKeys.customerEmail,
  sample: { table: 'licence_keys', column: 'customer_email' },
};
export const USER_EMAIL: SearchedColumn = { sql: users.email, sample: { table: 'users', column: 'email' } };
/** `first last`: the expression users_full_name_trgm_idx indexes, written the same way. */
export const USER_FULL_NAME: SearchedColumn = {
  sql: sql`(${users.firstName} || ' ' || ${users.lastName})`,
  sample: { table: 'users_full_name_trgm_idx', column: 'expr' },
};
export const PROPERTY_ADDRESS: SearchedColumn = {
  sql: properties.address,
  sample: { table: 'real_estate_properties', column: 'address' },
};
