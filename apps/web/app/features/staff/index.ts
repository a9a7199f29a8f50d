export { AcceptInvitation } from './components/AcceptInvitation';
export { StaffInvitePanel } from './components/StaffInvitePanel';
