/** The containment tree of spaces, as lists and choices show it: pure, shared by server pages and client forms. */

/** A space as the parent and venue choices offer it: in tree order, with its depth. */
export type SpaceChoice = { id: string; name: string; parent_id: string | null; depth: number };

/** The spaces in tree order (each container followed by what it contains) with their depth. */
export const spaceTree = <S extends { id: string; parent_id: string | null }>(spaces: readonly S[]): { space: S; depth: number }[] => {
  const ids = new Set(spaces.map((space) => space.id));
  const children = new Map<string | null, S[]>();
  for (const space of spaces) {
    // A parent outside the list (never expected) makes the space a root rather than hiding it.
    const parent = space.parent_id && ids.has(space.parent_id) ? space.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), space]);
  }
  const ordered: { space: S; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (space: S, depth: number) => {
    if (seen.has(space.id)) return;
    seen.add(space.id);
    ordered.push({ space, depth });
    for (const child of children.get(space.id) ?? []) visit(child, depth + 1);
  };
  for (const root of children.get(null) ?? []) visit(root, 0);
  // Spaces caught in a loop of parents have no root to hang from: list them at the top level.
  for (const space of spaces) visit(space, 0);
  return ordered;
};
