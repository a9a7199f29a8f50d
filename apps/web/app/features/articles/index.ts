// The articles feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { ArticleLink } from './components/ArticleLink';
export { ArticleView } from './components/ArticleView';
export { loadArticleSanitizer } from './sanitize';
