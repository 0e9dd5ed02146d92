// Note bodies, and the note fields the importer checks the same way.
import { MOOD_LEVELS, type Note } from '../../api/types.js';
import { array, oneOf, pastDateTime, text } from './fields.js';
import { Issues, type Obj, at, bodyObject, isObject } from './issues.js';
import { LIMITS } from './limits.js';

/** Photo URLs: at most LIMITS.photos absolute URLs. */
export function photoList(value: unknown, field: string, issues: Issues): string[] | undefined {
  const items = array(value, field, issues, 0, LIMITS.photos);
  if (!items) return undefined;
  const before = issues.list.length;
  items.forEach((item, i) => {
    const url = text(item, `${field}[${i}]`, issues, { max: LIMITS.photoUrl, nonEmpty: true });
    if (url !== undefined && !URL.canParse(url)) issues.add(`${field}[${i}]`, 'must be an absolute URL');
  });
  return issues.list.length === before ? (items as string[]) : undefined;
}

/** What a note says. */
export type NoteFields = Pick<Note, 'content' | 'moodLevel' | 'photos'>;

const NO_NOTE: NoteFields = { content: null, moodLevel: null, photos: [] };

/**
 * The fields of a note after `obj` is applied to `base` (the stored note on update, nothing on
 * create); null clears content or mood when `nullClears`. The result must say something: non-empty
 * content, a mood or at least one photo. Shared by the API and the importer.
 */
export function noteFields(obj: Obj, path: string, issues: Issues, base: NoteFields | undefined, nullClears: boolean): NoteFields | undefined {
  const before = issues.list.length;
  const out: NoteFields = { ...(base ?? NO_NOTE) };
  if (nullClears && obj.content === null) out.content = null;
  else if (obj.content !== undefined) out.content = text(obj.content, at(path, 'content'), issues, { max: LIMITS.noteContent }) ?? null;
  if (nullClears && obj.moodLevel === null) out.moodLevel = null;
  else if (obj.moodLevel !== undefined) out.moodLevel = oneOf(obj.moodLevel, at(path, 'moodLevel'), issues, MOOD_LEVELS) ?? null;
  if (obj.photos !== undefined) out.photos = photoList(obj.photos, at(path, 'photos'), issues) ?? [];
  if (issues.list.length !== before) return undefined;
  if ((out.content ?? '') === '' && out.moodLevel === null && out.photos.length === 0) {
    return issues.add(path || 'body', base ? 'would leave the note without content, moodLevel or photos' : 'must have content, a moodLevel or at least one photo');
  }
  return out;
}

/**
 * A note body for POST (`current` undefined) or for PUT of `current`: at least one of content,
 * moodLevel, photos, and a note that still says something. On update, null clears content or mood.
 */
export function parseNote(body: unknown, current?: NoteFields): NoteFields {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  if (obj.content === undefined && obj.moodLevel === undefined && obj.photos === undefined) {
    issues.add('body', 'must contain at least one of content, moodLevel, photos');
    return issues.done() as never;
  }
  const out = noteFields(obj, '', issues, current, current !== undefined);
  issues.done();
  return out ?? NO_NOTE;
}

/**
 * The `createdAt` of a POST note body (our extension: it dates a note written later, as a note's
 * day is its creation time), as an ISO string in UTC; undefined when the body has none (the note
 * is created now). A date-time with a zone, from MIN_YEAR on and not after `now`.
 */
export function noteCreatedAt(body: unknown, now: Date): string | undefined {
  if (!isObject(body) || body.createdAt === undefined) return undefined;
  const issues = new Issues();
  const createdAt = pastDateTime(body.createdAt, 'createdAt', issues, now);
  issues.done();
  return createdAt;
}
