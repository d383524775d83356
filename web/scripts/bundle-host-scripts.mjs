// Builds each host script (a module in src/host/ with a default-exported entry function) into
// one function expression a host runs as `<text>(<configuration JSON>)`:
//
//   (function (configuration) {
//   'use strict';
//   <the module and what it imports, imports and exports stripped>
//   return <entry>(window, configuration);
//   })
//
// written to <output folder>/host/<path>.js; the traffic inspector's page script (src/inspector/)
// likewise to <output folder>/inspector/<path>.js. Modules without a default export (shared helpers,
// configurations.generated.ts) produce nothing; web/scripts/host-scripts.mjs embeds the results
// into Swift.
//
// Usage: node scripts/bundle-host-scripts.mjs <compiled src folder> <output folder>
// (build.sh passes dist/host-esm, compiled by tsconfig.host.json without comments)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { dropUnusedConstants, joinModules } from './bundle-modules.mjs';

const [compiled, out] = process.argv.slice(2);

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

for (const file of [...modules('host'), ...modules('inspector')]) {
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
