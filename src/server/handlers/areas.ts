// Area endpoints: list, create, get, update, delete (which unlinks habits; they stay).
import type { Area } from '../../api/types.js';
import { type Handler, param } from '../context.js';
import { notFound } from '../http/errors.js';
import { deleteArea, getArea, insertArea, listAreas, patchArea } from '../store/repo/areas.js';
import { parseArea } from '../validate/area.js';
import { Issues } from '../validate/issues.js';
import { DEFAULT_AREA_COLOR, DEFAULT_AREA_ICON } from '../validate/limits.js';
import { onlyKnown, pageQuery } from '../validate/query.js';

/**
 * GET /areas: every area, as production answers (`{data}`), kept until the data changes (clients
 * poll it to name areas). With `limit` or `offset` (the CLI pages every list), one page with its
 * `pagination`, as GET /habits answers.
 */
export const listAreasHandler: Handler = ({ app, query }) => {
  const issues = new Issues();
  onlyKnown(query, ['limit', 'offset'], issues);
  const page = pageQuery(query, issues);
  issues.done();
  if (query.limit === undefined && query.offset === undefined) {
    return { status: 200, body: app.cachedJson('areas', () => ({ data: listAreas(app.store) })) };
  }
  const areas = app.store.read(() => listAreas(app.store));
  return { status: 200, body: { data: areas.slice(page.offset, page.offset + page.limit), pagination: { total: areas.length, ...page } } };
};

/** POST /areas. */
export const createArea: Handler = ({ app, body }) => {
  const input = parseArea(body, true);
  const area: Area = {
    id: app.newId(),
    name: input.name ?? '',
    colorHex: input.colorHex ?? DEFAULT_AREA_COLOR,
    icon: input.icon ?? DEFAULT_AREA_ICON,
    createdAt: app.now().toISOString(),
  };
  app.store.write(() => insertArea(app.store, area));
  return { status: 201, body: { data: area } };
};

/** GET /areas/{id}. */
export const getAreaHandler: Handler = (ctx) => {
  const id = param(ctx, 'areaId');
  const area = getArea(ctx.app.store, id);
  if (!area) throw notFound(`Area ${id} not found`);
  return { status: 200, body: { data: area } };
};

/** PUT /areas/{id}: changes the fields sent. */
export const updateArea: Handler = (ctx) => {
  const { app } = ctx;
  const input = parseArea(ctx.body, false);
  const id = param(ctx, 'areaId');
  const area = app.store.write(() => {
    if (!getArea(app.store, id)) throw notFound(`Area ${id} not found`);
    patchArea(app.store, id, input);
    return getArea(app.store, id);
  });
  return { status: 200, body: { data: area } };
};

/** DELETE /areas/{id}. */
export const deleteAreaHandler: Handler = (ctx) => {
  const { app } = ctx;
  const id = param(ctx, 'areaId');
  app.store.write(() => {
    if (!deleteArea(app.store, id)) throw notFound(`Area ${id} not found`);
  });
  return { status: 204 };
};
