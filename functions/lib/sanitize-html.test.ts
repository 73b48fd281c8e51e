import { describe, expect, it } from 'vitest';
import { decodeEntities, sanitizeHtml } from './sanitize-html';

const clean = (html: string) => sanitizeHtml(html).html;

describe('sanitizeHtml keeps the editor formatting', () => {
  it('keeps paragraphs, line breaks, bold, italic and lists', () => {
    const note = '<p>Plan <strong>now</strong>, <b>b</b> <em>e</em> <i>i</i><br>next</p><ol><li>one</li></ol><ul><li>two</li></ul>';
    expect(clean(note)).toBe(note);
  });

  it('keeps text-align left, center or right on p and li, in a canonical form', () => {
    expect(clean('<p style="text-align:center">c</p>')).toBe('<p style="text-align: center;">c</p>');
    expect(clean("<li STYLE='TEXT-ALIGN: Right ; color: red'>r</li>")).toBe('<li style="text-align: right;">r</li>');
    expect(clean('<p style="text-align: justify">j</p>')).toBe('<p>j</p>');
    expect(clean('<strong style="text-align: center">s</strong>')).toBe('<strong>s</strong>');
    expect(clean('<p style="text-align: center; background: url(javascript:alert(1))">x</p>')).toBe('<p style="text-align: center;">x</p>');
  });

  it('keeps what the rich text editor (tiptap) writes: paragraphs inside list items, empty paragraphs', () => {
    const note = '<p style="text-align: right;">r</p><ol><li><p>one</p></li><li><p><em>two</em></p></li></ol><p></p>';
    expect(clean(note)).toBe(note);
  });

  it('counts the visible text only', () => {
    expect(sanitizeHtml('<p>ab&amp;c</p>\n<p><br></p>').textLength).toBe(4);
    expect(sanitizeHtml('<p>' + 'x'.repeat(1000) + '</p>').textLength).toBe(1000);
  });
});

describe('sanitizeHtml removes everything else', () => {
  it('drops script, style and iframe with their content', () => {
    expect(clean('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(clean('<SCRIPT type="text/javascript">document.cookie</SCRIPT >ok')).toBe('ok');
    expect(clean('<style>p{color:red}</style><iframe src="https://evil"></iframe>x')).toBe('x');
    expect(clean('<script>var s = "</p><p>";</script>after')).toBe('after');
    expect(clean('<svg><svg onload=alert(1)></svg><p>inside</p></svg>out')).toBe('out');
    expect(clean('<p>before<script>never closed')).toBe('<p>before</p>');
  });

  it('drops event handlers and every other attribute', () => {
    expect(clean('<p onclick="alert(1)" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(clean('<img src=x onerror=alert(1)>text')).toBe('text');
    expect(clean('<strong onmouseover=alert(1)>b</strong>')).toBe('<strong>b</strong>');
    expect(clean('<a href="javascript:alert(1)">link</a>')).toBe('link');
    expect(clean('<p style="text-align:center" onload="x()">c</p>')).toBe('<p style="text-align: center;">c</p>');
  });

  it('keeps the text of unknown elements but not their tags', () => {
    expect(clean('<div><span class="big">hello</span></div>')).toBe('hello');
    expect(clean('<h1>Title</h1><blockquote>q</blockquote>')).toBe('Titleq');
  });

  it('drops comments, doctypes, CDATA and processing instructions', () => {
    expect(clean('a<!-- <script>alert(1)</script> -->b')).toBe('ab');
    expect(clean('<!DOCTYPE html><?xml version="1.0"?>c<![CDATA[<script>x</script>]]>d')).toBe('cx]]&gt;d');
    expect(clean('a<!-- never closed <p>b</p>')).toBe('a');
  });

  it('escapes stray angle brackets and re-escapes decoded entities', () => {
    expect(clean('1 < 2 > 0 & more')).toBe('1 &lt; 2 &gt; 0 &amp; more');
    expect(clean('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(clean('&#60;img src=x onerror=alert(1)&#x3e;')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(clean('&unknown; &amp;amp;')).toBe('&amp;unknown; &amp;amp;');
  });

  it('defeats nesting and splitting tricks', () => {
    expect(clean('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
    expect(clean('<<script>script>alert(1)<</script>/script>')).toBe('&lt;/script&gt;');
    expect(clean('<p/onclick=alert(1)>x</p>')).toBe('<p>x</p>');
    expect(clean('<p\nonclick="alert(1)">x</p>')).toBe('<p>x</p>');
    expect(clean('<li style="text-align:&#99;enter">x</li>')).toBe('<li style="text-align: center;">x</li>');
  });

  it('closes unclosed elements, ignores stray end tags and drops an unfinished tag', () => {
    expect(clean('<p><strong>bold')).toBe('<p><strong>bold</strong></p>');
    expect(clean('</strong>text</p></li>')).toBe('text');
    expect(clean('<p>a</strong>b</p>')).toBe('<p>ab</p>');
    expect(clean('<p>ok</p><p onclick="alert(1)')).toBe('<p>ok</p>');
    expect(clean('<p>one<p>two')).toBe('<p>one</p><p>two</p>');
    expect(clean('<ul><li>a<li>b</ul>')).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('caps the nesting depth and strips control characters', () => {
    const deep = '<strong>'.repeat(50) + 'x' + '</strong>'.repeat(50);
    expect(clean(deep).match(/<strong>/g)).toHaveLength(20);
    expect(clean('a\u0000b\u0007c\n')).toBe('abc\n');
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references and refuses invalid code points', () => {
    expect(decodeEntities('&amp;&lt;&gt;&quot;&#39;&#x41;&#66;&nbsp;')).toBe('&<>"\'AB\u00a0');
    expect(decodeEntities('&#0;&#xD800;&#x110000;')).toBe('\ufffd\ufffd\ufffd');
  });
});
