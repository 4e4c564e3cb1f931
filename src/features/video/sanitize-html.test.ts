// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('strips scripts, event handlers, frames and javascript: links', () => {
    const clean = sanitizeHtml(
      `<p>hi</p><script>alert(1)</script><img src="/a.png" onerror="alert(2)" alt="a">` +
        `<a href="javascript:alert(3)">x</a><iframe src="https://example.com"></iframe><p style="color:red" onclick="x()">y</p>`,
    );
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe|style=/i);
    expect(clean).toContain('<p>hi</p>');
    expect(clean).toContain('src="/a.png"');
    expect(clean).toContain('<p>y</p>');
  });

  it('keeps the allowed markup and opens links outside the app', () => {
    const clean = sanitizeHtml(
      '<h3>T</h3><ol><li><strong>a</strong></li></ol><a href="https://example.com/">l</a>',
    );
    expect(clean).toContain('<h3>T</h3><ol><li><strong>a</strong></li></ol>');
    expect(clean).toContain('href="https://example.com/"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('drops unknown elements but keeps their text', () => {
    const clean = sanitizeHtml('<marquee>moving</marquee><form><input name="a"></form>');
    expect(clean).not.toMatch(/form|input/);
    expect(clean).toContain('moving');
    expect(clean).not.toContain('marquee');
  });

  it('answers a text seen before from memory, as clean as the first time, and keeps room for new ones', () => {
    const dirty = '<p onclick="steal()">hi<script>steal()</script></p>';
    const first = sanitizeHtml(dirty);
    expect(sanitizeHtml(dirty)).toBe(first);
    expect(first).toBe('<p>hi</p>');
    for (let i = 0; i < 40; i++)
      expect(sanitizeHtml(`<b>${i}</b><img src=x onerror=a()>`)).toBe(`<b>${i}</b><img src="x">`);
    expect(sanitizeHtml(dirty)).toBe('<p>hi</p>');
  });
});
