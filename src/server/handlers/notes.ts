// Note endpoints: list (oldest first, paginated), create, update, delete. There is no single-note GET.
import type { Note } from '../../api/types.js';
import { type Handler, param } from '../context.js';
import { notFound } from '../http/errors.js';
import { requireHabit } from '../lookup.js';
import { deleteNote, getNote, insertNote, listNotes, saveNote } from '../store/repo/notes.js';
import { Issues } from '../validate/issues.js';
import { noteCreatedAt, parseNote } from '../validate/note.js';
import { instantRange, onlyKnown, pageQuery } from '../validate/query.js';

/** Query parameters of GET /habits/{id}/notes: the page, and `from`/`to` on the creation time. */
const NOTE_LIST_PARAMS = ['limit', 'offset', 'from', 'to'] as const;

/** GET /habits/{id}/notes[?from&to]: `from` and `to` are dates (whole days in the service's zone) or date-times. */
export const listNotesHandler: Handler = (ctx) => {
  const { app } = ctx;
  const issues = new Issues();
  onlyKnown(ctx.query, NOTE_LIST_PARAMS, issues);
  const page = pageQuery(ctx.query, issues);
  const range = instantRange(ctx.query, app.startOfDay, issues);
  issues.done();
  return app.store.read(() => {
    const habit = requireHabit(app, param(ctx, 'habitId'));
    const { notes, total } = listNotes(app.store, habit.id, page.limit, page.offset, range);
    return { status: 200, body: { data: notes, pagination: { total, ...page } } };
  });
};

/** POST /habits/{id}/notes; `createdAt` (a past date-time) dates the note, as our extension. */
export const createNote: Handler = (ctx) => {
  const { app } = ctx;
  const input = parseNote(ctx.body);
  const now = app.now();
  const createdAt = noteCreatedAt(ctx.body, now) ?? now.toISOString();
  const note = app.store.write(() => {
    const habit = requireHabit(app, param(ctx, 'habitId'));
    const created: Note = { id: app.newId(), createdAt, ...input };
    insertNote(app.store, habit.id, created);
    return created;
  });
  return { status: 201, body: note };
};

/** PUT /habits/{id}/notes/{noteId}: changes the fields sent (checked against the stored note). */
export const updateNote: Handler = (ctx) => {
  const { app } = ctx;
  const noteId = param(ctx, 'noteId');
  const note = app.store.write(() => {
    const habit = requireHabit(app, param(ctx, 'habitId'));
    const current = getNote(app.store, habit.id, noteId);
    if (!current) throw notFound(`Note ${noteId} not found for habit ${habit.id}`);
    const next: Note = { ...current, ...parseNote(ctx.body, current) };
    saveNote(app.store, habit.id, next);
    return next;
  });
  return { status: 200, body: note };
};

/** DELETE /habits/{id}/notes/{noteId}. */
export const deleteNoteHandler: Handler = (ctx) => {
  const { app } = ctx;
  const noteId = param(ctx, 'noteId');
  app.store.write(() => {
    const habit = requireHabit(app, param(ctx, 'habitId'));
    if (!deleteNote(app.store, habit.id, noteId)) throw notFound(`Note ${noteId} not found for habit ${habit.id}`);
  });
  return { status: 204 };
};
