import Link from "next/link";
import type { ComponentProps } from "react";
import { cn } from "./cn";

type Variant = "primary" | "secondary" | "danger" | "ghost";
type Size = "sm" | "md";

const base =
  "inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 " +
  "disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<Variant, string> = {
  primary: "bg-indigo-600 text-white shadow-sm hover:bg-indigo-500",
  secondary: "bg-white text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-500",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
};

const sizes: Record<Size, string> = {
  sm: "h-8 px-2.5 text-sm",
  md: "h-9 px-3.5 text-sm",
};

type StyleProps = { variant?: Variant; size?: Size };

export const buttonClass = ({ variant = "primary", size = "md" }: StyleProps = {}, extra?: string) =>
  cn(base, variants[variant], sizes[size], extra);

export const Button = ({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & StyleProps) => (
  <button type={type} className={buttonClass({ variant, size }, className)} {...props} />
);

/** A link that looks like a button (navigation, not an action). */
export const ButtonLink = ({ variant, size, className, ...props }: ComponentProps<typeof Link> & StyleProps) => (
  <Link className={buttonClass({ variant, size }, className)} {...props} />
);
