// zod schemas for every call: the server validates with them and the OpenAPI document is made from them.

export * from './accounts-schemas.js';
export * from './ads.js';
export * from './articles.js';
export * from './conversation-schemas.js';
export * from './errors.js';
export * from './inbox-schemas.js';
export * from './moderation-schemas.js';
export * from './science-schemas.js';
export * from './search-schemas.js';
export * from './solar-system-schemas.js';
export * from './ticker.js';
