/**
 * How many export packs may be written at once: a pack reads every row of a study and keeps a CPU core busy for
 * seconds to minutes, so a user has at most PACKS_PER_USER running and the server PACKS_PER_PROCESS. Held only
 * while a pack is written (the map has an entry per user with a pack running, no more).
 */
import { processSingleton } from "@/lib/process-singleton";

export const PACKS_PER_USER = 2;
export const PACKS_PER_PROCESS = 4;

interface Slots {
  byUser: Map<number, number>;
  total: number;
}

const slots = () => processSingleton<Slots>("export-pack-slots", () => ({ byUser: new Map(), total: 0 }));

/** A slot for the user's pack, with the function that gives it back (once); null when none is free. */
export function takePackSlot(userId: number, s: Slots = slots()): (() => void) | null {
  const mine = s.byUser.get(userId) ?? 0;
  if (mine >= PACKS_PER_USER || s.total >= PACKS_PER_PROCESS) return null;
  s.byUser.set(userId, mine + 1);
  s.total++;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    s.total--;
    const left = (s.byUser.get(userId) ?? 1) - 1;
    if (left === 0) s.byUser.delete(userId);
    else s.byUser.set(userId, left);
  };
}

/** Fresh slots, for tests. */
export const newSlots = (): Slots => ({ byUser: new Map(), total: 0 });
