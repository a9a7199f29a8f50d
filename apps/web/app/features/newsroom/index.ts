// The newsroom feature's public API: what other features may import (docs/architecture.md, web boundaries).
import { island } from '../../lib/island';
import { EditArticleButton } from './components/EditArticleButton';

export { EditArticleButton };
/** The edit button on a reader page: an island (issue 46); give it only the article's id and author. */
export const EditArticleIsland = island('edit-article', EditArticleButton);
