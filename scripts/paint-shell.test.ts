import { describe, expect, it } from 'vitest';
import { deferEntry, markupClasses, usedCss } from './paint-shell';

describe("the built index.html's entry", () => {
  // As the build writes it: no modulepreload tags (build.modulePreload is off).
  const built = [
    '<title>livev3</title>',
    '<script type="module" crossorigin src="/livev3/assets/index-A1.js"></script>',
    '<link rel="stylesheet" crossorigin href="/livev3/assets/index-C3.css">',
  ].join('\n');
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
    type: 'chunk',
    fileName,
    facadeModuleId,
    imports,
  });
  const bundle = {
    entry: chunk('assets/index-A1.js', '/app/src/app/main.tsx', [
      'assets/runtime-B2.js',
      'assets/shared-F6.js',
    ]),
    runtime: chunk('assets/runtime-B2.js', null),
    shared: chunk('assets/shared-F6.js', null, ['assets/runtime-B2.js', 'assets/deep-G7.js']),
    deep: chunk('assets/deep-G7.js', null),
    a: chunk('assets/Player-D4.js', '/app/src/features/player/Player.tsx', ['assets/runtime-B2.js']),
    b: chunk('assets/hls.light-E5.js', '/app/node_modules/hls.js/dist/hls.light.mjs'),
  } as unknown as Parameters<typeof deferEntry>[1];

  it('takes the entry and its stylesheet out, with every module the entry imports, for the start-up', () => {
    const { html, entry } = deferEntry(built, bundle, '/livev3/');
    expect(html).toBe('<title>livev3</title>');
    expect(entry).toEqual({
      js: '/livev3/assets/index-A1.js',
      modules: [
        '/livev3/assets/index-A1.js',
        '/livev3/assets/runtime-B2.js',
        '/livev3/assets/shared-F6.js',
        '/livev3/assets/deep-G7.js',
      ],
      css: ['/livev3/assets/index-C3.css'],
      player: ['/livev3/assets/Player-D4.js', '/livev3/assets/hls.light-E5.js'],
    });
  });

  it('takes out modulepreload tags too, each module once', () => {
    const tagged = built.replace(
      '</script>',
      '</script>\n<link rel="modulepreload" crossorigin href="/livev3/assets/runtime-B2.js">' +
        '\n<link rel="modulepreload" crossorigin href="/livev3/assets/extra-H8.js">',
    );
    const { html, entry } = deferEntry(tagged, bundle, '/livev3/');
    expect(html).toBe('<title>livev3</title>');
    expect(entry.modules.filter((href) => href.endsWith('runtime-B2.js'))).toHaveLength(1);
    expect(entry.modules).toContain('/livev3/assets/extra-H8.js');
  });

  it("names hls.js's full build, which the start-up preloads for streams with subtitles or captions", () => {
    const withFull = { ...bundle, c: chunk('assets/hls-H9.js', '/app/node_modules/hls.js/dist/hls.mjs') };
    expect(deferEntry(built, withFull as unknown as typeof bundle, '/livev3/').entry.playerFull).toBe(
      '/livev3/assets/hls-H9.js',
    );
  });

  it('fails the build when the entry or a player chunk is missing', () => {
    expect(() => deferEntry('<title>livev3</title>', bundle, '/livev3/')).toThrow(/no entry/);
    expect(() => deferEntry(built, {} as typeof bundle, '/livev3/')).toThrow(/Player\.tsx/);
    const noHls = Object.fromEntries(Object.entries(bundle).filter(([key]) => key !== 'b'));
    expect(() => deferEntry(built, noHls as typeof bundle, '/livev3/')).toThrow(/hls\.light\.mjs/);
  });
});

describe("the first screens' CSS", () => {
  const css = [
    'body{margin:0}',
    '.a{color:red}',
    '.a .b:hover>span{color:blue}',
    '.c{color:green}',
    '.a .c{color:gray}',
    '.a,.c{padding:0}',
    '@media (min-width:600px){.a{width:1px}.c{width:2px}}',
    '@media print{.c{display:none}}',
    '@supports (display:grid){.b{display:grid}}',
    '.b{animation:kf-spin 1s}',
    '@keyframes kf-spin{from{opacity:0}to{opacity:1}}',
    '@keyframes kf-fade{from{opacity:1}to{opacity:0}}',
    '@font-face{font-family:x;src:url(x.woff2)}',
  ].join('');

  it('keeps the rules with a selector whose classes the screens all use, element rules, the @media blocks with kept rules and the @keyframes a kept rule names; drops the rest', () => {
    expect(usedCss(css, new Set(['a', 'b']))).toBe(
      [
        'body{margin:0}',
        '.a{color:red}',
        '.a .b:hover>span{color:#00f}',
        '.a,.c{padding:0}',
        '@media (min-width:600px){.a{width:1px}}',
        '@supports (display:grid){.b{display:grid}}',
        '.b{animation:1s kf-spin}',
        '@keyframes kf-spin{0%{opacity:0}to{opacity:1}}',
      ].join(''),
    );
  });

  it('reads selectors and values as CSS does: a negated class is not needed, strings and selector lists in functions are not split', () => {
    const used = new Set(['a']);
    expect(usedCss('.a:not(.x){color:red}', used)).toBe('.a:not(.x){color:red}');
    // (with the prefixed forms the build's older browsers read, as the built stylesheets have them)
    const list = usedCss('.a:is(.b,.c) span{color:red}.x{color:#00f}', used);
    expect(list).toContain('.a:is(.b,.c) span{color:red}');
    expect(list).not.toContain('.x');
    expect(usedCss('.a{color:var(--c,red)}.x{color:var(--d)}', used)).toBe('.a{color:var(--c,red)}');
    expect(usedCss('.a:after{content:"{.x,"}.x{color:red}', used)).toBe('.a:after{content:"{.x,"}');
    expect(usedCss('/* .a{} */.x{color:red}', used)).toBe('');
  });

  it('keeps nothing of a class no screen uses, nor its @keyframes', () => {
    expect(usedCss('.x{animation:kf-spin 1s}@keyframes kf-spin{to{opacity:1}}', new Set(['a']))).toBe('');
    expect(usedCss('@media print{.x{color:red}}', new Set(['a']))).toBe('');
  });

  it('reads every class the markup names', () => {
    const markup = '<div class="a  b"><span class="c">x</span><p class="">y</p><img alt="" class="d"></div>';
    expect([...markupClasses(markup)].sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
