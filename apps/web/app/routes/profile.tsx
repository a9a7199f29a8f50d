import { RequireRole } from '../components/RequireRole';
import accountStyles from '../features/auth/account.css?url';
import { SubscribeForm } from '../features/newsletter';
import { MailNotificationsSection } from '../features/notifications';
import { PersonalDataSection } from '../features/privacy';
import privacyStyles from '../features/privacy/privacy.css?url';
import { MySubscription } from '../features/revenue';
import { RoleRequestsSection } from '../features/role-requests';
import roleRequestsStyles from '../features/role-requests/role-requests.css?url';
import { ProfilePage, type ProfileSlots } from '../features/users/components/ProfilePage';

export const links = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: roleRequestsStyles },
  { rel: 'stylesheet', href: privacyStyles },
];
export const meta = () => [{ title: 'Användarinställningar | Väggen' }, { name: 'robots', content: 'noindex' }];

/** The profile composed: the users feature's page with the other features' sections in its slots. */
const slots: ProfileSlots = {
  sections: (user) => (
    <>
      {/* issue 42: plan, status, next payment and Stripe's customer portal */}
      <MySubscription />

      <MailNotificationsSection hasEmail={Boolean(user.email)} />

      {/* A saved new address starts the sign-up over with it (the field would keep the old one). */}
      <SubscribeForm key={user.email ?? ''} place="profile" defaultEmail={user.email ?? ''} />

      <div className="profile-slot" data-slot="role-requests">
        <RoleRequestsSection user={user} />
      </div>
    </>
  ),
  last: (user) => <PersonalDataSection user={user} />,
};

/** Login required; everything is loaded in the browser (the server renders "Loading..."). */
export default function Profile() {
  return <RequireRole need="user">{(user) => <ProfilePage user={user} slots={slots} />}</RequireRole>;
}
