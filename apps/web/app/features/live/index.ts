// The live feature's public API (issue 44): what routes may import. The report itself loads
// lazily (slot.tsx): importing it here would put it in every article page's chunk.
export { LiveSlot } from './slot';
