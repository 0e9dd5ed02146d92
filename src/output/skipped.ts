// Skipped-item accounting as middleware: list items the client skipped as unusable (api/answers.ts)
// are counted, each distinct item once however many pages or listings sent it, and said in one
// warning line per listing when the command ends (cli.ts calls report before its error line, so
// the error is the last thing said).
import { countOf } from '../api/answers.js';
import type { Middleware } from '../api/pipeline.js';
import { escapeControls } from '../model/text.js';

export class SkippedItems {
  private readonly seen = new Map<string, { what: string; where: string; items: Set<string> }>();

  readonly middleware: Middleware = (next) => (req) => next({
    ...req,
    onSkipped: (what, items, where) => {
      this.note(what, items, where);
      req.onSkipped?.(what, items, where);
    },
  });

  private note(what: string, items: unknown[], where: string): void {
    const key = `${what}\u0000${where}`;
    let entry = this.seen.get(key);
    if (!entry) this.seen.set(key, (entry = { what, where, items: new Set() }));
    for (const item of items) entry.items.add(JSON.stringify(item) ?? String(item));
  }

  /** Says what was skipped, once. */
  report(warn: (line: string) => void): void {
    for (const e of this.seen.values()) {
      warn(`warning: skipped ${countOf(e.items.size, e.what)} the server sent without a usable id or name (${escapeControls(e.where)})`);
    }
    this.seen.clear();
  }
}
