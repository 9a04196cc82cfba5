import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { AgentBotForm } from "@/components/settings/agent-bot-form";
import { DeliveryLog } from "@/components/settings/delivery-log";
import { Notice } from "@/components/settings/notice";
import { TokenField } from "@/components/settings/token-field";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { BotIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { resetAgentBotSecretAction, resetAgentBotTokenAction, updateAgentBotAction } from "@/lib/portal/actions/agent-bots";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { loadAgentBot } from "@/lib/portal/loaders/agent-bots";
import { loadDeliveryLog, logPageOf } from "@/lib/portal/loaders/webhooks";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Agent bot · Venuedesk" };

export default async function AgentBotPage({
  params,
  searchParams,
}: {
  params: Promise<{ account_id: string; id: string }>;
  searchParams: SearchParams;
}) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const bot = await loadAgentBot(account_id, id);
  const list = settingsPath(ctx.account.id, "agent-bots");
  const back = { href: list, label: "Agent bots" };

  if (bot.system_bot) {
    return (
      <>
        <PageHeader title={bot.name} back={back} />
        <EmptyState
          icon={<BotIcon className="size-6" />}
          title="A system bot"
          description="The platform offers this bot to every account; it cannot be changed from an account."
        />
      </>
    );
  }
  if (!isAdmin(ctx)) {
    return (
      <>
        <PageHeader title={bot.name} back={back} />
        <AdminOnly what="change agent bots" back={back} />
      </>
    );
  }

  const query = await searchParams;
  const { log, timeZone } = await loadDeliveryLog(account_id, "agent_bot", bot.id, logPageOf(query.page));
  return (
    <>
      <PageHeader title={bot.name} description="Edit the bot, or manage the credentials it uses to call the API." back={back} />
      <Notice notice={readNotice(query.notice)} noun="Agent bot" />
      <div className="space-y-6">
        <Card title="Details">
          <AgentBotForm
            action={updateAgentBotAction.bind(null, ctx.account.id, bot.id)}
            bot={bot}
            submitLabel="Save changes"
            cancelHref={list}
          />
        </Card>
        <Card title="Credentials" description="The bot sends its access token in the api_access_token header.">
          <div className="space-y-6">
            <TokenField
              id="bot-access-token"
              label="Access token"
              token={bot.access_token ?? ""}
              resetAction={resetAgentBotTokenAction.bind(null, ctx.account.id, bot.id)}
              consequence="The bot's current token stops working at once. Update the bot with the new token afterwards."
            />
            {bot.secret ? (
              <TokenField
                id="bot-secret"
                label="Webhook secret"
                token={bot.secret}
                hint="The key for checking the HMAC-SHA256 signature of events sent to this bot."
                resetAction={resetAgentBotSecretAction.bind(null, ctx.account.id, bot.id)}
                consequence="Deliveries from now on, retries of earlier events included, are signed with the new secret. Update the bot right after."
                kind="secret"
              />
            ) : null}
          </div>
        </Card>
        <DeliveryLog
          accountId={ctx.account.id}
          kind="agent_bot"
          targetId={bot.id}
          log={log}
          timeZone={timeZone}
          description="Each event sent to the bot's outgoing URL, with every attempt and what the bot answered. A failed attempt is retried a few times, seconds apart."
          empty="Nothing sent yet. The bot receives events once it is connected to an inbox, or assigned a conversation, and has an outgoing URL."
        />
      </div>
    </>
  );
}
