// zod schemas for every call: the server validates with them and the OpenAPI document is made from them.

export * from './ads-schemas.js';
export * from './api-tokens-schemas.js';
export * from './articles-schemas.js';
export * from './auth-schemas.js';
export * from './comments-schemas.js';
export * from './corrections-schemas.js';
export * from './dsa-schemas.js';
export * from './errors.js';
export * from './fronts-schemas.js';
export * from './inbox-schemas.js';
export * from './mail-schemas.js';
export * from './moderation-schemas.js';
export * from './newsletter-schemas.js';
export * from './notifications-schemas.js';
export * from './privacy-schemas.js';
export * from './replies-schemas.js';
export * from './revenue-schemas.js';
export * from './review-schemas.js';
export * from './role-requests-schemas.js';
export * from './science-schemas.js';
export * from './search-schemas.js';
export * from './settings-schemas.js';
export * from './solar-system-schemas.js';
export * from './text-schemas.js';
export * from './ticker-schemas.js';
export * from './users-schemas.js';
