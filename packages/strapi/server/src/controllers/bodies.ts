// The admin routes' request bodies, validated with Strapi's yup through `validateYupSchema`: a bad
// body is answered with Strapi's standard ValidationError (`{ data: null, error: { status: 400,
// name, message, details: { errors } } }`), shown by the admin like every other Strapi error.
import { validateYupSchema, yup } from '@strapi/utils';
import { serviceFacts, TRANSLATION_LANGUAGES } from '@circassian/core';

const locales = yup.array().of(yup.string().required()).optional();

/** "Translate now", "Generate audio": which target locales; replacing hand edits needs `confirm`. */
const entryAction = yup
  .object({
    locales,
    replaceEdits: yup.boolean().optional(),
    confirm: yup.boolean().optional(),
  })
  .noUnknown();

/** A bulk run or its estimate: which target locales; `onlyChanged` sends only the entries missing, outdated or failed there. */
const bulk = yup.object({ locales, onlyChanged: yup.boolean().optional() }).noUnknown();

export interface EntryActionBody {
  locales?: string[] | undefined;
  replaceEdits?: boolean | undefined;
  confirm?: boolean | undefined;
}

export interface BulkBody {
  locales?: string[] | undefined;
  onlyChanged?: boolean | undefined;
}

/** The Content Manager list view's "Translation" column: the documents of the page shown (a list view page holds at most 100). */
const statuses = yup.object({ documentIds: yup.array().of(yup.string().required()).max(200).required() }).noUnknown();

export interface StatusesBody {
  documentIds: string[];
}

export const validateStatuses = (body: unknown): Promise<StatusesBody> => validateYupSchema(statuses)(body ?? {}) as Promise<StatusesBody>;

export const validateEntryAction = (body: unknown): Promise<EntryActionBody> =>
  validateYupSchema(entryAction)(body ?? {}) as Promise<EntryActionBody>;

/** "Translate into this locale": the one target locale whose edit form is filled. */
const preview = yup.object({ locale: yup.string().required() }).noUnknown();

export interface PreviewBody {
  locale: string;
}

export const validatePreview = (body: unknown): Promise<PreviewBody> => validateYupSchema(preview)(body ?? {}) as Promise<PreviewBody>;

export const validateBulk = (body: unknown): Promise<BulkBody> => validateYupSchema(bulk)(body ?? {}) as Promise<BulkBody>;

/** An entry's own voice and speed (null: the configured ones), within what the service accepts. */
const voice = yup
  .object({
    voice: yup
      .string()
      .oneOf(serviceFacts.voices.map((item) => item.id))
      .nullable()
      .defined(),
    speed: yup.number().moreThan(serviceFacts.limits.speedExclusiveMin).max(serviceFacts.limits.speedMax).nullable().defined(),
  })
  .noUnknown();

export interface VoiceBody {
  voice: string | null;
  speed: number | null;
}

export const validateVoice = (body: unknown): Promise<VoiceBody> => validateYupSchema(voice)(body ?? {}) as Promise<VoiceBody>;

const language = yup.string().oneOf([...TRANSLATION_LANGUAGES]);

/** The memory's review list: whose units, of which origin, suggestions or not, from where in the list. */
const review = yup
  .object({
    by: yup.string().max(255).optional(),
    origin: yup.string().oneOf(['machine', 'human', 'reviewed']).optional(),
    suggestion: yup.string().oneOf(['true', 'false']).optional(),
    offset: yup.number().integer().min(0).optional(),
  })
  .noUnknown();

export interface ReviewQuery {
  by?: string | undefined;
  origin?: 'machine' | 'human' | 'reviewed' | undefined;
  suggestion?: 'true' | 'false' | undefined;
  offset?: number | undefined;
}

export const validateReview = (query: unknown): Promise<ReviewQuery> => validateYupSchema(review)(query ?? {}) as Promise<ReviewQuery>;

/** One suggestion to accept: its identity and whose it is. */
const accept = yup
  .object({
    sourceLang: language.required(),
    targetLang: language.required(),
    source: yup.string().required(),
    context: yup.string().optional(),
    creator: yup.string().required(),
  })
  .noUnknown();

export interface AcceptBody {
  sourceLang: string;
  targetLang: string;
  source: string;
  context?: string | undefined;
  creator: string;
}

export const validateAccept = (body: unknown): Promise<AcceptBody> => validateYupSchema(accept)(body ?? {}) as Promise<AcceptBody>;

/** Everything one person taught (units whose translation they wrote, suggestions included). */
const removeBy = yup.object({ by: yup.string().required() }).noUnknown();

export const validateRemoveBy = (body: unknown): Promise<{ by: string }> =>
  validateYupSchema(removeBy)(body ?? {}) as Promise<{ by: string }>;

/** A concordance search: the word or phrase (either language), one pair or all (`ru:kbd`), from where in the list. */
const search = yup
  .object({
    q: yup.string().trim().min(1, 'Type a word or phrase to search for.').max(500).required('Type a word or phrase to search for.'),
    pair: yup
      .string()
      .matches(/^[a-z]{2,3}:[a-z]{2,3}$/, 'pair is two language codes, as ru:kbd')
      .optional(),
    offset: yup.number().integer().min(0).optional(),
  })
  .noUnknown();

export interface SearchQuery {
  q: string;
  pair?: string | undefined;
  offset?: number | undefined;
}

export const validateSearch = (query: unknown): Promise<SearchQuery> => validateYupSchema(search)(query ?? {}) as Promise<SearchQuery>;

/** One unit's new translation. */
const unitEdit = yup
  .object({ target: yup.string().trim().min(1, 'A translation cannot be empty; delete the unit instead.').max(20000).required() })
  .noUnknown();

export const validateUnitEdit = (body: unknown): Promise<{ target: string }> =>
  validateYupSchema(unitEdit)(body ?? {}) as Promise<{ target: string }>;

/** A unit's row id, from the route. */
export const unitIdOf = (value: string | undefined): number => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};
