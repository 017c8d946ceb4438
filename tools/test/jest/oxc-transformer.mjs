/**
 * Jest's transformer for our TypeScript: Oxc (the transformer inside rolldown, which Vite already
 * brings), with the compiler options of tsconfig.base.json that change what the code does:
 * legacy decorators with their metadata, and `useDefineForClassFields: false` (fields without an
 * initializer are not defined, the others are assigned in the constructor after parameter
 * properties, as tsc emits them). Like ts-jest with isolatedModules it only strips types, file by
 * file; `tsc -b` type-checks the build and tsconfig.spec.json the tests. It replaced ts-jest because
 * a cold run spent most of a file's transform time in TypeScript's own emitter (docs/testing.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transformSync } from 'rolldown/utils';

const OPTIONS = {
  lang: 'ts',
  sourceType: 'module',
  target: 'es2023',
  sourcemap: true,
  typescript: { removeClassFieldsWithoutInitializer: true },
  assumptions: { setPublicClassFields: true },
  decorator: { legacy: true, emitDecoratorMetadata: true },
  // Helpers are reached through a `babelHelpers` object; the ones decorators need are defined below
  // at the top of the file that uses them, so no runtime package is needed.
  helpers: { mode: 'External' },
};

/** tslib's __decorate, __metadata and __param: what tsc emits for the same decorators. */
const HELPERS = {
  decorate:
    'decorate(decorators, target, key, desc) { var c = arguments.length, r = c < 3 ? target : desc === null ? (desc = Object.getOwnPropertyDescriptor(target, key)) : desc, d; ' +
    'if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc); ' +
    'else for (var i = decorators.length - 1; i >= 0; i--) if ((d = decorators[i])) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r; ' +
    'return c > 3 && r && Object.defineProperty(target, key, r), r; }',
  decorateMetadata: 'decorateMetadata(k, v) { if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v); }',
  decorateParam: 'decorateParam(index, decorator) { return function (target, key) { decorator(target, key, index); }; }',
};

const VERSION = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url)))
  .update(JSON.parse(readFileSync(new URL('../../../node_modules/rolldown/package.json', import.meta.url), 'utf8')).version)
  .digest('hex');

function transform(sourceText, sourcePath) {
  const result = transformSync(sourcePath, sourceText, OPTIONS);
  if (result.errors.length > 0) {
    const messages = result.errors.map((error) => `${error.severity}: ${error.message}${error.codeframe ? `\n${error.codeframe}` : ''}`);
    throw new Error(`Oxc could not transform ${sourcePath}:\n${messages.join('\n')}`);
  }
  const helpers = Object.keys(result.helpersUsed ?? {});
  const unknown = helpers.filter((name) => !(name in HELPERS));
  if (unknown.length > 0) throw new Error(`${sourcePath} needs Oxc helpers the Jest transformer does not define: ${unknown.join(', ')}`);
  // Prepended on the first line, so the source map's lines stay right.
  const prelude = helpers.length > 0 ? `const babelHelpers = { ${helpers.map((name) => HELPERS[name]).join(', ')} }; ` : '';
  return { code: prelude + result.code, map: result.map };
}

export default {
  canInstrument: false,
  getCacheKey(sourceText, sourcePath, options) {
    return createHash('sha256')
      .update(VERSION)
      .update('\0')
      .update(sourcePath)
      .update('\0')
      .update(String(options.supportsStaticESM))
      .update('\0')
      .update(sourceText)
      .digest('hex');
  },
  process(sourceText, sourcePath, options) {
    if (!options.supportsStaticESM) throw new Error(`${sourcePath}: our TypeScript is ES modules only (extensionsToTreatAsEsm), not required from CommonJS`);
    return transform(sourceText, sourcePath);
  },
};
