import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link of the README and docs/ resolves: the file exists and, with a `#anchor`,
 * the page has a heading of that slug (GitHub's rule: lower case, punctuation dropped, spaces
 * to hyphens, a repeated heading numbered). Links to the web are not followed.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

/** The anchors GitHub gives a page's headings, and the ids of its own `<a id="…">` anchors. */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const seen = new Map<string, number>();
  const anchors = new Set([...text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)].map((match) => match[1]!));
  let inFence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The relative link targets of a page, outside code spans and fences. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const pages = [path.join(repositoryRoot, 'README.md'), ...markdownFiles(path.join(repositoryRoot, 'docs'))];

describe('links of the README and docs/', () => {
  it.each(pages.map((page) => [path.relative(repositoryRoot, page), page]))('%s: every relative link and anchor resolves', (_name, page) => {
    const broken = linksOf(page).filter((target) => {
      const [filePart, anchor] = target.split('#') as [string, string | undefined];
      const file = filePart ? path.resolve(path.dirname(page), decodeURIComponent(filePart)) : page;
      if (!existsSync(file)) return true;
      return anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
