import { describe, expect, it } from 'vitest';
import { hostMatches, isAllowedExternalUrl, safeRedirectPath } from './safe-url';

const allow = ['example.com', 'map.qq.com'];

describe('isAllowedExternalUrl', () => {
  it.each([
    'https://example.com',
    'https://example.com/a/b?c=1#d',
    'https://www.example.com/page',
    'https://a.b.example.com/',
    'https://EXAMPLE.com/',
    'https://example.com:8443/x',
    'https://example.com./trailing-dot',
    'https://map.qq.com/?type=marker',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url, allow)).toBe(true);
  });

  it.each([
    ['plain http', 'http://example.com/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with a fake host comment', 'javascript://example.com/%0aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['protocol-relative', '//example.com/'],
    ['relative path', '/pages/home/index'],
    ['userinfo trick', 'https://example.com@evil.com/'],
    ['userinfo with password', 'https://user:pw@example.com/'],
    ['look-alike suffix', 'https://badexample.com/'],
    ['allowed host as a subdomain of evil', 'https://example.com.evil.com/'],
    ['backslash trick', 'https://evil.com\\@example.com/'],
    ['backslash authority', 'https:\\\\example.com'],
    ['tab in scheme', 'ht\ttps://example.com/'],
    ['newline', 'https://exa\nmple.com/'],
    ['missing slashes', 'https:example.com'],
    ['ftp', 'ftp://example.com/'],
    ['empty', ''],
    ['garbage', 'not a url'],
    ['IP address', 'https://127.0.0.1/'],
  ])('rejects %s', (_label, url) => {
    expect(isAllowedExternalUrl(url, allow)).toBe(false);
  });

  it('rejects everything with an empty allow-list', () => {
    expect(isAllowedExternalUrl('https://example.com/', [])).toBe(false);
  });

  it('ignores empty allow-list entries', () => {
    expect(isAllowedExternalUrl('https://example.com/', [''])).toBe(false);
    expect(hostMatches('example.com', ' ')).toBe(false);
  });

  it('matches punycode hosts as the URL parser spells them', () => {
    expect(isAllowedExternalUrl('https://例子.example.com/', allow)).toBe(true);
    expect(isAllowedExternalUrl('https://exаmple.com/', allow)).toBe(false); // Cyrillic 'а'
  });
});

describe('safeRedirectPath', () => {
  it.each(['/', '/pages/home/index', '/pages/home/index?token=t&locale=en', '/preview-image?urls=a'])(
    'keeps %s',
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    ['absolute URL', 'https://evil.com/'],
    ['protocol-relative', '//evil.com/'],
    ['javascript:', 'javascript:alert(1)'],
    ['slash then scheme', '/javascript:alert(1)'],
    ['double slash inside', '/pages//evil.com'],
    ['backslash', '/\\evil.com'],
    ['parent segment', '/pages/../../evil'],
    ['newline', '/pages/home\n/index'],
    ['no leading slash', 'pages/home/index'],
    ['a path no route answers', '/other/deep/path'],
    ['an unknown page', '/pages/nowhere/index?x=1'],
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
  ])('rejects %s', (_label, path) => {
    expect(safeRedirectPath(path)).toBeNull();
  });
});
