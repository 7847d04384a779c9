/**
 * The shared files a published package carries inside itself: each package reads its own copy,
 * so nothing it ships reaches outside its folder. `shared/` stays the one place to edit them;
 * `pnpm sync-shared` refreshes the copies and a unit test (test/repo/shared-copies.test.ts) fails
 * while one is stale. A package that cannot read JSON where it needs a fact (PHP constants, an
 * editor script's translatable strings) carries it as code a renderer writes from the shared file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wordpressErrorAdvice, wordpressServiceFacts } from './shared-render.js';

const ROOT = join(import.meta.dirname, '..');

export interface SharedCopy {
  /** The file in `shared/`, the one that is edited. */
  readonly source: string;
  /** The package's copy, committed beside its generated sources. */
  readonly copy: string;
  /** Writes the copy from the source's text; without it, the copy is the source byte for byte. */
  readonly render?: (source: string) => string;
}

/** What a copy must hold: the source as it is, or as its renderer writes it. */
export function expectedCopy({ source, render }: SharedCopy): string {
  const text = readFileSync(source, 'utf8');
  return render ? render(text) : text;
}

export const SHARED_COPIES: readonly SharedCopy[] = [
  // The service facts (languages, limits, error types), read by core's `service-facts.ts`.
  { source: join(ROOT, 'shared/service.json'), copy: join(ROOT, 'packages/core/src/generated/service.json') },
  // The interface document the sandbox serves at GET /openapi.json.
  { source: join(ROOT, 'shared/openapi/openapi.json'), copy: join(ROOT, 'packages/sandbox/src/generated/openapi.json') },
  // The same document, which core's types and answer schemas are generated from and its tests hold the facts against.
  { source: join(ROOT, 'shared/openapi/openapi.json'), copy: join(ROOT, 'packages/core/src/generated/openapi.json') },
  // The palochka test vectors: core owns the normaliser, so core carries them, and the workspace's
  // other tests (CLI, sandbox) import them as `@circassian/core/testing/palochka-vectors.json`
  // (a workspace entry: the published package exports only dist/).
  { source: join(ROOT, 'shared/vectors/palochka.json'), copy: join(ROOT, 'packages/core/test/palochka-vectors.json') },
  // The translation memory's matching rule (which texts are one memory key): core's tests and
  // the WordPress plugin's PHP memory, against the same pairs.
  { source: join(ROOT, 'shared/vectors/memory-keys.json'), copy: join(ROOT, 'packages/core/test/memory-key-vectors.json') },
  // The translation memory's store, lookup and remove rules (origins, dates, suggestions, contexts):
  // core's stores and the hosts' own memories (the WordPress plugin's PHP) against the same cases.
  { source: join(ROOT, 'shared/vectors/memory-rules.json'), copy: join(ROOT, 'packages/core/test/memory-rule-vectors.json') },
  // The fuzzy-match percentage: core's tests, and the hosts' own near matches (WordPress's PHP, Strapi) later.
  { source: join(ROOT, 'shared/vectors/fuzzy.json'), copy: join(ROOT, 'packages/core/test/fuzzy-vectors.json') },
  // How a batch is packed into requests: core's planner and the WordPress plugin's PHP one against the same cases.
  { source: join(ROOT, 'shared/vectors/batch-plan.json'), copy: join(ROOT, 'packages/core/test/batch-plan-vectors.json') },
  // The speech memory's sentence split, key and timing rules: core's tests and the hosts' own
  // (the WordPress plugin's PHP read-along and speech memory) against the same cases.
  { source: join(ROOT, 'shared/vectors/speech.json'), copy: join(ROOT, 'packages/core/test/speech-vectors.json') },
  // Which daily allowance a quota_exceeded answer is about: core decides, the WordPress plugin's
  // PHP mirrors the decision, both held to the same messages.
  { source: join(ROOT, 'shared/vectors/quota-messages.json'), copy: join(ROOT, 'packages/core/test/quota-message-vectors.json') },
  // The glossary's rules (term matching, the endings of a stem entry, the term check, say-as,
  // markers, refused CSV): core's tests, and the hosts' own implementations (WordPress's PHP).
  { source: join(ROOT, 'shared/vectors/glossary.json'), copy: join(ROOT, 'packages/core/test/glossary-vectors.json') },
  // The WordPress plugin's PHP memory key (includes/Memory) mirrors core's: its PHP tests read
  // both sets of vectors from copies inside the plugin (vectors/, outside test/ whose editorconfig
  // indents with tabs: a copy stays byte for byte the shared file; not shipped).
  { source: join(ROOT, 'shared/vectors/memory-keys.json'), copy: join(ROOT, 'packages/wordpress/vectors/memory-keys.json') },
  { source: join(ROOT, 'shared/vectors/palochka.json'), copy: join(ROOT, 'packages/wordpress/vectors/palochka.json') },
  // The memory's store, lookup and remove rules: the WordPress plugin's PHP memory is held to core's.
  { source: join(ROOT, 'shared/vectors/memory-rules.json'), copy: join(ROOT, 'packages/wordpress/vectors/memory-rules.json') },
  // The WordPress plugin's PHP reads the service's facts (languages, limits, error types, what a
  // call and background work do about each, the key's limits in words) as constants, and its editor
  // the advice for each error type as translatable strings: one table, shared/service.json.
  {
    source: join(ROOT, 'shared/service.json'),
    copy: join(ROOT, 'packages/wordpress/includes/Service/Service_Facts.php'),
    render: wordpressServiceFacts,
  },
  {
    source: join(ROOT, 'shared/service.json'),
    copy: join(ROOT, 'packages/wordpress/src/audio/service-advice.js'),
    render: wordpressErrorAdvice,
  },
];
