import { describe, expect, it } from 'vitest';
import { validateConfig, validateContentType, withDefaults, type PluginConfig } from '../server/src/config/schema';

const article = { sourceLocale: 'ru', targetLocales: ['kbd', 'ady'] };

/** The error validateConfig throws for `config` (Strapi's ValidationError from validateYupSchemaSync). */
const refusal = (check: () => void): Error => {
  try {
    check();
  } catch (error) {
    return error as Error;
  }
  throw new Error('accepted');
};

describe('plugin config validation', () => {
  it("accepts the test app's config, a full one and an empty one", () => {
    expect(() => validateConfig({ contentTypes: {} })).not.toThrow();
    expect(() => validateConfig({})).not.toThrow();
    expect(() =>
      validateConfig({
        baseUrl: 'https://api.example.org',
        languages: { 'en-GB': 'en' },
        contentTypes: {
          'api::article.article': {
            ...article,
            fields: { slug: 'skip', 'seo.metaTitle': 'translate' },
            publication: 'draft',
            translateOnSave: false,
            audio: [{ from: 'body', to: 'audio', locales: ['kbd'], voice: 'female', speed: 1 }],
          },
        },
        queue: { claimSize: 6, leaseMs: 5000 },
      }),
    ).not.toThrow();
  });

  it.each([
    ['x', 'circassian: the plugin config must be an object'],
    [{ apiKey: 3 }, 'circassian: apiKey must be a string (or left out to use the environment)'],
    [{ baseUrl: 3 }, 'circassian: baseUrl must be a string'],
    [{ baseUrl: 'not a url' }, 'circassian: baseUrl is not a URL: "not a url"'],
    [{ languages: ['en'] }, 'circassian: languages must map locale codes to service languages'],
    [{ languages: { 'en-GB': 'english' } }, 'circassian: languages.en-GB must be one of ru, en, tr, kbd, ady; got "english"'],
    [{ contentTypes: [] }, 'circassian: contentTypes must map content-type uids (api::article.article) to settings'],
    [{ contentTypes: { article } }, 'circassian: contentTypes["article"]: not a content-type uid (like api::article.article)'],
    [{ contentTypes: { 'api::a.a': 3 } }, 'circassian: contentTypes["api::a.a"] must be an object'],
    [
      { contentTypes: { 'api::a.a': { targetLocales: ['kbd'] } } },
      'circassian: contentTypes["api::a.a"].sourceLocale must be a locale code such as "ru"',
    ],
    [
      { contentTypes: { 'api::a.a': { sourceLocale: 'ru', targetLocales: [] } } },
      'circassian: contentTypes["api::a.a"].targetLocales must be a non-empty list of locale codes',
    ],
    [
      { contentTypes: { 'api::a.a': { sourceLocale: 'ru', targetLocales: ['ru'] } } },
      'circassian: contentTypes["api::a.a"].targetLocales must not contain the source locale "ru"',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, fields: 'all' } } },
      'circassian: contentTypes["api::a.a"].fields must map field names to translate | copy | skip',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, fields: { title: 'delete' } } } },
      'circassian: contentTypes["api::a.a"].fields.title must be one of translate, copy, skip; got "delete"',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, publication: 'now' } } },
      'circassian: contentTypes["api::a.a"].publication must be "follow" or "draft"',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, overwriteHandEdits: 'yes' } } },
      'circassian: contentTypes["api::a.a"].overwriteHandEdits must be true or false',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, translateOnSave: 1 } } },
      'circassian: contentTypes["api::a.a"].translateOnSave must be true or false',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, translateOn: 'edit' } } },
      'circassian: contentTypes["api::a.a"].translateOn must be "save" or "publish"',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, audioOn: true } } },
      'circassian: contentTypes["api::a.a"].audioOn must be "save" or "publish"',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, regeneratePublishedUids: 'yes' } } },
      'circassian: contentTypes["api::a.a"].regeneratePublishedUids must be true or false',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, audio: 'body' } } },
      'circassian: contentTypes["api::a.a"].audio must be a list of { from, to, locales }',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, audio: [{ from: 'body', to: 'audio', locales: ['kbd'] }, 'x'] } } },
      'circassian: contentTypes["api::a.a"].audio[1] must be an object { from, to, locales }',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, audio: [{ from: 'body', locales: ['kbd'] }] } } },
      'circassian: contentTypes["api::a.a"].audio[0]: from and to must name fields',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, audio: [{ from: [], to: 'audio', locales: ['kbd'] }] } } },
      'circassian: contentTypes["api::a.a"].audio[0]: from and to must name fields',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, audio: [{ from: 'body', to: 'audio', locales: [] }] } } },
      'circassian: contentTypes["api::a.a"].audio[0].locales must be a non-empty list of locale codes',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, audio: [{ from: 'body', to: 'audio', locales: ['kbd'], voice: 1 }] } } },
      'circassian: contentTypes["api::a.a"].audio[0].voice must be a string such as "female"',
    ],
    [
      { contentTypes: { 'api::a.a': { ...article, audio: [{ from: 'body', to: 'audio', locales: ['kbd'], speed: 0.2 }] } } },
      'circassian: contentTypes["api::a.a"].audio[0].speed must be a number above 0.2 and at most 2.0',
    ],
    [{ queue: 3 }, 'circassian: queue must be an object'],
    [{ queue: { claimSize: 0 } }, 'circassian: queue.claimSize must be a positive whole number; got 0'],
    [{ queue: { speed: 1 } }, 'circassian: queue.speed is not a setting (claimSize, leaseMs, pollMs, maxAttempts)'],
    [{ speechMemory: { maxBytes: -1 } }, 'circassian: speechMemory.maxBytes must be a whole number, 0 or more; got -1'],
    [{ speechMemory: { unusedForDays: 1.5 } }, 'circassian: speechMemory.unusedForDays must be a whole number, 0 or more; got 1.5'],
    [{ speechMemory: { days: 1 } }, 'circassian: speechMemory.days is not a setting (unusedForDays, maxBytes)'],
  ])('refuses %j with one sentence naming the setting', (config, message) => {
    const error = refusal(() => validateConfig(config));
    expect(error.name).toBe('ValidationError');
    expect(error.message.startsWith(message)).toBe(true);
  });

  it('checks a content type declared in its schema the same way', () => {
    expect(refusal(() => validateContentType('api::a.a', { sourceLocale: 'ru' })).message).toContain(
      'contentTypes["api::a.a"].targetLocales must be',
    );
  });

  it('takes the key and address from the environment by default, trimmed', () => {
    const config = withDefaults({}, { CIRCASSIAN_API_KEY: ' ck_a.b\n', CIRCASSIAN_BASE_URL: 'http://127.0.0.1:1' });
    expect(config.apiKey).toBe('ck_a.b');
    expect(config.baseUrl).toBe('http://127.0.0.1:1');
    expect(config.queue.claimSize).toBe(200);
    expect(config.speechMemory).toEqual({ unusedForDays: 90, maxBytes: 512 * 1024 * 1024 });
    // A config may set one limit (validateConfig takes it): the other keeps its default.
    const oneLimit = { speechMemory: { unusedForDays: 7 } } as Partial<PluginConfig>;
    expect(withDefaults(oneLimit, {}).speechMemory).toEqual({
      unusedForDays: 7,
      maxBytes: 512 * 1024 * 1024,
    });
    expect(withDefaults({}, {}).apiKey).toBeUndefined();
  });

  it("leaves the Content API's Public role untranslated unless publicWrites says so", () => {
    expect(withDefaults({}, {}).publicWrites).toBe(false);
    expect(withDefaults({ publicWrites: true }, {}).publicWrites).toBe(true);
    expect(refusal(() => validateConfig({ publicWrites: 'yes' })).message).toBe('circassian: publicWrites must be true or false');
  });
});
