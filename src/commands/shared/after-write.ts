// What a mark or value written for a habit changes on this machine, besides the server: the status
// line follows it (status.ts), and a total, streak or periods end it may have met is noted, so the
// next journal reads the habit's end again (endings.ts). Every verb that writes a log calls this
// once; neither part ever fails the write.
import type { HabitFacts } from '../../model/habit-facts.js';
import type { Deps } from './deps.js';
import { noteEndWrite } from './endings.js';
import { followWrite, type FollowedWrite } from './status.js';

export function afterLogWrite(
  deps: Partial<Pick<Deps, 'today' | 'now' | 'scope' | 'paths'>>,
  date: string,
  habit: { id: string; facts?: HabitFacts },
  write: FollowedWrite,
): void {
  followWrite(deps, date, habit.id, write);
  noteEndWrite(deps, habit);
}
