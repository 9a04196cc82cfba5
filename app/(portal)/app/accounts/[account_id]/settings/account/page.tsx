import type { Metadata } from "next";
import { AccountForm } from "@/components/settings/account-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type { SelectOption } from "@/components/ui/select";
import { updateAccountAction } from "@/lib/portal/actions/account";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Account settings · Venuedesk" };

const knownLocales: SelectOption[] = [
  { value: "en", label: "English" },
  { value: "de", label: "Deutsch" },
  { value: "es", label: "Español" },
  { value: "fr", label: "Français" },
  { value: "it", label: "Italiano" },
  { value: "nl", label: "Nederlands" },
  { value: "pt", label: "Português" },
  { value: "pt_BR", label: "Português (Brasil)" },
];

/** The known choices, plus the current value when it is something else (set through the API). */
const withCurrent = (options: SelectOption[], current: string | null) =>
  current && !options.some((option) => option.value === current) ? [{ value: current, label: current }, ...options] : options;

const localeLabel = (locale: string) => knownLocales.find((option) => option.value === locale)?.label ?? locale;

export default async function AccountSettingsPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const { account } = ctx;
  const timezone = typeof account.customAttributes.timezone === "string" ? account.customAttributes.timezone : null;
  const back = { href: settingsPath(account.id), label: "Settings" };

  if (!isAdmin(ctx)) {
    const rows: [string, string][] = [
      ["Account name", account.name],
      ["Language", localeLabel(account.locale)],
      ["Support email", account.supportEmail ?? "Not set"],
      ["Time zone", timezone ?? "Not set"],
    ];
    return (
      <>
        <PageHeader title="Account" description="Only administrators can change these settings." back={back} />
        <Card>
          <dl className="divide-y divide-slate-100">
            {rows.map(([term, value]) => (
              <div key={term} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-3">
                <dt className="text-sm font-medium text-slate-500">{term}</dt>
                <dd className="text-sm text-slate-900 sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </>
    );
  }

  const zones = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
  const timeZones = [
    ...(timezone ? [] : [{ value: "", label: "Not set" }]),
    ...withCurrent(
      zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })),
      timezone,
    ),
  ];
  return (
    <>
      <PageHeader title="Account" description="How this account presents itself to guests." back={back} />
      <Card>
        <AccountForm
          action={updateAccountAction.bind(null, account.id)}
          account={{ name: account.name, locale: account.locale, support_email: account.supportEmail, timezone }}
          locales={withCurrent(knownLocales, account.locale)}
          timeZones={timeZones}
        />
      </Card>
    </>
  );
}
