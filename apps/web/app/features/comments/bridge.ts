import type { Session } from '../../lib/session';

/** What the comments section takes from the page around it (decision 029: it is a root of its own). */
export interface CommentsEnv {
  session: Session;
  /** The address's `#…` and React Router's key of the visit (a `#comment-…` link). */
  hash: string;
  locationKey: string;
}

/**
 * The page's session and address, passed to the comments section's own React root. The page
 * writes them as they change; the section reads them as an external store, so it never needs a
 * `root.render` while it hydrates, and it hydrates with what the server rendered (`served`).
 */
export class CommentsBridge {
  private env: CommentsEnv | null = null;
  private servedEnv: CommentsEnv | null = null;
  private readonly listeners = new Set<() => void>();

  set(env: CommentsEnv): void {
    const was = this.env;
    if (was && was.session === env.session && was.hash === env.hash && was.locationKey === env.locationKey) return;
    this.env = env;
    for (const l of this.listeners) l();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): CommentsEnv => {
    if (!this.env) throw new Error('the comments section was mounted before the page gave it a session');
    return this.env;
  };

  /** What the server rendered the section with: a visitor whose session is still loading, no `#`. */
  readonly served = (): CommentsEnv => {
    if (!this.servedEnv) {
      const { session } = this.get();
      this.servedEnv = {
        session: { ...session, status: 'loading', user: null, loggedOut: false },
        hash: '',
        locationKey: 'default',
      };
    }
    return this.servedEnv;
  };
}
