import { describe, expect, it } from 'vitest';
import { prerenderedFile, prerenderedPages } from '../../../shared/prerendered-pages';
import { routeDefinition } from './paths';

describe('the prerendered pages (shared/prerendered-pages.ts)', () => {
  it('are routes at their own paths that a signed-out visitor may open, whatever the URL carries', () => {
    for (const [name, path] of Object.entries(prerenderedPages)) {
      const route = routeDefinition(name as keyof typeof prerenderedPages);
      expect(route.path, name).toBe(path);
      expect(route.needsLogin, name).toBeUndefined();
      expect(route.isInvitationStyle, name).toBeUndefined();
      expect(route.isValidTarget, name).toBeUndefined();
      expect(route.redirectTo, name).toBeUndefined();
    }
  });

  it('each have their own file; no other path has one', () => {
    const files = Object.values(prerenderedPages).map(prerenderedFile);
    expect(new Set(files).size).toBe(files.length);
    expect(prerenderedFile('/')).toBe('prerendered/index.html');
    expect(prerenderedFile('/login')).toBe('prerendered/login.html');
    expect(prerenderedFile('/dashboard')).toBeNull();
    expect(prerenderedFile('/login/')).toBeNull();
  });
});
