// Hover translation (circassian.hover.enabled): hovering a comment or string literal in code, a
// line of Markdown or plain text, or a subtitle cue shows its translation into the target
// language. Off by default: every hover over new text sends it to the service, which spends the
// key's characters and, in code, sends comments and strings the user never chose to share.
// Answers are cached per text and target for the session; what the hover spends is counted per
// local day and stops at circassian.hover.dailyCharacterLimit, which the hover then says.
import * as vscode from 'vscode';
import type { TranslateRequest } from '@circassian/core';
import { fits, today, type HoverSpending } from '../logic/hover-budget';
import type { Services } from '../services';
import { translationCost } from '../spending';
import { hoverTextAt } from './hover-text';

const SPENDING_KEY = 'circassian.hover.spending';
const CACHE_SIZE = 500;

export class HoverTranslations implements vscode.Disposable {
  readonly #cache = new Map<string, { text: string; source: string }>();
  readonly #registration: vscode.Disposable;

  constructor(private readonly services: Services) {
    this.#registration = vscode.languages.registerHoverProvider(
      { scheme: '*' },
      { provideHover: (document, position, token) => this.provide(document, position, token) },
    );
  }

  /** Characters the hover sent today (for Show Account and tests). */
  spentToday(): number {
    return today(this.services.context.globalState.get<HoverSpending>(SPENDING_KEY), new Date()).characters;
  }

  async provide(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const { hover, targetLanguage } = this.services.config.current;
    if (!hover.enabled) return undefined;
    const found = hoverTextAt(document.getText(), document.offsetAt(position), document.languageId, document.uri.path);
    if (!found) return undefined;
    const range = new vscode.Range(document.positionAt(found.start), document.positionAt(found.end));
    const key = `${targetLanguage}\u0000${found.text}`;
    let answer = this.#cache.get(key);
    if (!answer) {
      const spending = today(this.services.context.globalState.get<HoverSpending>(SPENDING_KEY), new Date());
      if (!fits(spending, found.text.length, hover.dailyCharacterLimit)) {
        const message = new vscode.MarkdownString().appendText(
          vscode.l10n.t(
            'Hover translation is paused for today: {0} of {1} characters used (setting circassian.hover.dailyCharacterLimit). Translate Selection still works.',
            spending.characters,
            hover.dailyCharacterLimit,
          ),
        );
        return new vscode.Hover(message, range);
      }
      const controller = new AbortController();
      const cancelled = token.onCancellationRequested(() => controller.abort());
      try {
        const client = await this.services.clients.get();
        const result = await client.translate(
          { text: found.text, target_lang: targetLanguage as TranslateRequest['target_lang'] },
          { signal: controller.signal },
        );
        answer = { text: result.text, source: result.source_lang };
        await this.services.spending.add({ translationCharacters: translationCost([found.text], [result.text]) });
        await this.services.context.globalState.update(SPENDING_KEY, {
          day: spending.day,
          characters: spending.characters + found.text.length,
        });
        this.#cache.set(key, answer);
        if (this.#cache.size > CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value as string);
      } catch (error) {
        // A hover is no place for error dialogs: one line in the hover, the details in the log.
        const type = typeof error === 'object' && error !== null ? String((error as { type?: unknown }).type ?? 'unknown') : 'unknown';
        if (type === 'aborted') return undefined;
        this.services.output.warn(`hover translation: ${type}`);
        return new vscode.Hover(new vscode.MarkdownString().appendText(vscode.l10n.t('Circassian: no translation ({0}).', type)), range);
      } finally {
        cancelled.dispose();
      }
    }
    const markdown = new vscode.MarkdownString()
      .appendMarkdown(`**${vscode.l10n.t('Circassian')}** · ${answer.source} → ${targetLanguage}\n\n`)
      // The service's text as plain text: never Markdown or links of its own.
      .appendText(answer.text);
    return new vscode.Hover(markdown, range);
  }

  dispose(): void {
    this.#registration.dispose();
  }
}
