import { redirect } from "next/navigation";
import { sessionCaller } from "@/lib/auth/session";

export default async function Home() {
  redirect((await sessionCaller()) ? "/app" : "/login");
}
