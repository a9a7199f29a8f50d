// The newsroom feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { EditArticleButton } from './components/EditArticleButton';
