"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { QuoteResult } from "@/lib/portal/actions/quotes";
import type { EditorQuote, QuoteEditorData } from "@/lib/portal/loaders/quote-editor";
import { attempt } from "@/lib/portal/outcome";

export type Notice = { tone: "success" | "error"; text: string };

type EditorContextValue = Omit<QuoteEditorData, "quotes"> & {
  accountId: number;
  eventId: string;
  /** A write is in flight: the other write controls wait (a patch replaces the overrides whole). */
  busy: boolean;
  notice: Notice | null;
  setNotice: (notice: Notice | null) => void;
  /**
   * Runs a server action; its answer replaces the versions and selects the one it names.
   * A refusal, or a request that never got an answer, becomes the notice unless `quiet` (a form
   * shows it beside its inputs instead); either way the editor keeps what was typed.
   */
  run: (work: () => Promise<QuoteResult>, options?: { quiet?: boolean }) => Promise<QuoteResult>;
  select: (id: number) => void;
};

const EditorContext = createContext<EditorContextValue | null>(null);

export const quoteKeys = { list: (accountId: number, eventId: string) => ["quotes", accountId, eventId] as const };

export const EditorProvider = ({
  accountId,
  eventId,
  data,
  onSelect,
  children,
}: {
  accountId: number;
  eventId: string;
  data: Omit<QuoteEditorData, "quotes">;
  onSelect: (id: number) => void;
  children: ReactNode;
}) => {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const inFlight = useRef(false);

  const run = useCallback(
    async (work: () => Promise<QuoteResult>, options: { quiet?: boolean } = {}): Promise<QuoteResult> => {
      if (inFlight.current) return { ok: false, code: "busy", message: "Please wait for the last change to be saved.", errors: {}, conflicts: [] };
      inFlight.current = true;
      setBusy(true);
      try {
        const result = await attempt(work);
        if (result.ok) {
          queryClient.setQueryData<EditorQuote[]>(quoteKeys.list(accountId, eventId), result.quotes);
          onSelect(result.selectedId);
          setNotice(result.message ? { tone: "success", text: result.message } : null);
        } else if (!options.quiet) {
          setNotice({ tone: "error", text: result.message });
        }
        return result;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [accountId, eventId, onSelect, queryClient],
  );

  const value = useMemo(
    () => ({ ...data, accountId, eventId, busy, notice, setNotice, run, select: onSelect }),
    [data, accountId, eventId, busy, notice, run, onSelect],
  );
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
};

export const useEditor = () => {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor outside the quote editor");
  return value;
};
