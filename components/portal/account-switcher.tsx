"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { CheckIcon, ChevronUpDownIcon } from "@/components/ui/icons";
import { accountPath } from "@/lib/portal/paths";

type AccountOption = { id: number; name: string; role: string };

const roleLabel = (role: string) => (role === "administrator" ? "Administrator" : "Agent");

/**
 * The section a link to another account should open: the same top-level section (and the
 * same settings page), never a record id that belongs to this account only.
 */
const sectionOf = (pathname: string, accountId: number) => {
  const rest = pathname.slice(accountPath(accountId).length).split("/").filter(Boolean);
  if (rest[0] === "settings" && rest[1]) return ["settings", rest[1]];
  return rest.slice(0, 1);
};

/** The current account's name; with more than one account, a disclosure menu to switch to the others. */
export const AccountSwitcher = ({ current, accounts }: { current: AccountOption; accounts: AccountOption[] }) => {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const heading = (
    <span className="min-w-0 text-left">
      <span className="block truncate text-sm font-semibold text-slate-900">{current.name}</span>
      <span className="block text-xs text-slate-500">{roleLabel(current.role)}</span>
    </span>
  );

  if (accounts.length < 2) return <div className="rounded-md px-3 py-2">{heading}</div>;

  const section = sectionOf(pathname, current.id);
  return (
    <div
      ref={container}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          // Claimed, so the phone menu around the switcher stays open.
          event.preventDefault();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 hover:bg-slate-100"
      >
        {heading}
        <span className="sr-only">, switch account</span>
        <ChevronUpDownIcon className="size-4 shrink-0 text-slate-400" />
      </button>
      <div id={menuId} hidden={!open} className="absolute inset-x-0 z-20 mt-1 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <p className="px-2 py-1.5 text-xs font-medium text-slate-500">Your accounts</p>
        <ul aria-label="Your accounts">
          {accounts.map((account) => (
            <li key={account.id}>
              <Link
                href={accountPath(account.id, ...section)}
                aria-current={account.id === current.id ? "true" : undefined}
                onClick={() => setOpen(false)}
                className="flex items-center justify-between gap-2 rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
              >
                <span className="truncate">{account.name}</span>
                {account.id === current.id ? <CheckIcon className="size-4 text-indigo-600" /> : null}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
};
