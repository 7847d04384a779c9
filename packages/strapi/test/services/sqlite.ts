// A real SQLite database for the unit tests and the memory bench, where the plugin speaks SQL
// itself (the translation memory): knex over better-sqlite3 as the Strapi test app installs them
// (the workspace depends on neither; `pnpm test` installs the app before the unit tests), and the
// memory table created from its schema.json as Strapi 5 creates it: snake_case columns, a string
// as varchar(255), Strapi's documentId and timestamps beside the attributes, no index of its own.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { installDependencies } from '@circassian/test-support/hosts/strapi/install.js';
import schema from '../../server/src/content-types/memory-unit/schema.json';
import type { KnexLike } from '../../server/src/strapi';

export interface SqlDatabase extends KnexLike {
  destroy(): Promise<void>;
}

/** A database in memory, or in `filename`. */
export async function sqliteDatabase(filename = ':memory:'): Promise<SqlDatabase> {
  const load = createRequire(join(await installDependencies(), 'package.json'));
  const knex = load('knex') as (config: object) => SqlDatabase;
  return knex({ client: 'better-sqlite3', connection: { filename }, useNullAsDefault: true });
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const SQL_TYPES: Record<string, string> = { string: 'varchar(255)', text: 'text', integer: 'integer', boolean: 'boolean' };
const STRAPI_COLUMNS = { documentId: 'varchar(255)', createdAt: 'datetime', updatedAt: 'datetime', publishedAt: 'datetime' };

/** Strapi's metadata of the memory table: its name and each attribute's column. */
export const MEMORY_METADATA = {
  tableName: schema.collectionName,
  attributes: Object.fromEntries(
    ['id', ...Object.keys(schema.attributes), ...Object.keys(STRAPI_COLUMNS)].map((name) => [name, { columnName: snake(name) }]),
  ),
};

/** The memory table as Strapi's schema sync makes it (the plugin's bootstrap adds its index). */
export async function createMemoryTable(database: KnexLike): Promise<void> {
  const columns = [
    'id integer PRIMARY KEY AUTOINCREMENT',
    ...Object.entries(schema.attributes).map(([name, attribute]) => `${snake(name)} ${SQL_TYPES[attribute.type] ?? 'text'}`),
    ...Object.entries(STRAPI_COLUMNS).map(([name, type]) => `${snake(name)} ${type}`),
  ];
  await database.raw(`CREATE TABLE ${MEMORY_METADATA.tableName} (${columns.join(', ')})`);
}
