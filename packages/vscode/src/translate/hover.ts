// Hover translation (circassian.hover.enabled): hovering a comment or string literal in code, a
// paragraph of Markdown, a line of plain text, or a subtitle cue shows its translation into the
// target language (hover-text.ts says what is taken). Off by default: every hover over new text
// sends it to the service, which spends the key's characters and, in code, sends comments and
// strings the user never chose to share; in an untrusted workspace it is off whatever the settings
// say (logic/hover-gate.ts), and a user who turned it on is told so, with VS Code's own way to trust
// the folder. The source is circassian.sourceLanguage when set; text
// already in the target language gets no hover and costs no characters (as Translate Selection:
// a source equal to the target sends nothing; text that could be in the target language is
// first put to the detector, which costs a request but no characters). Answers are cached per
// text, source and target for the session. What the hover spends is counted as the service and
// Show Account count it (characters sent and received, spending.ts) per local day, and it stops
// at circassian.hover.dailyCharacterLimit, which the hover then says; the text about to be sent
// must fit (its answer's length is known only after).
import * as vscode from 'vscode';
import type { TranslateRequest } from '@circassian/core';
import { characterCount } from '@circassian/core/text';
import { fits, hoverPausedMessage, today, type HoverSpending } from '../logic/hover-budget';
import { hoverGate } from '../logic/hover-gate';
import { PlaceCache } from '../logic/place-cache';
import { mayAlreadyBeIn } from '../logic/same-language';
import type { Services } from '../services';
import { translationCost } from '../spending';
import { CommandId, MANAGE_TRUST_COMMAND } from '../command-ids';
import { hoverTextAt, isProse, type HoverAction } from './hover-text';
import { hasWords, maskPlaceholders, unmaskPlaceholders, type Masked } from '../logic/placeholders';
import { protectionFor } from '../logic/text-protection';
import { keepDetected } from '../memory/keep-detected';
import { withTypedForms } from '../memory/typed-forms';
import { sourceFromMemory } from './memory-source';
import { translateThroughMemory } from './memory-translation';
import { sourceFromGlossary } from '../glossary/glossary-source';
import { nearMatches, type NearMatch } from '../memory/near-matches';
import { shortened, unitProvenance } from '../memory/unit-description';

type Language = TranslateRequest['target_lang'];
/** A cached answer: the translation (`fromMemory` when the workspace memory gave it), or `sameLanguage` for text already in the target language. */
type Answer = { readonly text: string; readonly source: string; readonly fromMemory?: boolean } | 'sameLanguage';

const SPENDING_KEY = 'circassian.hover.spending';
/** Thrown where the hover would send past its daily cap: the memory did not know the text. */
const PAUSED = Symbol('paused for today');
const CACHE_SIZE = 500;

export class HoverTranslations implements vscode.Disposable {
  readonly #cache = new Map<string, Answer>();
  /** The memory's answers the hover showed last, by the same key: what its Replace and Copy write. */
  readonly #memoryAnswers = new Map<string, string>();
  /** The near matches each hover was shown with (by document, its version and the text's place), what its Insert links write. */
  readonly #near = new Map<string, readonly NearMatch[]>();
  /** The hovers shown, by document version and place (logic/place-cache.ts): hovering there again costs nothing. */
  readonly #shown = new PlaceCache<vscode.Hover>();
  readonly #registrations: vscode.Disposable[];

  constructor(private readonly services: Services) {
    this.#registrations = [
      vscode.languages.registerHoverProvider(
        { scheme: '*' },
        { provideHover: (document, position, token) => this.provide(document, position, token) },
      ),
      // A closed document's places go: its URI may come back at version 1 with other text.
      vscode.workspace.onDidCloseTextDocument((document) => this.#shown.forget(document.uri.toString())),
    ];
  }

  /** Characters the hover spent today, sent and received (for Show Account and tests). */
  spentToday(): number {
    return today(this.services.context.globalState.get<HoverSpending>(SPENDING_KEY), new Date()).characters;
  }

  async provide(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const { hover, targetLanguage, sourceLanguage } = this.services.config.current;
    const gate = hoverGate({ enabled: hover.enabled, sourceLanguage, targetLanguage }, vscode.workspace.isTrusted);
    if (gate === 'off') return undefined;
    const offset = document.offsetAt(position);
    // A translation shown beside this text has a hover of its own (Apply, Copy, Dismiss): not a second box over it.
    if (this.services.beside.covers(document, offset)) return undefined;
    // The same place of the same version, under the same settings and memory: what was shown, at no cost.
    const place = { document: document.uri.toString(), version: document.version };
    const stamp = async (): Promise<string> => `${sourceLanguage}\u0000${targetLanguage}\u0000${await this.services.memory.stamp()}`;
    const shown = gate === 'send' ? this.#shown.find(place, offset, await stamp()) : undefined;
    if (shown) return shown;
    const found = hoverTextAt(document.getText(), offset, document.languageId, document.uri.path);
    if (!found) return undefined;
    const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
    if (gate === 'untrusted') return new vscode.Hover(untrustedMessage(), range);
    // Kept under the memory's state once this hover is made: what it stored itself (the service's answer) included.
    const keep = async (hover: vscode.Hover): Promise<vscode.Hover> => {
      this.#shown.keep(place, found.start, found.end, await stamp(), hover);
      return hover;
    };
    const key = `${sourceLanguage}\u0000${targetLanguage}\u0000${found.text}`;
    // The words travel; placeholders, tags, URLs, addresses and code spans go as marks (text-protection.ts).
    const protect = protectionFor(document.languageId, document.uri.path, document.getText());
    const masked = maskPlaceholders(found.text, protect);
    if (!hasWords(masked)) return undefined;
    const target = { uri: document.uri.toString(), start: found.start, end: found.end };
    const link = (label: string, action: HoverAction, match?: number): string =>
      `[${label}](command:${CommandId.hoverAction}?${encodeURIComponent(JSON.stringify([{ ...target, action, ...(match === undefined ? {} : { match }) }]))})`;
    // The memory's near matches under whatever the hover says, unless the memory answered the text exactly.
    const withNear = async (hover: vscode.MarkdownString, source: string | undefined): Promise<vscode.Hover> => {
      const matches = await this.#nearMatches(nearKey(document, found.start, found.end), masked, source, targetLanguage);
      if (matches.length > 0) appendNearMatches(hover, matches, (index) => link(vscode.l10n.t('Insert'), 'insert', index));
      hover.isTrusted = { enabledCommands: [CommandId.hoverAction, MANAGE_TRUST_COMMAND] };
      return new vscode.Hover(hover, range);
    };
    let answer = this.#cache.get(key);
    if (!answer) {
      const spending = today(this.services.context.globalState.get<HoverSpending>(SPENDING_KEY), new Date());
      // Past the cap, only the memory may answer (a text it knows costs nothing); the paused hover otherwise.
      const overCap = !fits(spending, characterCount(masked.text), hover.dailyCharacterLimit);
      const paused = (): Promise<vscode.Hover> => {
        const message = hoverPausedMessage({
          used: spending.characters,
          needed: characterCount(masked.text),
          limit: hover.dailyCharacterLimit,
        });
        return withNear(new vscode.MarkdownString().appendText(vscode.l10n.t(message.template, ...message.args)), sourceLanguage);
      };
      const controller = new AbortController();
      const cancelled = token.onCancellationRequested(() => controller.abort());
      try {
        answer = await this.#translate(masked, protect, sourceLanguage, targetLanguage, controller.signal, overCap);
        // The memory's answers are not cached: a correction saved later shows on the next hover.
        if (answer === 'sameLanguage' || !answer.fromMemory) this.#cache.set(key, answer);
        // Kept for Replace and Copy only (they wrote nothing on a memory's answer: "the text changed").
        else this.#memoryAnswers.set(key, answer.text);
        for (const kept of [this.#cache, this.#memoryAnswers]) if (kept.size > CACHE_SIZE) kept.delete(kept.keys().next().value as string);
      } catch (error) {
        if (error === PAUSED) return paused();
        // A hover is no place for error dialogs: one line in the hover, the details in the log.
        const type = typeof error === 'object' && error !== null ? String((error as { type?: unknown }).type ?? 'unknown') : 'unknown';
        if (type === 'aborted') return undefined;
        this.services.output.warn(`hover translation: ${type}`);
        return withNear(new vscode.MarkdownString().appendText(vscode.l10n.t('Circassian: no translation ({0}).', type)), sourceLanguage);
      } finally {
        cancelled.dispose();
      }
    }
    if (answer === 'sameLanguage') {
      // Said, not silent: the detector took it for the target language; Translate From picks the real source.
      const markdown = new vscode.MarkdownString()
        .appendMarkdown(`**${vscode.l10n.t('Circassian')}** · `)
        .appendText(vscode.l10n.t('This text already looks like {0}, so nothing was translated.', targetLanguage))
        .appendMarkdown(`\n\n${link(vscode.l10n.t('Translate From…'), 'translateFrom')}`);
      return keep(await withNear(markdown, sourceLanguage));
    }
    // What the service sent (the translation, the source language it names) as plain text: never
    // Markdown, links or commands of its own.
    const markdown = new vscode.MarkdownString()
      .appendMarkdown(`**${vscode.l10n.t('Circassian')}** · `)
      .appendText(`${answer.source} → ${targetLanguage}${answer.fromMemory ? ` · ${vscode.l10n.t('from the translation memory')}` : ''}`)
      .appendMarkdown('\n\n')
      .appendText(answer.text)
      .appendMarkdown(
        `\n\n${[
          ...(isProse(document) ? [link(vscode.l10n.t('Replace'), 'replace')] : []),
          link(vscode.l10n.t('Copy'), 'copy'),
          link(vscode.l10n.t('Translate From…'), 'translateFrom'),
        ].join(' · ')}`,
      );
    if (answer.fromMemory) {
      markdown.isTrusted = { enabledCommands: [CommandId.hoverAction] };
      return keep(new vscode.Hover(markdown, range));
    }
    return keep(await withNear(markdown, sourceLanguage || answer.source));
  }

  /** The near matches for a hovered text (none in Restricted Mode: there is no memory), kept for its Insert links. */
  async #nearMatches(key: string, masked: Masked, source: string | undefined, target: string): Promise<readonly NearMatch[]> {
    const memory = await this.services.memory.get();
    // Not the exact match: the hover's own answer is it (from the memory, or the service's answer it now keeps).
    const matches = memory
      ? (await nearMatches(memory, { masked, target, source: source || undefined }).catch(() => [])).filter((match) => match.percent < 100)
      : [];
    this.#near.set(key, matches);
    if (this.#near.size > CACHE_SIZE) this.#near.delete(this.#near.keys().next().value as string);
    return matches;
  }

  /** The n-th near match the hover showed for the text at `start`-`end`, while the document is as it was then. */
  nearMatchAt(document: vscode.TextDocument, start: number, end: number, index: number): NearMatch | undefined {
    return this.#near.get(nearKey(document, start, end))?.[index];
  }

  /** The translation the hover showed for `text` (cached), if any: what Replace and Copy use. */
  translationOf(text: string): string | undefined {
    const { sourceLanguage, targetLanguage } = this.services.config.current;
    const key = `${sourceLanguage}\u0000${targetLanguage}\u0000${text}`;
    const answer = this.#cache.get(key);
    return answer === undefined || answer === 'sameLanguage' ? this.#memoryAnswers.get(key) : answer.text;
  }

  /**
   * The translation, paid and counted, its marks put back; or `sameLanguage`, nothing paid, when the
   * detector finds the text in the target language. The memory is consulted once (core's
   * memory-aware translation): a text it knows needs no request, no detect call and no key.
   * `overCap`: nothing may be sent (PAUSED is thrown instead). An answer that lost a mark is an error (`lost_placeholder`).
   */
  async #translate(
    masked: Masked,
    protect: RegExp,
    setSource: string,
    target: string,
    signal: AbortSignal,
    overCap: boolean,
  ): Promise<Answer> {
    const { text } = masked;
    // Units kept with their placeholders as typed (an imported TMX) answer too (memory/typed-forms.ts).
    const memory = await withTypedForms(await this.services.memory.get(), [masked], protect);
    const glossary = await this.services.glossary.get();
    // The source set, else the one language the memory knows the text in (memory-source.ts), else
    // the glossary's when the text holds its terms (glossary-source.ts).
    const source =
      setSource ||
      (memory && (await sourceFromMemory(memory, target, [text]))) ||
      (glossary && sourceFromGlossary(glossary, target, [text])) ||
      '';
    if (!source && overCap) throw PAUSED;
    if (
      !source &&
      mayAlreadyBeIn(text, target) &&
      (await (await this.services.clients.get()).detect({ text }, { signal })).language === target
    )
      return 'sameLanguage';
    const result = await translateThroughMemory(this.services, {
      texts: [text],
      source: source || undefined,
      target,
      memory,
      glossary,
      send: async ([one = '']) => {
        if (overCap) throw PAUSED;
        const answer = await (
          await this.services.clients.get()
        ).translate({ text: one, target_lang: target as Language, ...(source ? { source_lang: source as Language } : {}) }, { signal });
        return { translations: [answer.text], sourceLang: answer.source_lang };
      },
    });
    const translation = result.translations[0] ?? '';
    const sourceLang = result.sourceLang ?? source;
    if (memory && !source) await keepDetected(this.services, memory, sourceLang, target, [text], [translation]);
    const cost = result.paid ? translationCost(result.paid.texts, result.paid.translations) : 0;
    this.services.spending.add({ translationCharacters: cost });
    // Read again: other hovers may have been paid for while this one waited. Held at once, written
    // to storage without the hover waiting (as the spending ledger).
    const spent = today(this.services.context.globalState.get<HoverSpending>(SPENDING_KEY), new Date());
    this.services.context.globalState
      .update(SPENDING_KEY, { day: spent.day, characters: spent.characters + cost })
      .then(undefined, () => undefined);
    const restored = unmaskPlaceholders(translation, masked);
    if (restored === undefined) throw Object.assign(new Error('the translation lost a placeholder'), { type: 'lost_placeholder' });
    return { text: restored, source: sourceLang, ...(result.fromMemory > 0 ? { fromMemory: true } : {}) };
  }

  dispose(): void {
    for (const registration of this.#registrations) registration.dispose();
  }
}

/** A hovered text's place in one version of its document: an edit since makes its Insert links stale. */
const nearKey = (document: vscode.TextDocument, start: number, end: number): string =>
  `${document.uri.toString()}|${document.version}|${start}|${end}`;

/**
 * The near matches below a hover: each with its percentage, its translation (plain text: the
 * memory's file is the team's, but a unit's text is never Markdown here), its source and where it
 * came from, and an Insert link; a suggestion, written only when the person clicks Insert.
 */
function appendNearMatches(markdown: vscode.MarkdownString, matches: readonly NearMatch[], insert: (index: number) => string): void {
  markdown.appendMarkdown(`\n\n---\n\n**${vscode.l10n.t('Near matches in the translation memory')}**`);
  // One paragraph a match (a line break, not a paragraph, before its provenance): three fit the hover without scrolling.
  matches.forEach((match, index) => {
    markdown
      .appendMarkdown(`\n\n**${match.percent}%** · `)
      .appendText(match.insert)
      .appendMarkdown(` · ${insert(index)}  \n*`)
      .appendText(`${shortened(match.unit.source, 80)} · ${unitProvenance(match.unit, { pair: false })}`)
      .appendMarkdown('*');
  });
}

/** Why an untrusted folder gets no translation, with the one command the link may run: VS Code's Manage Workspace Trust. */
function untrustedMessage(): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString()
    .appendMarkdown(`**${vscode.l10n.t('Circassian')}** · `)
    .appendText(
      vscode.l10n.t(
        'Hover translation is off in Restricted Mode: this folder is not trusted, and hovering would send its text to the translation service.',
      ),
    )
    .appendMarkdown(`\n\n[${vscode.l10n.t('Manage Workspace Trust')}](command:${MANAGE_TRUST_COMMAND})`);
  markdown.isTrusted = { enabledCommands: [MANAGE_TRUST_COMMAND] };
  return markdown;
}
