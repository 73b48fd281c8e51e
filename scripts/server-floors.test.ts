import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's floors are written once for people (docs/architecture.md "Server floors") and
 * once for lint (serverFloors in eslint.config.js): both must say the same.
 */
const repositoryRoot = path.resolve(import.meta.dirname, '..');
// eslint.config.js is plain JavaScript: its floors are read as data.
const { serverFloors } = (await import(path.join(repositoryRoot, 'eslint.config.js'))) as { serverFloors: string[][] };

function documentedFloors(): Map<string, number> {
  const text = readFileSync(path.join(repositoryRoot, 'docs', 'architecture.md'), 'utf8');
  const section = text.slice(text.indexOf('## Server floors'), text.indexOf('\n## ', text.indexOf('## Server floors') + 1));
  const floors = new Map<string, number>();
  for (const row of section.matchAll(/^\| (\d+) \| (.+?) \|/gm)) {
    for (const folder of row[2]!.matchAll(/`(?:functions\/)?((?:domain\/)?[a-z-]+)\/?`/g)) floors.set(folder[1]!, Number(row[1]));
  }
  return floors;
}

describe('the server floors', () => {
  it('are the same in docs/architecture.md and in lint', () => {
    const documented = documentedFloors();
    const linted = new Map(serverFloors.flatMap((floor, level) => floor.map((area) => [area, level + 1] as const)));
    for (const [area, floor] of linted) expect({ area, floor: documented.get(area) }).toEqual({ area, floor });
    const bindings = Math.max(...linted.values()) + 1;
    for (const [area, floor] of documented) if (floor < bindings) expect({ area, floor: linted.get(area) }).toEqual({ area, floor });
  });
});
