// The privacy feature's public API: what other features may import (docs/architecture.md, web boundaries).
export { privacyApi } from './api';
export { PersonalDataSection } from './components/PersonalDataSection';
