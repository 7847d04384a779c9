// The memory section's units one at a time (Settings > Circassian): a concordance search (a word or
// phrase in either language, palochka look-alikes and case aside, a page at a time) for any role
// that sees the memory (read), and one unit's translation edited or the unit deleted, for a role
// with the memory's own permission (routes/index.ts; the answer's `mayManage` only hides buttons).
import { errors } from '@strapi/utils';
import { isTranslationLanguage, type LanguagePair } from '@circassian/core';
import type { Strapi } from '../strapi';
import type { ConcordancePage } from '../../../shared/contracts/admin-api';
import { getService } from '../utils/get-service';
import { ACTIONS } from '../permissions';
import { unitIdOf, validateSearch, validateUnitEdit } from './bodies';
import { labelledUnits, reviewerOf, reviewUnit } from './memory-review';
import { asker, mayDo, type Context } from './context';

/** Units a search page shows at once. */
const SEARCH_PAGE = 20;

/** `ru:kbd` as a pair, or a clear refusal. */
const pairOf = (value: string | undefined): LanguagePair | undefined => {
  if (value === undefined) return undefined;
  const [source, target] = value.split(':');
  if (!isTranslationLanguage(source) || !isTranslationLanguage(target))
    throw new errors.ValidationError(`${value} is not a language pair the memory keeps (as ru:kbd).`);
  return { source, target };
};

export default ({ strapi }: { strapi: Strapi }) => {
  const memory = () => getService(strapi, 'memory');

  /** The unit of the route's id, or Strapi's 404 in plain words. */
  const unitOr404 = async (ctx: Context) => {
    const unit = await memory().unitById(unitIdOf(ctx.params.id));
    if (!unit) throw new errors.NotFoundError('This unit is no longer in the memory (it was deleted or replaced meanwhile).');
    if (unit.suggestion)
      throw new errors.ValidationError('This is a suggestion waiting for review: accept or remove it under "Review people’s corrections".');
    return unit;
  };

  return {
    async search(ctx: Context) {
      const query = await validateSearch(ctx.query);
      const { hits, total } = await memory().search(query.q, {
        pair: pairOf(query.pair),
        asker: ctx.state.user?.email,
        limit: SEARCH_PAGE,
        offset: query.offset ?? 0,
      });
      ctx.body = {
        units: await labelledUnits(
          strapi,
          hits.map((hit) => ({ ...reviewUnit(hit.unit), id: hit.id, foundIn: hit.foundIn })),
        ),
        total,
        mayManage: mayDo(ctx, ACTIONS.memory),
      } satisfies ConcordancePage;
    },

    async editUnit(ctx: Context) {
      const { target } = await validateUnitEdit(ctx.request.body);
      const editor = reviewerOf(ctx);
      const unit = await unitOr404(ctx);
      const edited = await memory().editUnit(unit.id, target, editor);
      if (!edited) throw new errors.NotFoundError('This unit is no longer in the memory (it was deleted meanwhile).');
      strapi.log.info(`[circassian] ${asker(ctx)} edited translation memory unit #${unit.id} (${unit.sourceLang} into ${unit.targetLang})`);
      ctx.body = { unit: { ...reviewUnit(edited), id: unit.id } };
    },

    async removeUnit(ctx: Context) {
      const unit = await unitOr404(ctx);
      await memory().removeUnit(unit.id);
      strapi.log.info(
        `[circassian] ${asker(ctx)} deleted translation memory unit #${unit.id} (${unit.sourceLang} into ${unit.targetLang})`,
      );
      ctx.body = { removed: 1 };
    },
  };
};
