// The mail feature's public API (issue 21): what other features may import.
export { mailApi } from './api';
export { MailWarning } from './components/MailWarning';
