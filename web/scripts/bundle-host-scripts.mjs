// Builds each host script (a module in host/ with a default-exported entry function) into one
// function expression a host runs as `<text>(<configuration JSON>)`:
//
//   (function (configuration) {
//   'use strict';
//   <the module and what it imports, imports and exports stripped>
//   return <entry>(window, configuration);
//   })
//
// written to <output folder>/<path>.js, <path> from the compiled folder (host/platform-tag.js).
// Modules without a default export (shared helpers, configurations.generated.ts) produce nothing;
// the generator (`today-bridge-generate embed`, Tools/Sources/TodayBridgeGenerator) embeds the
// results into Swift and Java. The traffic inspector's page script (Tools/inspector/) is built the
// same way, by its own build.
//
// Usage: node scripts/bundle-host-scripts.mjs <compiled folder> <output folder> [<folder>]
// (build.sh passes dist/host-esm, compiled by tsconfig.host.json without comments, and dist; the
// folder of the compiled folder whose entries are built is `host` unless given, `.` for all)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { dropUnusedConstants, joinModules } from './bundle-modules.mjs';

const [compiled, out, folder = 'host'] = process.argv.slice(2);

/** The compiled modules under `folder` (relative to `compiled`), sorted, with `/` separators. */
function modules(folder) {
  return readdirSync(join(compiled, folder), { withFileTypes: true })
    .flatMap((entry) => {
      const path = posix.join(folder, entry.name);
      if (entry.isDirectory()) return modules(path);
      return entry.name.endsWith('.js') ? [path] : [];
    })
    .sort();
}

for (const file of modules(folder)) {
  const source = readFileSync(join(compiled, file), 'utf8');
  if (!/^export default /m.test(source)) continue;
  const entry = /^export default function ([A-Za-z_$][\w$]*)\s*\(/m.exec(source);
  if (!entry) throw new Error(`${file}: the default export must be a named function, the script's entry`);
  const body = dropUnusedConstants(joinModules(compiled, file));
  const text = `(function (configuration) {\n'use strict';\n${body}return ${entry[1]}(window, configuration);\n})`;
  try {
    new Function('window', `return ${text}`);
  } catch (error) {
    throw new Error(`${file}: the built script does not parse: ${error.message}`);
  }
  const target = join(out, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}
