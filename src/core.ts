// What main() needs once it is past the `--version` fast path, gathered behind one dynamic import
// so that esbuild puts it in one chunk: commander, the program, the context and the error mapping.
export { envFlag } from './config/settings.js';
export { Context } from './context.js';
export { describeError } from './describe-error.js';
export { EXIT } from './errors.js';
export { buildProgram, commandPath, completionTree, normalizeColorFlag, normalizeJsonFlag, rejectOptionsAfterDashes } from './program.js';
export { escapeControls } from './model/text.js';
export { jsonText } from './output/output.js';
export { jsonShape } from './output/fields.js';
