// The newsletter feature's public API: what other features may import (docs/architecture.md, web boundaries).
import { island } from '../../lib/island';
import { SubscribeForm } from './components/SubscribeForm';

export { SubscribeForm };
/** The sign-up on reader pages: an island (issue 46). */
export const SubscribeFormIsland = island('newsletter', SubscribeForm);
