// What a piece of work an admin asks for needs of the Content Manager's permissions, and what a role's
// field lists allow of it.
export type ContentAction = 'read' | 'create' | 'update' | 'publish';

/** One thing the work will do: an action on a locale, on an existing version when there is one. */
export interface AccessNeed {
  readonly action: ContentAction;
  readonly locale: string;
  /** The version acted on (for conditions such as "is creator"); the locale alone when it does not exist yet. */
  readonly version?: Record<string, unknown> | null;
}

export interface Refusal {
  readonly action: ContentAction;
  readonly locale: string;
  /** One sentence for the editor, naming the type and the locale. */
  readonly message: string;
}

/** Fields a role's field lists allow for every need of a piece of work, and those they withhold. */
export interface FieldAccess {
  readonly allowed: string[];
  readonly withheld: string[];
}

/** A top-level field and, for a component, the paths of its inner fields as role field lists name them. */
export interface FieldPaths {
  readonly name: string;
  readonly inner: readonly string[];
}
