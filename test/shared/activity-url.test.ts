/**
 * An Activity's address: an http(s) URL, or a path of the registry itself, which keeps a
 * world file working whatever address the registry listens on; the launch parameters go in
 * its query either way, and the client resolves a path against the registry it talks to.
 */
import { describe, expect, it } from 'vitest';
import { isRegistryPath, resolveActivityUrl, withLaunchParameters } from '../../src/shared/activity-url.js';
import { worldApplicationSchema } from '../../src/shared/world-entities.js';
import { WORLD_PARSE, worldIssues } from '../../src/shared/world-issues.js';

const LAUNCH = { instance_id: 'i-1', frame_id: 'f-1', platform: 'desktop' };

describe('activity_url', () => {
  it('is a URL or an absolute path of the registry, never a host-relative or scheme-less address', () => {
    expect(isRegistryPath('/activities/1184503000000000007/')).toBe(true);
    expect(isRegistryPath('/game/?mode=duel')).toBe(true);
    for (const value of ['//evil.example/', '/\\evil.example', 'game/', 'https://dice.example/', '/with space', '/x#frag', '']) {
      expect(isRegistryPath(value), value).toBe(false);
    }
  });

  it('carries the launch parameters in its query, keeping its own, and a path stays a path', () => {
    expect(withLaunchParameters('https://dice.example/play?mode=duel', LAUNCH)).toBe('https://dice.example/play?mode=duel&instance_id=i-1&frame_id=f-1&platform=desktop');
    expect(withLaunchParameters('/activities/1/', LAUNCH)).toBe('/activities/1/?instance_id=i-1&frame_id=f-1&platform=desktop');
  });

  it('resolves a path against the registry the client talks to', () => {
    expect(resolveActivityUrl('/activities/1/?frame_id=f', 'http://localhost:8484')).toBe('http://localhost:8484/activities/1/?frame_id=f');
    expect(resolveActivityUrl('https://dice.example/?frame_id=f', 'http://localhost:8484')).toBe('https://dice.example/?frame_id=f');
  });

  it('is refused in a world file when it is neither, in the service\'s words', () => {
    const app = { id: '1184503000000000007', name: 'Demo Activity', activity_url: 'activities/demo/' };
    const parsed = worldApplicationSchema.safeParse(app, WORLD_PARSE);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(worldIssues(parsed.error)).toEqual([{ path: ['activity_url'], code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' }]);
    expect(worldApplicationSchema.safeParse({ ...app, activity_url: '/activities/1184503000000000007/' }, WORLD_PARSE).success).toBe(true);
  });
});
