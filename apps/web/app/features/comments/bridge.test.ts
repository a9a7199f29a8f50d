import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../../lib/session';
import { CommentsBridge } from './bridge';

const session = (status: Session['status'], user: Session['user'] = null): Session => ({
  status,
  user,
  loggedOut: false,
  login: async () => {
    throw new Error('not here');
  },
  logout: async () => {},
  setUser: () => {},
});

describe('CommentsBridge (the page → the comments root)', () => {
  it('tells its listeners of a new session or address, and of nothing that did not change', () => {
    const bridge = new CommentsBridge();
    const listener = vi.fn();
    const stop = bridge.subscribe(listener);
    const s = session('anonymous');
    bridge.set({ session: s, hash: '', locationKey: 'a' });
    expect(listener).toHaveBeenCalledTimes(1);
    const first = bridge.get();
    bridge.set({ session: s, hash: '', locationKey: 'a' });
    expect(listener).toHaveBeenCalledTimes(1);
    // the same value: the same object, as useSyncExternalStore needs
    expect(bridge.get()).toBe(first);
    bridge.set({ session: s, hash: '#comment-4', locationKey: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(bridge.get().hash).toBe('#comment-4');
    stop();
    bridge.set({ session: session('authenticated'), hash: '', locationKey: 'c' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('hydrates with what the server rendered: a session still loading, no address fragment', () => {
    const bridge = new CommentsBridge();
    const user = { id: 7, username: 'anna', is_admin: false, profile_picture: null } as unknown as Session['user'];
    bridge.set({ session: session('authenticated', user), hash: '#comment-9', locationKey: 'k' });
    const served = bridge.served();
    expect(served.session.status).toBe('loading');
    expect(served.session.user).toBeNull();
    expect(served.hash).toBe('');
    expect(served.locationKey).toBe('default');
    expect(bridge.served()).toBe(served);
    // the present values are unchanged
    expect(bridge.get().session.status).toBe('authenticated');
  });

  it('says so when the section asks before the page gave it anything', () => {
    expect(() => new CommentsBridge().get()).toThrow(/before the page gave it a session/);
  });
});
