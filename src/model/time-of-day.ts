// The periods of the day a habit can belong to (`timeOfDayIds`). No endpoint lists them: their ids
// and names are learned from habits that use them. The three periods of the day, with the ids the
// local service gives them (docs/local-service.md), are known from the start, so each works by id
// or name, and is offered, before any habit uses it. Pure functions.

/** Morning, afternoon and evening, in the order of the day, with the local service's ids. */
export const DAY_PERIODS: readonly { readonly id: string; readonly name: string }[] = [
  { id: 'morning', name: 'Morning' },
  { id: 'afternoon', name: 'Afternoon' },
  { id: 'evening', name: 'Evening' },
];

const rank = (name: string): number => {
  const i = DAY_PERIODS.findIndex((p) => p.name.toLowerCase() === name.toLowerCase());
  return i === -1 ? DAY_PERIODS.length : i;
};

/**
 * The periods to offer and accept: the `learned` ones (id → name), plus the three of the day,
 * unless the server has shown ids of its own for their names (then only what it has shown is
 * known). In the order of the day; other periods after them, as learned.
 */
export function withDayPeriods(learned: ReadonlyMap<string, string>): Map<string, string> {
  const ownIds = [...learned].some(([id, name]) => DAY_PERIODS.some((p) => p.id !== id && p.name.toLowerCase() === name.toLowerCase()));
  const all = new Map(ownIds ? [] : DAY_PERIODS.map((p) => [p.id, p.name]));
  for (const [id, name] of learned) all.set(id, name);
  return new Map([...all].sort(([, a], [, b]) => rank(a) - rank(b)));
}

/** The id of the period `ref` names among `known`: its id, else its name or id in any case. */
export function findPeriod(known: ReadonlyMap<string, string>, ref: string): string | undefined {
  if (known.has(ref)) return ref;
  const lower = ref.toLowerCase();
  for (const [id, name] of known) if (name.toLowerCase() === lower) return id;
  for (const id of known.keys()) if (id.toLowerCase() === lower) return id;
  return undefined;
}
