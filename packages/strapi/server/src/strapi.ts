// The slice of Strapi's server API this plugin uses, typed narrowly so the plugin builds without
// the whole of @strapi/strapi installed (it runs inside the app, which provides it).
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

export interface Attribute {
  type: string;
  component?: string;
  components?: string[];
  repeatable?: boolean;
  target?: string;
  relation?: string;
  /** The owning side's field of an inverse relation: another entry's save changes this side. */
  mappedBy?: string;
  inversedBy?: string;
  targetField?: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  regex?: string;
  multiple?: boolean;
  pluginOptions?: { i18n?: { localized?: boolean }; circassian?: { translate?: string } };
}

export interface Schema {
  uid: string;
  kind?: string;
  attributes: Record<string, Attribute>;
  info?: { displayName?: string; singularName?: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean }; circassian?: unknown };
}

export type DocumentData = Record<string, unknown>;

export interface DocumentsApi {
  findOne(params: Record<string, unknown>): Promise<DocumentData | null>;
  findMany(params: Record<string, unknown>): Promise<DocumentData[]>;
  findFirst(params: Record<string, unknown>): Promise<DocumentData | null>;
  create(params: Record<string, unknown>): Promise<DocumentData>;
  update(params: Record<string, unknown>): Promise<DocumentData | null>;
  publish(params: Record<string, unknown>): Promise<unknown>;
  count(params: Record<string, unknown>): Promise<number>;
}

export interface DocumentMiddlewareContext {
  uid: string;
  action: string;
  params: Record<string, unknown> & { locale?: string; documentId?: string };
  contentType: Schema;
}

export interface QueryApi {
  findOne(params: Record<string, unknown>): Promise<Record<string, unknown> | null>;
  findMany(params: Record<string, unknown>): Promise<Record<string, unknown>[]>;
  create(params: Record<string, unknown>): Promise<Record<string, unknown>>;
  createMany(params: { data: Record<string, unknown>[] }): Promise<{ count: number }>;
  update(params: Record<string, unknown>): Promise<Record<string, unknown> | null>;
  updateMany(params: Record<string, unknown>): Promise<{ count: number }>;
  deleteMany(params: Record<string, unknown>): Promise<{ count: number }>;
  count(params: Record<string, unknown>): Promise<number>;
}

export interface Strapi {
  log: Logger;
  config: { get(path: string, fallback?: unknown): unknown };
  contentTypes: Record<string, Schema>;
  components: Record<string, Schema>;
  getModel(uid: string): Schema | undefined;
  documents: ((uid: string) => DocumentsApi) & {
    use(middleware: (context: DocumentMiddlewareContext, next: () => Promise<unknown>) => Promise<unknown>): unknown;
  };
  db: {
    query(uid: string): QueryApi;
    metadata: { get(uid: string): { tableName: string; attributes: Record<string, { columnName?: string }> } };
    connection: KnexLike;
    dialect: { client: string };
    /**
     * Strapi's transaction: joins the one under way (the Content Manager runs a publish in one), or
     * opens one; `onCommit` callbacks run once the outermost commits.
     */
    transaction<T>(work: (scope: { onCommit(callback: () => unknown): void }) => Promise<T>): Promise<T>;
  };
  plugin(name: string): { service(name: string): unknown; config(path: string, fallback?: unknown): unknown };
  service(uid: string): unknown;
  admin?: { services: { permission: { actionProvider: { registerMany(actions: unknown[]): Promise<void> } } } };
  /** The request a call belongs to (Strapi keeps it in async local storage); undefined outside requests. */
  requestContext?: {
    get():
      { state?: { userAbility?: unknown; user?: unknown; auth?: { strategy?: { name?: string }; credentials?: unknown } } } | undefined;
  };
  store(params: { type: string; name: string }): {
    get(p: { key: string }): Promise<unknown>;
    set(p: { key: string; value: unknown }): Promise<void>;
  };
}

/** The knex features the queue's claim query needs. */
export interface KnexLike {
  raw(sql: string, bindings?: unknown[]): Promise<unknown>;
  transaction<T>(work: (trx: KnexLike) => Promise<T>): Promise<T>;
}

export const PLUGIN_ID = 'circassian';
