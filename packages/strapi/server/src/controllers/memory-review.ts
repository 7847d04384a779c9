// The translation memory's reviewer (Settings > Circassian, for a role with
// plugin::circassian.memory): the units people wrote, the most recent first, with who, when and
// where, filtered by person, origin or kind; a suggestion accepted (it becomes a reviewed unit
// everyone gets back, changed by the reviewer); everything one person taught removed at once.
import { acceptSuggestion, type LanguagePair, type MemoryFilter, type MemoryUnit } from '@circassian/core';
import { errors } from '@strapi/utils';
import type { Strapi } from '../strapi';
import type { MemoryReview, ReviewUnit } from '../../../shared/contracts/admin-api';
import { entryLabels } from '../utils/entry-labels';
import { getService } from '../utils/get-service';
import { MEMORY_CREATOR } from '../utils/memory-use';
import { validateAccept, validateRemoveBy, validateReview } from './bodies';
import { asker, type Context } from './context';

/** Units a review page shows at once. */
const REVIEW_PAGE = 50;

export const reviewUnit = (unit: MemoryUnit): ReviewUnit => ({
  sourceLang: unit.sourceLang,
  targetLang: unit.targetLang,
  source: unit.source,
  target: unit.target,
  origin: unit.origin,
  suggestion: unit.suggestion === true,
  creator: unit.creator ?? null,
  changer: unit.changer ?? null,
  created: unit.created,
  changed: unit.changed ?? null,
  where: unit.where ?? null,
  context: unit.context ?? null,
  usageCount: unit.usageCount,
});

/** Review units with their entries named as a reviewer reads them (the memory's own pages only). */
export const labelledUnits = async <T extends ReviewUnit>(strapi: Strapi, units: readonly T[]): Promise<T[]> => {
  const labels = await entryLabels(
    strapi,
    units.map((unit) => unit.where),
  );
  return units.map((unit) => {
    const whereLabel = unit.where ? labels.get(unit.where) : undefined;
    return whereLabel === undefined ? unit : { ...unit, whereLabel };
  });
};

/** Who the reviewer is, as units name their makers: the admin's e-mail. */
export const reviewerOf = (ctx: Context): string => {
  const email = ctx.state.user?.email;
  if (!email) throw new errors.ForbiddenError('Only an admin signed in may review the translation memory.');
  return email;
};

export default ({ strapi }: { strapi: Strapi }) => {
  const memory = () => getService(strapi, 'memory');

  return {
    /** People's units (machine ones only when asked for), the most recently written first, and who wrote the memory. */
    async list(ctx: Context) {
      const query = await validateReview(ctx.query);
      const filter: MemoryFilter = {
        ...(query.by !== undefined ? { by: query.by } : {}),
        ...(query.origin !== undefined ? { origin: query.origin } : {}),
        ...(query.suggestion !== undefined ? { suggestion: query.suggestion === 'true' } : {}),
      };
      const offset = query.offset ?? 0;
      // One more than shown tells whether more follow; the service's answers are left out unless asked for.
      const found = await memory().recent(filter, REVIEW_PAGE + 1, offset, query.origin === undefined ? ['machine'] : []);
      ctx.body = {
        units: await labelledUnits(strapi, found.slice(0, REVIEW_PAGE).map(reviewUnit)),
        more: found.length > REVIEW_PAGE,
        people: (await memory().authors()).filter((person) => person.by !== MEMORY_CREATOR),
      } satisfies MemoryReview;
    },

    /** A suggestion becomes a reviewed unit everyone gets back (changed by the reviewer); the suggestion goes. */
    async accept(ctx: Context) {
      const body = await validateAccept(ctx.request.body);
      const reviewer = reviewerOf(ctx);
      const pair = { source: body.sourceLang, target: body.targetLang } as LanguagePair;
      const result = await acceptSuggestion(
        memory(),
        { pair, source: body.source, creator: body.creator, ...(body.context !== undefined ? { context: body.context } : {}) },
        reviewer,
        { as: 'reviewed' },
      );
      if (!result.accepted)
        throw new errors.NotFoundError(
          result.reason === 'no-suggestion'
            ? `${body.creator} has no suggestion for this text (it was accepted or removed meanwhile).`
            : 'A newer reviewed translation of this text is kept; the suggestion stays for you to look at.',
          { reason: result.reason },
        );
      strapi.log.info(
        `[circassian] ${asker(ctx)} accepted a translation memory suggestion by ${body.creator} (${pair.source} into ${pair.target})`,
      );
      ctx.body = { unit: reviewUnit(result.unit) };
    },

    /** Removes every unit whose translation one person wrote (their suggestions too); a unit someone else changed since stays. */
    async removeBy(ctx: Context) {
      const { by } = await validateRemoveBy(ctx.request.body);
      if (by === MEMORY_CREATOR)
        throw new errors.ValidationError('The service’s translations are removed per language pair (Clear), not as a person’s.');
      const removed = await memory().remove({ by });
      strapi.log.info(`[circassian] ${asker(ctx)} removed the ${removed} translation memory units written by ${by}`);
      ctx.body = { removed };
    },
  };
};
