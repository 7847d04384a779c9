import { afterEach, describe, expect, it } from 'vitest';
import { CircassianClient } from '../src/client.js';
import { credentialsFromEnvironment } from '../src/environment.js';
import { readEnv } from '../src/internal/env.js';
import { buildUserAgent } from '../src/internal/user-agent.js';
import { redactHeaders } from '../src/internal/headers.js';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('configuration', () => {
  it('reads a set variable and treats a blank one as unset', () => {
    process.env.CIRCASSIAN_TEST_VAR = ' value ';
    expect(readEnv('CIRCASSIAN_TEST_VAR')).toBe('value');
    process.env.CIRCASSIAN_TEST_VAR = '  ';
    expect(readEnv('CIRCASSIAN_TEST_VAR')).toBeUndefined();
  });

  it('takes the key and address from the environment it is given, trimmed, blanks as unset', () => {
    expect(credentialsFromEnvironment({ CIRCASSIAN_API_KEY: ' k.s\n', CIRCASSIAN_BASE_URL: ' ' })).toEqual({
      apiKey: 'k.s',
      baseUrl: undefined,
    });
    process.env.CIRCASSIAN_API_KEY = 'from.process';
    process.env.CIRCASSIAN_BASE_URL = 'http://127.0.0.1:1';
    expect(credentialsFromEnvironment()).toEqual({ apiKey: 'from.process', baseUrl: 'http://127.0.0.1:1' });
    expect(credentialsFromEnvironment({})).toEqual({ apiKey: undefined, baseUrl: undefined });
  });

  it('says which variable to set when no key or address is given', () => {
    delete process.env.CIRCASSIAN_API_KEY;
    delete process.env.CIRCASSIAN_BASE_URL;
    expect(() => new CircassianClient({ baseUrl: 'http://127.0.0.1:1' })).toThrow(/CIRCASSIAN_API_KEY/);
    expect(() => new CircassianClient({ apiKey: 'k.s' })).toThrow(/CIRCASSIAN_BASE_URL/);
    expect(() => new CircassianClient({ apiKey: 'k.s', baseUrl: 'ftp://x' })).toThrow(/not an http/);
  });

  it('names the calling app in the User-Agent', () => {
    expect(buildUserAgent({ appInfo: { name: 'circassian-vscode', version: '1.2.0', url: 'https://x.test' } })).toMatch(
      /^@circassian\/core\/\S+ \(node [^)]+\) circassian-vscode\/1\.2\.0 \(\+https:\/\/x\.test\)$/,
    );
    expect(buildUserAgent({ userAgent: 'mine/1' })).toBe('mine/1');
  });

  it('redacts credentials from logged headers', () => {
    expect(redactHeaders({ authorization: 'Bearer k.secret', 'user-agent': 'ua' })).toEqual({
      authorization: '[redacted]',
      'user-agent': 'ua',
    });
  });
});
