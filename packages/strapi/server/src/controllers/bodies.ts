// The admin routes' request bodies, validated with Strapi's yup through `validateYupSchema`: a bad
// body is answered with Strapi's standard ValidationError (`{ data: null, error: { status: 400,
// name, message, details: { errors } } }`), shown by the admin like every other Strapi error.
import { validateYupSchema, yup } from '@strapi/utils';

const locales = yup.array().of(yup.string().required()).optional();

/** "Translate now", "Generate audio": which target locales; replacing hand edits needs `confirm`. */
const entryAction = yup
  .object({
    locales,
    replaceEdits: yup.boolean().optional(),
    confirm: yup.boolean().optional(),
  })
  .noUnknown();

/** A bulk run or its estimate: which target locales. */
const bulk = yup.object({ locales }).noUnknown();

export interface EntryActionBody {
  locales?: string[] | undefined;
  replaceEdits?: boolean | undefined;
  confirm?: boolean | undefined;
}

export interface BulkBody {
  locales?: string[] | undefined;
}

export const validateEntryAction = (body: unknown): Promise<EntryActionBody> =>
  validateYupSchema(entryAction)(body ?? {}) as Promise<EntryActionBody>;

/** "Translate into this locale": the one target locale whose edit form is filled. */
const preview = yup.object({ locale: yup.string().required() }).noUnknown();

export interface PreviewBody {
  locale: string;
}

export const validatePreview = (body: unknown): Promise<PreviewBody> => validateYupSchema(preview)(body ?? {}) as Promise<PreviewBody>;

export const validateBulk = (body: unknown): Promise<BulkBody> => validateYupSchema(bulk)(body ?? {}) as Promise<BulkBody>;
