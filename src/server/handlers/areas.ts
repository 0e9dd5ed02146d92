// Area endpoints: list, create, get, update, delete (which unlinks habits; they stay).
import type { Area } from '../../api/types.js';
import { type Handler, param } from '../context.js';
import { notFound } from '../http.js';
import { DEFAULT_AREA_COLOR, DEFAULT_AREA_ICON } from '../limits.js';
import { deleteArea, getArea, insertArea, listAreas, patchArea } from '../repo/areas.js';
import { parseArea } from '../validate-misc.js';

/** Key under which area writes are tracked with store.touch(). */
const AREAS = '\0areas';

const listCache = new WeakMap<object, { version: number; generation: number; json: string }>();

/** GET /areas, serialised once per change of the areas (clients poll it for name lookups). */
export const listAreasHandler: Handler = ({ app }) => {
  const { store } = app;
  const version = store.versionOf(AREAS);
  const hit = listCache.get(store);
  if (hit && hit.version === version && hit.generation === store.generation) return { status: 200, json: hit.json };
  const json = JSON.stringify({ data: listAreas(store) });
  listCache.set(store, { version, generation: store.generation, json });
  return { status: 200, json };
};

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
  app.store.touch(AREAS);
  return { status: 201, body: { data: area } };
};

export const getAreaHandler: Handler = (ctx) => {
  const id = param(ctx, 'areaId');
  const area = getArea(ctx.app.store, id);
  if (!area) throw notFound(`Area ${id} not found`);
  return { status: 200, body: { data: area } };
};

export const updateArea: Handler = (ctx) => {
  const { app } = ctx;
  const input = parseArea(ctx.body, false);
  const id = param(ctx, 'areaId');
  const area = app.store.write(() => {
    if (!getArea(app.store, id)) throw notFound(`Area ${id} not found`);
    patchArea(app.store, id, input);
    return getArea(app.store, id);
  });
  app.store.touch(AREAS);
  return { status: 200, body: { data: area } };
};

export const deleteAreaHandler: Handler = (ctx) => {
  const { app } = ctx;
  const id = param(ctx, 'areaId');
  app.store.write(() => {
    if (!deleteArea(app.store, id)) throw notFound(`Area ${id} not found`);
  });
  app.store.touch(AREAS);
  return { status: 204 };
};
