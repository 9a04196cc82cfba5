"use client";

import { useTypers } from "@/components/portal/live-provider";
import { typingSentence } from "@/lib/live-client/typing";
import { useInbox } from "./inbox-context";

/** "Ana is typing…" under the messages, for the contact and the other agents (never the viewer). */
export const TypingNotice = ({ displayId }: { displayId: number }) => {
  const { userId } = useInbox();
  const typers = useTypers(displayId).filter((typer) => !(typer.type === "user" && typer.id === userId));
  const sentence = typingSentence(typers.map((typer) => (typer.private ? `${typer.name} (private note)` : typer.name)));
  return (
    <p role="status" className={sentence ? "shrink-0 truncate px-4 pb-1 text-xs text-slate-500 italic" : "sr-only"}>
      {sentence}
    </p>
  );
};
