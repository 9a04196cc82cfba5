"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal dialog the editor opens and closes itself (focus moves in, Escape closes it). The
 * content is a form the caller renders, with its own error and buttons.
 */
export const EditorDialog = ({
  open,
  onClose,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-lg" : "max-w-md"} rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/30`}
    >
      {open ? (
        <div className="p-4 sm:p-6">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {title}
          </h2>
          {description ? (
            <div id={`${id}-description`} className="mt-2 text-sm text-slate-600">
              {description}
            </div>
          ) : null}
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
};
