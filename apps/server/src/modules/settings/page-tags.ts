import { PAPER_IDENTITY_SETTINGS } from '@vaggen/contract';
import { type PageRules, pageRule } from '../../lib/page-cache/index.js';
import { NewsroomSettingsChanged } from './events.js';

/** What cached pages show of the paper's settings. */
export const SettingsPages = {
  /** The page shows the paper's legal identity (the footer's ansvarig utgivare, /about, JSON-LD). */
  identity: 'paper-identity',
} as const;

export const settingsPageRules: PageRules = {
  owner: 'settings',
  rules: [
    pageRule(NewsroomSettingsChanged, {
      evict: (c) =>
        c.keys.some((k) => (PAPER_IDENTITY_SETTINGS as readonly string[]).includes(k)) ? [SettingsPages.identity] : [],
    }),
  ],
};
