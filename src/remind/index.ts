// Reminders that fire (`habits remind`): the day's schedule (schedule.ts), what a run remembers
// (state.ts), delivery (notify.ts), and the scheduler entries that run it (install.ts).
export * from './schedule.js';
export * from './state.js';
export * from './notify.js';
export * from './install.js';
export * from './status.js';
