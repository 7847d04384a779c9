// A small in-memory Strapi: the parts of `strapi` the plugin's services use (db.query with the
// where operators they write, the queue's two claim statements, the Document Service, the plugin
// store, the upload and i18n services, the log), as Strapi's own plugins test their services
// against a fake `strapi` object. The translation memory, which speaks SQL of its own, gets a real
// SQLite database (sqlite.ts), its table prepared by the plugin's bootstrap step. The plugin's real services are registered on it, so a service
// under test calls its real neighbours; the client talks to a real local service over HTTP.
import { readFile } from 'node:fs/promises';
import services from '../../server/src/services';
import { JOB_UID, MEMORY_UID, UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../../server/src/constants';
import { prepareMemoryTable } from '../../server/src/utils/memory-table-setup';
import type { PluginConfig } from '../../server/src/config/schema';
import type { DocumentData, KnexLike, QueryApi, Schema, Strapi } from '../../server/src/strapi';
import type { Services } from '../../server/src/types/services';
import { createMemoryTable, MEMORY_METADATA, sqliteDatabase, type SqlDatabase } from './sqlite';

type Row = Record<string, unknown>;
type Where = Record<string, unknown>;

const comparable = (value: unknown): unknown => (value instanceof Date ? value.getTime() : value);

/** Whether `value` satisfies one where clause: a value, null, a nested object, or an operator. */
function matchesValue(value: unknown, condition: unknown): boolean {
  if (condition === null) return value === null || value === undefined;
  if (condition instanceof Date || typeof condition !== 'object') return comparable(value) === comparable(condition);
  const ops = condition as Record<string, unknown>;
  const keys = Object.keys(ops);
  if (keys.some((key) => key.startsWith('$'))) {
    const v = comparable(value) as number;
    return keys.every((op) => {
      const arg = comparable(ops[op]) as number;
      switch (op) {
        case '$in':
          return (ops[op] as unknown[]).includes(value);
        case '$notIn':
          return !(ops[op] as unknown[]).includes(value);
        case '$ne':
          return value !== ops[op];
        case '$startsWith':
          return typeof value === 'string' && value.startsWith(String(ops[op]));
        case '$lt':
          return value != null && v < arg;
        case '$lte':
          return value != null && v <= arg;
        case '$gt':
          return value != null && v > arg;
        case '$gte':
          return value != null && v >= arg;
        case '$notNull':
          return (value != null) === ops[op];
        case '$null':
          return (value == null) === ops[op];
        default:
          throw new Error(`fake strapi: operator ${op} is not faked`);
      }
    });
  }
  return matches((value ?? {}) as Row, ops);
}

export function matches(row: Row, where: Where = {}): boolean {
  return Object.entries(where).every(([key, condition]) => {
    if (key === '$and') return (condition as Where[]).every((part) => matches(row, part));
    if (key === '$or') return (condition as Where[]).some((part) => matches(row, part));
    return matchesValue(row[key], condition);
  });
}

/** One table of the fake database. */
export class FakeTable implements QueryApi {
  readonly rows: Row[] = [];
  private nextId = 1;

  private select(rows: Row[], params: Record<string, unknown>): Row[] {
    const order = params.orderBy as Record<string, 'asc' | 'desc'> | undefined;
    let found = rows.filter((row) => matches(row, params.where as Where));
    if (order?.id === 'desc') found = [...found].reverse();
    if (typeof params.offset === 'number') found = found.slice(params.offset);
    if (typeof params.limit === 'number') found = found.slice(0, params.limit);
    return found.map((row) => ({ ...row }));
  }

  async findOne(params: Record<string, unknown>) {
    return this.select(this.rows, params)[0] ?? null;
  }
  async findMany(params: Record<string, unknown>) {
    return this.select(this.rows, params);
  }
  async count(params: Record<string, unknown>) {
    return this.rows.filter((row) => matches(row, params.where as Where)).length;
  }
  async create(params: Record<string, unknown>) {
    const now = new Date();
    const row = { id: this.nextId++, createdAt: now, updatedAt: now, ...(params.data as Row) };
    this.rows.push(row);
    return { ...row };
  }
  async createMany(params: { data: Row[] }) {
    for (const data of params.data) await this.create({ data });
    return { count: params.data.length };
  }
  async update(params: Record<string, unknown>) {
    const row = this.rows.find((candidate) => matches(candidate, params.where as Where));
    if (!row) return null;
    Object.assign(row, params.data as Row, { updatedAt: new Date() });
    return { ...row };
  }
  async updateMany(params: Record<string, unknown>) {
    const found = this.rows.filter((row) => matches(row, params.where as Where));
    for (const row of found) Object.assign(row, params.data as Row, { updatedAt: new Date() });
    return { count: found.length };
  }
  async deleteMany(params: Record<string, unknown>) {
    const gone = this.rows.filter((row) => matches(row, params.where as Where));
    for (const row of gone) this.rows.splice(this.rows.indexOf(row), 1);
    return { count: gone.length };
  }
}

/** Whether a job row is runnable at `now`, as the claim's SQL guard says. */
const runnable = (row: Row, now: number): boolean =>
  ['pending', 'running'].includes(row.status as string) &&
  (row.leaseUntil == null || (row.leaseUntil as number) < now) &&
  (row.notBefore == null || (row.notBefore as number) <= now);

/**
 * The queue's two raw statements on the jobs table (pick the ids, then mark them claimed), done
 * on the fake table with their bindings (any other statement on it is refused, so a new one is
 * noticed); statements on other tables go to `other` (the memory's SQLite).
 */
function rawOnJobs(jobs: FakeTable, other: (sql: string, bindings: unknown[]) => Promise<unknown>): KnexLike {
  const raw = async (sql: string, bindings: unknown[] = []): Promise<unknown> => {
    if (/^SELECT id FROM/.test(sql.trim())) {
      const [now, , , kind, contentType, locale, limit] = bindings as [number, number, number, string, string, string, number];
      // NOT EXISTS a running job of the same kind, entry and locale whose lease holds.
      const free = (row: Row) =>
        !jobs.rows.some(
          (busy) =>
            busy.id !== row.id &&
            busy.status === 'running' &&
            (busy.leaseUntil as number) >= now &&
            busy.kind === row.kind &&
            busy.entryDocumentId === row.entryDocumentId &&
            busy.locale === row.locale,
        );
      return jobs.rows
        .filter((row) => runnable(row, now) && free(row) && row.kind === kind && row.contentType === contentType && row.locale === locale)
        .slice(0, limit)
        .map((row) => ({ id: row.id }));
    }
    if (/^UPDATE/.test(sql.trim())) {
      const [token, lease, ...rest] = bindings as [string, number, ...number[]];
      const now = rest[rest.length - 1] as number;
      const ids = rest.slice(0, -2);
      for (const row of jobs.rows)
        if (ids.includes(row.id as number) && runnable(row, now))
          Object.assign(row, { status: 'running', claimedBy: token, leaseUntil: lease });
      return [];
    }
    throw new Error(`fake strapi: SQL not faked: ${sql}`);
  };
  const connection: KnexLike = {
    raw: (sql, bindings = []) => (/circassian_jobs/.test(sql) ? raw(sql, bindings) : other(sql, bindings)),
    transaction: (work) => work(connection),
  };
  return connection;
}

/** A file the fake upload plugin stored, with its bytes. */
export interface StoredFile {
  id: number;
  name: string;
  mime: string;
  bytes: Buffer;
}

export interface FakeStrapi extends Strapi {
  readonly tables: Map<string, FakeTable>;
  readonly logs: Array<{ level: string; message: string }>;
  readonly files: StoredFile[];
  /** The SQL sent to the memory's SQLite database, in order (the setup's included). */
  readonly sql: string[];
  /** A document's version as stored (draft unless asked). */
  version(uid: string, documentId: string, locale: string, status?: 'draft' | 'published'): DocumentData | undefined;
  /** Stores a version directly, as an editor's save would (no middleware runs). */
  put(uid: string, documentId: string, locale: string, data: DocumentData, status?: 'draft' | 'published'): void;
  /** Closes the memory's database if this fake opened it (a script must, to end; a test file's process ends anyway). */
  destroy(): Promise<void>;
  /** Deletes a locale version, draft and published, as the Content Manager's "Delete locale" does (no middleware runs). */
  deleteLocale(uid: string, documentId: string, locale: string): void;
  service<Name extends keyof Services>(name: Name): Services[Name];
}

export const ARTICLE_UID = 'api::article.article';

/** An Article as the test app has it: localized, draft and publish, a uid from its title, a media field for audio. */
export const ARTICLE: Schema = {
  uid: ARTICLE_UID,
  kind: 'collectionType',
  info: { displayName: 'Article', singularName: 'article' },
  options: { draftAndPublish: true },
  pluginOptions: { i18n: { localized: true } },
  attributes: {
    title: { type: 'string', pluginOptions: { i18n: { localized: true } } },
    body: { type: 'richtext', pluginOptions: { i18n: { localized: true } } },
    slug: { type: 'uid', targetField: 'title', pluginOptions: { i18n: { localized: true } } },
    views: { type: 'integer', pluginOptions: { i18n: { localized: true } } },
    audio: { type: 'media', multiple: false, pluginOptions: { i18n: { localized: true } } },
  },
};

/** A fake Strapi with the plugin's services registered, configured by `config` (the plugin's config/plugins.ts). */
export interface FakeOptions {
  /** The memory's database, its table made (shared by two fakes, it is two instances on one database); a new one by default. */
  memoryDatabase?: SqlDatabase;
}

export function fakeStrapi(config: Partial<PluginConfig>, schemas: Schema[] = [ARTICLE], options: FakeOptions = {}): FakeStrapi {
  const tables = new Map<string, FakeTable>();
  const table = (uid: string): FakeTable => {
    let found = tables.get(uid);
    if (!found) tables.set(uid, (found = new FakeTable()));
    return found;
  };
  const logs: FakeStrapi['logs'] = [];
  const files: StoredFile[] = [];
  const stores = new Map<string, unknown>();
  const documents = new Map<string, DocumentData>();
  const keyOf = (uid: string, documentId: string, locale: string, status: string) => `${uid}|${documentId}|${locale}|${status}`;
  const contentTypes = Object.fromEntries(schemas.map((schema) => [schema.uid, schema]));
  let nextDocumentId = 1;
  const sql: string[] = [];
  let memoryDatabase: Promise<SqlDatabase> | undefined;
  const sqlite = (): Promise<SqlDatabase> =>
    (memoryDatabase ??= (async () => {
      let database = options.memoryDatabase;
      if (!database) {
        database = await sqliteDatabase();
        await createMemoryTable(database);
      }
      await prepareMemoryTable({ ...fake, db: { ...fake.db, connection: database } });
      return database;
    })());
  const onSqlite = async (statement: string, bindings: unknown[]): Promise<unknown> => {
    const database = await sqlite();
    sql.push(statement);
    return database.raw(statement, bindings);
  };

  /** The version with only `fields` (and the relations `populate` names, as Strapi adds them), or whole. */
  const picked = (doc: DocumentData | undefined, fields: unknown, populate?: unknown): DocumentData | null => {
    if (!doc) return null;
    if (!Array.isArray(fields)) return structuredClone(doc);
    const populated = populate && typeof populate === 'object' ? Object.keys(populate) : [];
    return Object.fromEntries(
      ['id', 'documentId', 'locale', ...fields, ...populated]
        .filter((name) => name in doc)
        .map((name) => [name, structuredClone(doc[name])]),
    );
  };
  const versionsIn = (uid: string, locale: unknown, status: unknown) =>
    [...documents.entries()]
      .filter(([key]) => key.startsWith(`${uid}|`) && key.endsWith(`|${String(locale)}|${String(status ?? 'draft')}`))
      .map(([, doc]) => doc);
  // The upload plugin links media by id; a stored entry holds the file as Strapi populates it.
  const asStored = (uid: string, data: DocumentData): DocumentData =>
    Object.fromEntries(
      Object.entries(data).map(([name, value]) => [
        name,
        contentTypes[uid]?.attributes[name]?.type === 'media' && typeof value === 'number' ? { id: value } : value,
      ]),
    );

  const documentsApi = (uid: string) => ({
    async findOne(params: Record<string, unknown>) {
      const status = (params.status as string | undefined) ?? 'draft';
      return picked(
        documents.get(keyOf(uid, params.documentId as string, params.locale as string, status)),
        params.fields,
        params.populate,
      );
    },
    async findMany(params: Record<string, unknown>) {
      const found = versionsIn(uid, params.locale, params.status).filter((doc) => matches(doc, params.filters as Where));
      const start = Number(params.start ?? 0);
      const limit = typeof params.limit === 'number' ? params.limit : found.length;
      return found.slice(start, start + limit).map((doc) => picked(doc, params.fields) as DocumentData);
    },
    async findFirst(params: Record<string, unknown>) {
      const found = versionsIn(uid, params.locale, params.status).find((doc) => matches(doc, params.filters as Where));
      return picked(found, params.fields);
    },
    async count(params: Record<string, unknown>) {
      return versionsIn(uid, params.locale, params.status).length;
    },
    async create(params: Record<string, unknown>) {
      const documentId = `doc${nextDocumentId++}`;
      fake.put(uid, documentId, params.locale as string, params.data as DocumentData);
      return fake.version(uid, documentId, params.locale as string) as DocumentData;
    },
    async update(params: Record<string, unknown>) {
      const { documentId, locale } = params as { documentId: string; locale: string };
      const before = fake.version(uid, documentId, locale) ?? {};
      fake.put(uid, documentId, locale, { ...before, ...asStored(uid, params.data as DocumentData) });
      return fake.version(uid, documentId, locale) ?? null;
    },
    async publish(params: Record<string, unknown>) {
      const { documentId, locale } = params as { documentId: string; locale: string };
      const draft = fake.version(uid, documentId, locale);
      if (draft) fake.put(uid, documentId, locale, draft, 'published');
      return { documentId };
    },
  });

  const uploadService = {
    async upload({ data, files: file }: { data: Record<string, unknown>; files: Record<string, unknown> }) {
      const info = data.fileInfo as { name: string; folder: number };
      const row = await table(UPLOAD_FILE_UID).create({ data: { name: info.name, folder: { id: info.folder }, mime: file.mimetype } });
      files.push({ id: row.id as number, name: info.name, mime: file.mimetype as string, bytes: await readFile(file.filepath as string) });
      return [{ id: row.id as number }];
    },
    async replace(id: number, { data, file }: { data: Record<string, unknown>; file: Record<string, unknown> }) {
      const info = data.fileInfo as { name: string };
      await table(UPLOAD_FILE_UID).update({ where: { id }, data: { name: info.name, mime: file.mimetype } });
      const stored = files.find((candidate) => candidate.id === id);
      if (stored) Object.assign(stored, { name: info.name, mime: file.mimetype, bytes: await readFile(file.filepath as string) });
      return { id };
    },
  };
  const folderService = { create: (data: Row) => table(UPLOAD_FOLDER_UID).create({ data }) };

  const plugins: Record<string, Record<string, unknown>> = {
    i18n: {
      'content-types': { isLocalizedContentType: (schema: Schema) => schema.pluginOptions?.i18n?.localized === true },
      locales: { findByCode: async (code: string) => ({ name: `${code.toUpperCase()} language`, code }) },
    },
    upload: { upload: uploadService, folder: folderService },
  };
  const instances = new Map<string, unknown>();
  let openTransaction: { onCommit(callback: () => unknown): void } | undefined;

  const fake: FakeStrapi = {
    tables,
    logs,
    files,
    sql,
    log: {
      info: (message) => void logs.push({ level: 'info', message }),
      warn: (message) => void logs.push({ level: 'warn', message }),
      error: (message) => void logs.push({ level: 'error', message }),
      debug: () => {},
    },
    config: { get: (path: string, fallback?: unknown) => (path === 'plugin::circassian' ? config : fallback) },
    contentTypes,
    components: {},
    getModel: (uid: string) => contentTypes[uid],
    documents: Object.assign(documentsApi, { use: () => undefined }),
    db: {
      query: (uid: string) => table(uid),
      metadata: { get: (uid: string) => (uid === MEMORY_UID ? MEMORY_METADATA : { tableName: 'circassian_jobs', attributes: {} }) },
      connection: rawOnJobs(table(JOB_UID), onSqlite),
      dialect: { client: 'sqlite' },
      // A transaction as Strapi's: a nested one joins the outermost, whose commit callbacks run once
      // its work is done; a failure rolls back every table and document to where it began.
      async transaction(work) {
        if (openTransaction) return work(openTransaction);
        const commits: Array<() => unknown> = [];
        const scope = { onCommit: (callback: () => unknown) => void commits.push(callback) };
        const tablesBefore = new Map([...tables].map(([uid, fakeTable]) => [uid, structuredClone(fakeTable.rows)]));
        const documentsBefore = structuredClone(documents);
        openTransaction = scope;
        let result;
        try {
          result = await work(scope);
        } catch (error) {
          for (const [uid, fakeTable] of tables) fakeTable.rows.splice(0, fakeTable.rows.length, ...(tablesBefore.get(uid) ?? []));
          documents.clear();
          for (const [key, doc] of documentsBefore) documents.set(key, doc);
          throw error;
        } finally {
          openTransaction = undefined;
        }
        for (const callback of commits) callback();
        return result;
      },
    },
    plugin(name: string) {
      return {
        service(serviceName: string): unknown {
          if (name !== 'circassian') return plugins[name]?.[serviceName];
          if (!instances.has(serviceName)) {
            const factory = (services as Record<string, (input: { strapi: Strapi }) => unknown>)[serviceName];
            if (!factory) throw new Error(`fake strapi: no service ${serviceName}`);
            instances.set(serviceName, factory({ strapi: fake }));
          }
          return instances.get(serviceName);
        },
        config: () => undefined,
      };
    },
    service<Name extends keyof Services>(name: Name): Services[Name] {
      return fake.plugin('circassian').service(name) as Services[Name];
    },
    store: ({ type, name }) => ({
      get: async ({ key }) => structuredClone(stores.get(`${type}|${name}|${key}`) ?? null),
      set: async ({ key, value }) => void stores.set(`${type}|${name}|${key}`, structuredClone(value)),
    }),
    version: (uid, documentId, locale, status = 'draft') => {
      const doc = documents.get(keyOf(uid, documentId, locale, status));
      return doc ? structuredClone(doc) : undefined;
    },
    put: (uid, documentId, locale, data, status = 'draft') => {
      const before = documents.get(keyOf(uid, documentId, locale, status));
      documents.set(keyOf(uid, documentId, locale, status), {
        ...structuredClone(data),
        id: before?.id ?? documents.size + 1,
        documentId,
        locale,
      });
    },
    destroy: async () => {
      if (memoryDatabase && !options.memoryDatabase) await (await memoryDatabase).destroy();
    },
    deleteLocale: (uid, documentId, locale) => {
      for (const status of ['draft', 'published']) documents.delete(keyOf(uid, documentId, locale, status));
    },
  };
  return fake;
}
