import { describe, expect, it } from 'vitest';
import { validateConfig, withDefaults } from '../server/src/config/schema';

const article = { sourceLocale: 'ru', targetLocales: ['kbd', 'ady'] };

describe('plugin config validation', () => {
  it('accepts the test app\'s config and an empty one', () => {
    expect(() => validateConfig({ contentTypes: {} })).not.toThrow();
    expect(() =>
      validateConfig({ contentTypes: { 'api::article.article': { ...article, fields: { slug: 'skip' }, audio: [{ from: 'body', to: 'audio', locales: ['kbd'], voice: 'female', speed: 1 }] } } }),
    ).not.toThrow();
  });

  it.each([
    [{ contentTypes: { article } }, 'not a content-type uid'],
    [{ contentTypes: { 'api::a.a': { targetLocales: ['kbd'] } } }, 'sourceLocale must be a locale code'],
    [{ contentTypes: { 'api::a.a': { sourceLocale: 'ru', targetLocales: [] } } }, 'targetLocales must be a non-empty list'],
    [{ contentTypes: { 'api::a.a': { sourceLocale: 'ru', targetLocales: ['ru'] } } }, 'must not contain the source locale'],
    [{ contentTypes: { 'api::a.a': { ...article, fields: { title: 'delete' } } } }, 'fields.title must be one of translate, copy, skip'],
    [{ contentTypes: { 'api::a.a': { ...article, audio: [{ from: 'body', to: 'audio', locales: ['kbd'], speed: 0.2 }] } } }, 'speed must be a number above 0.2'],
    [{ baseUrl: 'not a url' }, 'baseUrl is not a URL'],
    [{ queue: { claimSize: 0 } }, 'queue.claimSize must be a positive whole number'],
    [{ queue: { speed: 1 } }, 'queue.speed is not a setting'],
    [{ languages: { 'en-GB': 'english' } }, 'languages.en-GB must be one of'],
  ])('refuses %j with a message naming the setting', (config, message) => {
    expect(() => validateConfig(config)).toThrow(message);
  });

  it('takes the key and address from the environment by default, trimmed', () => {
    const config = withDefaults({}, { CIRCASSIAN_API_KEY: ' ck_a.b\n', CIRCASSIAN_BASE_URL: 'http://127.0.0.1:1' });
    expect(config.apiKey).toBe('ck_a.b');
    expect(config.baseUrl).toBe('http://127.0.0.1:1');
    expect(config.queue.claimSize).toBe(200);
    expect(withDefaults({}, {}).apiKey).toBeUndefined();
  });
});
