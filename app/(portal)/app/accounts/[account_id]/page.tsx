import { redirect } from "next/navigation";
import { accountPath } from "@/lib/portal/paths";

export default async function AccountHome({ params }: { params: Promise<{ account_id: string }> }) {
  const { account_id } = await params;
  redirect(accountPath(account_id, "conversations"));
}
