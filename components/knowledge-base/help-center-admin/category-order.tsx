"use client";

import { useId, useState, useTransition } from "react";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { EditCategoryForm } from "@/components/knowledge-base/help-center-admin/portal-forms";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ChevronUpDownIcon } from "@/components/ui/icons";
import { StatusMessage } from "@/components/ui/status-message";
import { cn } from "@/components/ui/cn";
import type { FormAction } from "@/lib/portal/form-state";
import { attempt, type Outcome } from "@/lib/portal/outcome";

/*
 * A locale's categories in their public order. Managers drag a row by its handle (pointer, or
 * keyboard: focus the handle, Space, arrows, Space) or use the move buttons; the new order is
 * saved at once as positions 10, 20, …. A refused save puts the order back. "Edit" opens the
 * category's fields under its row, with its deletion.
 */

export type CategoryRow = {
  id: number;
  name: string;
  slug: string;
  icon: string;
  description: string | null;
  articles: number;
  /** The row's own actions, for managers. */
  update?: FormAction;
  remove?: FormAction;
};

type Reorder = (input: { positions_hash: Record<string, number> }) => Promise<Outcome<object>>;

const countLabel = (n: number) => (n === 1 ? "1 article" : `${n} articles`);

const RowContent = ({ category }: { category: CategoryRow }) => (
  <div className="min-w-0 flex-1">
    <span className="font-medium text-slate-900">
      {category.icon ? <span aria-hidden="true">{category.icon} </span> : null}
      {category.name}
    </span>
    <span className="block text-xs text-slate-500">{countLabel(category.articles)}</span>
  </div>
);

const SortableRow = ({
  category,
  index,
  total,
  move,
  disabled,
}: {
  category: CategoryRow;
  index: number;
  total: number;
  move: (from: number, to: number) => void;
  disabled: boolean;
}) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: category.id });
  const [editing, setEditing] = useState(false);
  const panel = `category-${category.id}-edit`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn("bg-white px-3 py-2", isDragging && "relative z-10 shadow-md ring-1 ring-indigo-200")}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder ${category.name}`}
          className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ChevronUpDownIcon className="size-4" />
        </button>
        <RowContent category={category} />
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" aria-label={`Move ${category.name} up`} disabled={disabled || index === 0} onClick={() => move(index, index - 1)}>
            ↑
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Move ${category.name} down`}
            disabled={disabled || index === total - 1}
            onClick={() => move(index, index + 1)}
          >
            ↓
          </Button>
          {category.update ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={editing}
              aria-controls={panel}
              aria-label={`Edit ${category.name}`}
              onClick={() => setEditing((open) => !open)}
            >
              {editing ? "Close" : "Edit"}
            </Button>
          ) : null}
        </div>
      </div>
      {editing && category.update ? (
        <div id={panel} className="mt-3 space-y-4 border-t border-slate-100 pt-3">
          <EditCategoryForm action={category.update} category={category} idPrefix={panel} />
          {category.remove ? (
            <ConfirmButton
              action={category.remove}
              label="Delete category"
              ariaLabel={`Delete ${category.name}`}
              triggerVariant="danger"
              title={`Delete “${category.name}”?`}
              description={
                category.articles === 0
                  ? "The category has no articles."
                  : `Its ${countLabel(category.articles)} stay in the portal, without a category.`
              }
              confirmLabel="Delete"
              pendingLabel="Deleting…"
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
};

export const CategoryOrder = ({ categories, reorder, label }: { categories: CategoryRow[]; reorder?: Reorder; label: string }) => {
  const [rows, setRows] = useState(categories);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const id = useId();
  // Drawn again by the server (a category added, the order saved): its order is the truth.
  const [drawn, setDrawn] = useState(categories);
  if (drawn !== categories) {
    setDrawn(categories);
    setRows(categories);
  }
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  if (rows.length === 0) return <p className="text-sm text-slate-600">No categories in this locale yet.</p>;

  if (!reorder) {
    return (
      <ol aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rows.map((category) => (
          <li key={category.id} className="flex items-center px-3 py-2">
            <RowContent category={category} />
          </li>
        ))}
      </ol>
    );
  }

  const move = (from: number, to: number) => {
    const before = rows;
    const next = arrayMove(rows, from, to);
    setRows(next);
    setMessage(null);
    startTransition(async () => {
      const positions = Object.fromEntries(next.map((category, index) => [String(category.id), (index + 1) * 10]));
      const outcome = await attempt(() => reorder({ positions_hash: positions }));
      if (outcome.ok) {
        setMessage({ tone: "success", text: "Order saved." });
      } else {
        setRows(before);
        setMessage({ tone: "error", text: outcome.message });
      }
    });
  };

  // What a screen reader hears while a category is moved: names and places, not ids.
  const nameOf = (key: UniqueIdentifier) => rows.find((category) => category.id === key)?.name ?? "The category";
  const placeOf = (key: UniqueIdentifier | undefined) => `position ${rows.findIndex((category) => category.id === key) + 1} of ${rows.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${placeOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${placeOf(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving cancelled: ${nameOf(active.id)} is back in place.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((category) => category.id === active.id);
    const to = rows.findIndex((category) => category.id === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };

  return (
    <div className="space-y-2">
      <DndContext id={id} sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={rows.map((category) => category.id)} strategy={verticalListSortingStrategy}>
          <ol aria-label={label} className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200">
            {rows.map((category, index) => (
              <SortableRow key={category.id} category={category} index={index} total={rows.length} move={move} disabled={pending} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {message ? <StatusMessage tone={message.tone}>{message.text}</StatusMessage> : null}
    </div>
  );
};
