// The live feature's public API (issue 44): what routes may import. The report itself loads
// lazily (slot.tsx): importing it here would put it in every article page's chunk.
import { island } from '../../lib/island';
import { LiveSlot } from './slot';

export { LiveSlot };
/** On a reader page the report is an island (issue 46): give it only the article's id and end. */
export const LiveIsland = island('live', LiveSlot);
