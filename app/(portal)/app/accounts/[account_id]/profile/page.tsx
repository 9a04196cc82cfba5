import type { Metadata } from "next";
import { NotificationEmailsForm } from "@/components/settings/notification-emails-form";
import { PasswordForm } from "@/components/settings/password-form";
import { ProfileForm } from "@/components/settings/profile-form";
import { TokenField } from "@/components/settings/token-field";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { currentUser, pageContext } from "@/lib/portal/context";
import { changePasswordAction, resetProfileTokenAction, updateProfileAction } from "@/lib/portal/actions/profile";
import { notificationEmailsAction } from "@/lib/portal/actions/notifications";
import { selectedEmailFlags } from "@/lib/portal/loaders/notifications";

export const metadata: Metadata = { title: "Profile · Venuedesk" };

export default async function ProfilePage({ params }: { params: Promise<{ account_id: string }> }) {
  const { account_id } = await params;
  const ctx = await pageContext(account_id);
  const [user, emailFlags] = await Promise.all([currentUser(account_id), selectedEmailFlags(ctx)]);
  const accountId = ctx.account.id;

  return (
    <>
      <PageHeader title="Profile" description="Your details, your API access token, your password and which notifications are emailed to you." />
      <div className="space-y-6">
        <Card title="Personal details">
          <ProfileForm
            action={updateProfileAction.bind(null, accountId)}
            profile={{ name: user.name, display_name: user.display_name, email: user.email, message_signature: user.message_signature }}
          />
        </Card>
        <Card
          title="API access token"
          description="Scripts and integrations act as you when they send this token in the api_access_token header."
        >
          <TokenField
            id="access-token"
            label="Access token"
            token={user.access_token ?? ""}
            resetAction={resetProfileTokenAction.bind(null, accountId)}
            hint="Keep it secret, like a password."
            consequence="Anything that uses your current token stops working at once, in every account. You will need to give it the new token."
          />
        </Card>
        <Card title="Password" description="You need your current password to choose a new one.">
          <PasswordForm action={changePasswordAction.bind(null, accountId)} />
        </Card>
        <section id="email-notifications" className="scroll-mt-6">
          <Card title="Email notifications" description={`Every notification shows under the bell; these are also emailed to ${user.email} (for this account).`}>
            <NotificationEmailsForm action={notificationEmailsAction.bind(null, accountId)} selected={emailFlags} />
          </Card>
        </section>
      </div>
    </>
  );
}
